/**
 * Who a customer is assigned to, as the console changes it: a bulk assignment of chosen rows, a
 * hand-over of a colleague's customers, the automatic assignment's settings and 균등 배분. Every
 * change goes through CustomerWork or ../customers/team-assignment.ts, each with its audit record.
 */
import { mayHandOver, mayManageLeads } from '../../shared/staff-roles';
import type { StaffDirectory } from '../auth/staff-accounts';
import type { SalesDatabase } from '../database/index';
import { CustomerWork, type WorkResult } from '../customers/customer-work';
import { assignmentSettingsOf, distributeEvenly, saveAssignmentSettings } from '../customers/team-assignment';
import type { CustomerAccess } from './customer-access';
import { MAX_PAGE_SIZE } from '../customers/lead-query';
import { assignmentParticipants } from './round-robin';
import type { LeadAssignResult, LeadDistributeResult, StaffActor, TeamAssignment } from './types';

/** Tries of one customer in a bulk assignment when a change lands in between (a status, a call). */
const ASSIGN_ATTEMPTS = 3;
const NOT_FOUND_WORK: WorkResult = { ok: false, error: 'notFound' };

export type LeadAssignmentsOptions = {
  sales: SalesDatabase;
  /** Who a customer may be assigned to. */
  staff: StaffDirectory;
  /** The customer a row's id stands for, and what the assignment settings let an actor do. */
  access: Pick<CustomerAccess, 'customerIdOf' | 'actorOf'>;
  now?: () => number;
};

/** The 담당자 work of the console; each method is described on LeadConsole (./types.ts). */
export class LeadAssignments {
  private readonly work: CustomerWork;

  constructor(private readonly options: LeadAssignmentsOptions) {
    this.work = new CustomerWork(options.sales, { now: options.now ?? Date.now });
  }

  async assign(ids: string[], assigneeEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    const assignee = ids.length > MAX_PAGE_SIZE ? 'unknown' : await staffAssignee(this.options.staff, assigneeEmail, actor);
    if (assignee === 'unknown') return { ok: false, error: 'invalid' };
    const by = await this.options.access.actorOf(actor);
    const outcome = { ok: true as const, assigned: 0, refused: 0 };
    // A row stands for a customer (a registration's id for its customer): each is assigned once.
    const customerIds = new Set<string | null>();
    for (const id of ids) customerIds.add(await this.options.access.customerIdOf(id));
    for (const customerId of customerIds) {
      let result: WorkResult = NOT_FOUND_WORK;
      // A customer changed meanwhile (a status, a call) is assigned as it is now: the bulk change is about the 담당자 alone.
      for (let attempt = 0; customerId && attempt < ASSIGN_ATTEMPTS && (attempt === 0 || (!result.ok && result.error === 'conflict')); attempt += 1) {
        const current = await this.options.sales.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirst();
        result = current ? await this.work.change(customerId, { version: current.version, assignee }, by) : NOT_FOUND_WORK;
      }
      if (result.ok) outcome.assigned += 1;
      else outcome.refused += 1;
    }
    return outcome;
  }

  async handOver(fromEmail: string, toEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    if (!mayManageLeads(actor.role) || fromEmail === toEmail) return { ok: false, error: 'invalid' };
    const to = await staffAssignee(this.options.staff, toEmail, actor);
    if (to === 'unknown') return { ok: false, error: 'invalid' };
    const accounts = await this.options.staff.list();
    const roleOf = (email: string) => (email === actor.email ? actor.role : accounts.find((account) => account.email === email)?.role);
    const fromRole = roleOf(fromEmail);
    const toRole = to ? roleOf(to.email) : null;
    // An email no account has (the environment's admin is none) is handed over by the admin alone.
    if (toRole === undefined || !mayHandOver(actor.role, fromRole ?? 'admin', toRole)) return { ok: false, error: 'forbidden' };
    const assigned = await this.work.handOver(fromEmail, to, await this.options.access.actorOf(actor));
    return { ok: true, assigned, refused: 0 };
  }

  async teamAssignment(actor: StaffActor): Promise<TeamAssignment | null> {
    if (!mayManageLeads(actor.role)) return null;
    const settings = await assignmentSettingsOf(this.options.sales);
    const optedOut = new Set(settings.optedOut);
    const sales = (await this.options.staff.list())
      .filter((account) => account.role === 'sales' && !account.disabled)
      .sort((a, b) => (a.email < b.email ? -1 : 1));
    return { roundRobin: settings.roundRobin, sales: sales.map(({ email, name }) => ({ email, name, takingPart: !optedOut.has(email) })) };
  }

  async saveTeamAssignment(input: { roundRobin: boolean; takingPart: string[] }, actor: StaffActor): Promise<boolean> {
    const team = await this.teamAssignment(actor);
    if (!team || input.takingPart.some((email) => !team.sales.some((account) => account.email === email))) return false;
    const takingPart = new Set(input.takingPart);
    const optedOut = team.sales.filter((account) => !takingPart.has(account.email)).map((account) => account.email);
    await saveAssignmentSettings(this.options.sales, { roundRobin: input.roundRobin, optedOut }, actor);
    return true;
  }

  async distributeEvenly(target: { ids: string[] } | 'unassigned', actor: StaffActor): Promise<LeadDistributeResult> {
    if (!mayManageLeads(actor.role) || (target !== 'unassigned' && (target.ids.length === 0 || target.ids.length > MAX_PAGE_SIZE)))
      return { ok: false, error: 'invalid' };
    const participants = await assignmentParticipants(this.options.sales, this.options.staff);
    if (participants.length === 0) return { ok: false, error: 'nobodyTakingPart' };
    const customerIds: string[] = [];
    if (target !== 'unassigned') {
      for (const id of target.ids) {
        const customerId = await this.options.access.customerIdOf(id);
        if (customerId && !customerIds.includes(customerId)) customerIds.push(customerId);
      }
    }
    const result = await distributeEvenly(this.options.sales, target === 'unassigned' ? 'unassigned' : { customerIds }, participants, actor);
    return { ok: true, ...result };
  }
}

/** The staff member named by `email` (null: nobody); 'unknown' for an email of no active account. */
export async function staffAssignee(
  staff: StaffDirectory,
  email: string | null,
  actor: StaffActor,
): Promise<{ email: string; name: string } | null | 'unknown'> {
  if (email === null || email === '') return null;
  if (email === actor.email) return { email: actor.email, name: actor.name };
  const account = (await staff.list()).find((account) => account.email === email && !account.disabled);
  return account ? { email: account.email, name: account.name } : 'unknown';
}
