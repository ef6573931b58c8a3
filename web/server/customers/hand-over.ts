/**
 * A hand-over: every customer of a leaving colleague to another 담당자 (or 미배정) at once, as a few
 * statements over all of them rather than one piece of work per customer, so a 상담사 with
 * thousands of customers is handed over in one short transaction.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { leadChangeDetail } from '../../shared/audit-readable';
import { mayManageLeads } from '../../shared/staff-roles';
import type { SalesDatabase } from '../database/index';
import { recordAudit, staffLabel } from './audit-record';
import { refreshAwaitingCall } from './customer-facts';
import type { CustomerActor } from './customer-work';
import type { Assignee } from './registration-types';

/** Customers named per statement when a hand-over refreshes them (bound parameters are limited). */
const HANDED_OVER_PER_STATEMENT = 500;

/**
 * Every customer of `fromEmail` (a leaving colleague's) to `to` or 미배정 in one transaction,
 * with one assignment and one `leadChange` record per customer and one `leadHandOver` record
 * naming the count: a manager's act. Returns how many.
 */
export async function handOverCustomers(
  sales: SalesDatabase,
  fromEmail: string,
  to: Assignee | null,
  actor: CustomerActor,
  now: () => number,
): Promise<number> {
  if (!mayManageLeads(actor.role) || fromEmail === (to?.email ?? null)) return 0;
  const at = new Date(now()).toISOString();
  return sales.db.transaction().execute(async (trx) => {
    const customers = await trx.selectFrom('customers').select(['id', 'assignee_name']).where('assignee_email', '=', fromEmail).execute();
    if (customers.length === 0) return 0;
    const from = staffLabel({ email: fromEmail, name: customers[0].assignee_name });
    await sql`
      INSERT INTO assignments (id, customer_id, at, assignee_email, assignee_name, by_email)
      SELECT customers.id || '-' || ${randomUUID()}, customers.id, ${at}, ${to?.email ?? null}, ${to?.name ?? null}, ${actor.email}
      FROM customers WHERE assignee_email = ${fromEmail}
    `.execute(trx);
    if (to) {
      // Each customer's 담당자 message, keyed as messageKey('staffNewLead', id, versionQualifier(version + 1)) is.
      const queuedAt = now();
      await sql`
        INSERT INTO lead_messages (key, lead_id, event, recipient, next_attempt_at, created_at, updated_at)
        SELECT ${'staffNewLead:'} || customers.id || ${':v'} || CAST(customers.version + 1 AS TEXT), customers.id, ${'staffNewLead'}, ${to.email}, ${queuedAt}, ${queuedAt}, ${queuedAt}
        FROM customers WHERE assignee_email = ${fromEmail}
        ON CONFLICT (key) DO NOTHING
      `.execute(trx);
    }
    const detail = leadChangeDetail({ status: 'new', assigneeName: from }, { assigneeName: to ? staffLabel(to) : null });
    await sql`
      INSERT INTO audit_events (${sql.join([...(sales.dialect === 'sqlite' ? [sql.ref('at')] : []), sql.ref('actor'), sql.ref('action'), sql.ref('ip'), sql.ref('target'), sql.ref('detail')])})
      SELECT ${sql.join([...(sales.dialect === 'sqlite' ? [sql`${at}`] : []), sql`${actor.email}`, sql`${'leadChange'}`, sql`${actor.ip}`, sql.ref('id'), sql`${detail}`])}
      FROM customers WHERE assignee_email = ${fromEmail}
    `.execute(trx);
    // And one record of the whole, naming the count: what the 팀장's morning reads back.
    const summary = `${from} → ${to ? staffLabel(to) : '미배정'}: 고객 ${customers.length}명`;
    await recordAudit(trx, sales.dialect, { actor: actor.email, action: 'leadHandOver', ip: actor.ip, target: fromEmail, detail: summary }, now());
    await trx
      .updateTable('customers')
      .set({ assignee_email: to?.email ?? null, assignee_name: to?.name ?? null, version: sql`version + 1`, updated_at: at })
      .where('assignee_email', '=', fromEmail)
      .execute();
    // Given to nobody, nobody has a call to make; given to `to`, each waits for their call.
    const ids = customers.map((customer) => customer.id);
    for (let start = 0; start < ids.length; start += HANDED_OVER_PER_STATEMENT) {
      const some = ids.slice(start, start + HANDED_OVER_PER_STATEMENT);
      await refreshAwaitingCall(trx, (eb) => eb('customers.id', 'in', some));
    }
    return customers.length;
  });
}
