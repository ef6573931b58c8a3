/**
 * A customer's rows deleted for good (정정·삭제 요청), and a marketing consent withdrawn, over the
 * customer tables: one transaction each with its audit record. Deleting the customer deletes its
 * registrations, bookings, calls, memos and assignments with it (foreign keys, cascading); the
 * place of a coming visit goes back to its slot first.
 */
import { sql } from 'kysely';
import { maskName } from '../../shared/audit-readable';
import type { SalesDatabase } from '../database/index';
import { recordAudit } from './audit-record';
import { untallyCustomer } from './registration-tallies';
import { untallyCustomerSteps } from './customer-tallies';
import { comingVisit, givePlaceBack } from './visit-place';
import { seoulDay } from '../../shared/seoul-time';

type Actor = { email: string; ip: string };

/**
 * Deletes the customer with `phone`, recording `customerDelete` with the masked name, the number
 * of registrations (with `waitingDeleted`, copies of theirs the caller took out of the lead outbox)
 * and `reason` (never the number). Null when there was nothing of theirs; else the registrations'
 * ids (their rows in the messages' log go too) and the masked name.
 */
export async function eraseCustomerRows(
  sales: SalesDatabase,
  phone: string,
  reason: string,
  actor: Actor,
  now = Date.now(),
  waitingDeleted = 0,
): Promise<{ registrationIds: string[]; maskedName: string } | null> {
  const erased = await sales.db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select(['id', 'name']).where('phone', '=', phone).executeTakeFirst();
    if (!customer && waitingDeleted === 0) return null;
    const registrationIds = customer
      ? (await trx.selectFrom('registrations').select('id').where('customer_id', '=', customer.id).execute()).map((row) => row.id)
      : [];
    if (customer) {
      const coming = await comingVisit(trx, customer.id, seoulDay(now));
      if (coming?.slotId) await givePlaceBack(trx, coming.slotId);
      await untallyCustomer(trx, customer.id);
      await untallyCustomerSteps(trx, sales.dialect, customer.id);
      await trx.deleteFrom('customers').where('id', '=', customer.id).execute();
    }
    const maskedName = maskName(customer?.name ?? '');
    const count = registrationIds.length + waitingDeleted;
    await recordAudit(
      trx,
      sales.dialect,
      { actor: actor.email, action: 'customerDelete', ip: actor.ip, target: maskedName, detail: `등록 ${count}건 삭제, 사유: ${reason}` },
      now,
    );
    return { registrationIds, maskedName };
  });
  if (erased) await forgetDeletedPages(sales);
  return erased;
}

/**
 * The customer withdraws the marketing consent: from now on the list's 마케팅 수신 동의 filter and
 * the export leave them out. Recorded (`consentWithdraw`) with the masked name. Null: no such customer.
 */
export async function withdrawMarketingRows(
  sales: SalesDatabase,
  customerId: string,
  actor: Actor,
  now = Date.now(),
): Promise<{ withdrawn: boolean; maskedName: string } | null> {
  return sales.db.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('customers').select(['name', 'marketing_consent']).where('id', '=', customerId).executeTakeFirst();
    if (!customer) return null;
    const withdrawn = customer.marketing_consent === 1;
    if (withdrawn)
      await trx
        .updateTable('customers')
        .set({ marketing_consent: 0, updated_at: new Date(now).toISOString() })
        .where('id', '=', customerId)
        .execute();
    const maskedName = maskName(customer.name);
    await recordAudit(
      trx,
      sales.dialect,
      { actor: actor.email, action: 'consentWithdraw', ip: actor.ip, target: maskedName, detail: `마케팅 수신 동의 철회 ${withdrawn ? 1 : 0}건` },
      now,
    );
    return { withdrawn, maskedName };
  });
}

/**
 * The retention period counts from a customer's latest registration: a customer who has not
 * registered since `before` is deleted with every registration and everything on them (a coming
 * visit's place given back), recorded as `purge` when anything went. Returns the registrations' ids.
 */
export async function purgeExpiredCustomers(sales: SalesDatabase, before: string, retentionDays: number, now = Date.now()): Promise<string[]> {
  const purged = await sales.db.transaction().execute(async (trx) => {
    const expired = trx.selectFrom('customers').select('id').where('last_registered_at', '<', before);
    const registrationIds = (await trx.selectFrom('registrations').select('id').where('customer_id', 'in', expired).execute()).map((row) => row.id);
    if (registrationIds.length === 0) return registrationIds;
    const comingPlaces = trx.selectFrom('bookings').where('status', '=', 'booked').where('customer_id', 'in', expired).where('visit_at', '>=', seoulDay(now));
    await trx
      .updateTable('visit_slots')
      .set({
        booked: sql`booked - ${comingPlaces.select(({ fn }) => fn.countAll<number>().as('places')).where('bookings.slot_id', '=', sql<string>`visit_slots.id`)}`,
      })
      .where('id', 'in', comingPlaces.select('slot_id'))
      .execute();
    for (const { id } of await expired.execute()) {
      await untallyCustomer(trx, id);
      await untallyCustomerSteps(trx, sales.dialect, id);
    }
    await trx.deleteFrom('customers').where('id', 'in', expired).execute();
    await recordAudit(
      trx,
      sales.dialect,
      { actor: 'system', action: 'purge', ip: 'local', target: 'lead', detail: `${registrationIds.length}건, ${before} 이전 (보관 ${retentionDays}일)` },
      now,
    );
    return registrationIds;
  });
  if (purged.length > 0) await forgetDeletedPages(sales);
  return purged;
}

/**
 * SQLite keeps the earlier images of a changed page in its WAL until a checkpoint: deleted rows
 * stay readable there. TRUNCATE writes the pages into the file (where secure_delete has zeroed
 * them) and empties the WAL. PostgreSQL's rows go when the table is rewritten (npm run leads -- purge).
 */
async function forgetDeletedPages(sales: SalesDatabase): Promise<void> {
  if (sales.dialect === 'sqlite') await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(sales.db);
}
