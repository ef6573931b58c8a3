/**
 * Which customer a console id names and who may open it: a page's id is a customer id or the id
 * of one of its registrations (an old `lead-…` link, an audit record's target); a 상담사 opens
 * their own customers and unassigned ones, unless marketing's assignment settings (`leadSettings`)
 * open all.
 */
import { LRUCache } from 'lru-cache';
import { leadAssignmentSettingsQuery } from '../../sanity/queries';
import { mayManageLeads } from '../../shared/staff-roles';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { customerIdOfRegistration } from '../customers/customer-detail';
import type { CustomerActor } from '../customers/customer-work';
import type { StaffActor } from './types';

export class CustomerAccess {
  /** Which customer an id stands for: a registration never moves to another customer. */
  private readonly customerIds = new LRUCache<string, string>({ max: 10_000 });

  constructor(
    private readonly sales: SalesDatabase,
    private readonly content: ContentSource,
  ) {}

  /** The customer `id` names: its own id, or one of its registrations'. */
  async customerIdOf(id: string): Promise<string | null> {
    if (typeof id !== 'string' || !id) return null;
    const known = this.customerIds.get(id);
    if (known) return known;
    const own = await this.sales.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
    const customerId = own?.id ?? (await customerIdOfRegistration(this.sales, id));
    if (customerId) this.customerIds.set(id, customerId);
    return customerId;
  }

  async customerOf(id: string) {
    const customerId = await this.customerIdOf(id);
    if (!customerId) return null;
    return (
      (await this.sales.db
        .selectFrom('customers')
        .select(['id', 'phone', 'assignee_email as assigneeEmail', 'version'])
        .where('id', '=', customerId)
        .executeTakeFirst()) ?? null
    );
  }

  /** Whose view `actor`'s lists are limited to: a 상담사 sees their own customers and unassigned ones, unless the settings open all. */
  async visibleTo(actor: StaffActor): Promise<string | null> {
    if (mayManageLeads(actor.role) || (await this.assignmentSettings()).salesSeeAllLeads) return null;
    return actor.email;
  }

  /** `actor` with what the assignment settings let them do (whose customers they open, whether they take a colleague's). */
  async actorOf(actor: StaffActor): Promise<CustomerActor> {
    const settings = await this.assignmentSettings();
    const visibleTo = mayManageLeads(actor.role) || settings.salesSeeAllLeads ? null : actor.email;
    return {
      email: actor.email,
      name: actor.name,
      role: actor.role,
      ip: actor.ip,
      visibleTo,
      takesColleagues: settings.salesTakeColleagueLeads === true,
    };
  }

  async mayOpen(customer: { assigneeEmail: string | null }, actor: StaffActor): Promise<boolean> {
    const visibleTo = await this.visibleTo(actor);
    return visibleTo === null || !customer.assigneeEmail || customer.assigneeEmail === visibleTo;
  }

  private async assignmentSettings() {
    return (await this.content.fetch(leadAssignmentSettingsQuery)) ?? { salesSeeAllLeads: false, salesTakeColleagueLeads: false };
  }
}
