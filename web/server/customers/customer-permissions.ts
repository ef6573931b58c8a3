/** Who may open a customer and who may give it to whom: the rules every piece of the sales team's work checks (./customer-work.ts). */
import { mayManageLeads } from '../../shared/staff-roles';
import type { CustomerActor } from './customer-work';
import type { Assignee } from './registration-types';

type Assigned = { assignee_email: string | null };

/** A 상담사 opens their own customers and nobody's; a manager, or anyone when the settings say so, every one. */
export function mayOpen(customer: Assigned, actor: CustomerActor): boolean {
  return actor.visibleTo === null || customer.assignee_email === null || customer.assignee_email === actor.visibleTo;
}

/**
 * A manager assigns any customer to anyone. A 상담사 assigns their own or nobody's; a colleague's
 * they may only take for themselves, and only when the settings allow it.
 */
export function mayReassign(customer: Assigned, to: Assignee | null, actor: CustomerActor): boolean {
  const from = customer.assignee_email;
  if (mayManageLeads(actor.role) || from === null || from === actor.email || from === (to?.email ?? null)) return true;
  return to?.email === actor.email && actor.takesColleagues;
}
