/**
 * One piece of the sales team's work on a customer (./customer-work.ts), in one transaction: the
 * customer is read (locked on PostgreSQL by the version bump), refused when the actor may not open
 * it or the version they saw is stale, the work writes, and with it go the row of a status it
 * changed, the customer's tallies, its new version, the messages it causes and its audit record.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AuditAction } from '../../shared/audit-actions';
import type { LeadStatus } from '../../shared/lead-status';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import { messageKey, queueMessages } from '../messages/message-log';
import { recordAudit } from './audit-record';
import { retallyCustomer } from './customer-tallies';
import type { CustomerActor, WorkRefusal, WorkResult } from './customer-work';
import { mayOpen } from './customer-permissions';
import { queueVisitMessage, type VisitMessageEvent } from './visit-messages';

/** The customer as the work found it, before it wrote. */
export type WorkedCustomer = { id: string; status: LeadStatus; assignee_email: string | null; assignee_name: string | null; version: number };

/** What a piece of work did: its audit record, and the 담당자's and the customer's messages it causes. */
export type Done = {
  action: AuditAction;
  detail: string | null;
  keepsVersion?: boolean;
  tellStaff?: { event: 'staffNewLead' | 'staffBooking'; email: string };
  tellCustomer?: { event: VisitMessageEvent; bookingId: string };
};

/** The writes of a piece of work, given the customer as it found it. */
export type WorkPlan = (trx: Transaction<SalesTables>, customer: WorkedCustomer) => Promise<Done>;

/** Whether someone who may not open the customer may still do this work to it. */
export type MayAct = (trx: Transaction<SalesTables>) => Promise<boolean>;

/** The qualifier of a staff message caused by a change: the customer's version after it (a repeat of the change sends nothing more). */
function versionQualifier(version: number): string {
  return `v${version}`;
}

/** Ends a transaction with nothing written, answering `error`. */
export class Refused extends Error {
  constructor(readonly error: WorkRefusal) {
    super(error);
  }
}

/**
 * Runs `plan` on the customer in one transaction with everything that goes with it. `version`
 * null: no check (a memo). `mayAct`: who besides those who may open it may act (the desk on
 * today's sheet).
 */
export async function runCustomerWork(
  sales: SalesDatabase,
  now: () => number,
  customerId: string,
  version: number | null,
  actor: CustomerActor,
  plan: WorkPlan,
  mayAct?: MayAct,
): Promise<WorkResult> {
  if (version !== null && !Number.isInteger(version)) return { ok: false, error: 'invalid' };
  const iso = () => new Date(now()).toISOString();
  try {
    return await sales.db.transaction().execute(async (trx) => {
      // Takes the row's lock first (PostgreSQL): two changes of one customer go one after the other.
      const locked = await trx
        .updateTable('customers')
        .set({ updated_at: iso() })
        .where('id', '=', customerId)
        .returning(['id', 'status', 'assignee_email', 'assignee_name', 'version'])
        .executeTakeFirst();
      if (!locked) throw new Refused('notFound');
      const customer = { ...locked, status: locked.status as LeadStatus };
      if (!mayOpen(customer, actor) && !(mayAct && (await mayAct(trx)))) throw new Refused('notYours');
      if (version !== null && customer.version !== version) throw new Refused('conflict');
      const { action, detail, keepsVersion, tellStaff, tellCustomer } = await plan(trx, customer);
      await recordStatusChange(trx, customer, actor, iso);
      await retallyCustomer(trx, sales.dialect, customerId);
      const next = keepsVersion ? customer.version : customer.version + 1;
      if (!keepsVersion) await trx.updateTable('customers').set({ version: next }).where('id', '=', customerId).execute();
      if (tellStaff) {
        const { event, email } = tellStaff;
        await queueMessages(trx, [{ key: messageKey(event, customerId, versionQualifier(next)), leadId: customerId, event, recipient: email }], now());
      }
      if (tellCustomer) await queueVisitMessage(trx, customerId, tellCustomer.event, tellCustomer.bookingId, now());
      await recordAudit(trx, sales.dialect, { actor: actor.email, action, ip: actor.ip, target: customerId, detail }, now());
      return { ok: true as const, version: next };
    });
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.error };
    throw error;
  }
}

/** A status the work changed, with the 담당자 the customer has after it: what 상담사별 실적 counts 계약 by. */
async function recordStatusChange(trx: Transaction<SalesTables>, before: WorkedCustomer, actor: CustomerActor, iso: () => string): Promise<void> {
  const after = await trx.selectFrom('customers').select(['status', 'assignee_email']).where('id', '=', before.id).executeTakeFirstOrThrow();
  if (after.status === before.status) return;
  await trx
    .insertInto('status_changes')
    .values({ id: randomUUID(), customer_id: before.id, at: iso(), status: after.status, assignee_email: after.assignee_email, by_email: actor.email })
    .execute();
}
