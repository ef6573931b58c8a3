/**
 * One customer's data deleted on request (정정·삭제 요청, 동의 철회): the customer with the phone
 * number and everything on them — registrations, memos, calls, bookings (a booked place is given
 * back) — the rows of its messages' log and any copy still waiting in the lead outbox, for good
 * (../customers/customer-erasure.ts does the tables in one transaction with the audit record). The
 * console (관리자, with a 사유) and `npm run leads -- delete --phone …` use this one function. The
 * audit record names the customer masked and counts the registrations; it never holds the number.
 */
import type { SalesDatabase } from '../database/index';
import { eraseCustomerRows, withdrawMarketingRows } from '../customers/customer-erasure';
import { stripFormatCharacters } from '../free-text';
import { MOBILE_DIGITS } from '../../shared/phone-format';

export type CustomerErasureStores = {
  sales: SalesDatabase;
  /** The messages' log: its rows of the deleted registrations go too. */
  messages: { forget(leadIds: string[]): Promise<number> };
  /** The lead outbox: entries with the number go too. */
  outbox: { forgetPhone(phone: string): Promise<number> };
};

export type ErasureActor = { email: string; role: string; ip: string };

export type ErasureResult =
  { ok: true; deleted: number; maskedName: string } | { ok: false; error: 'forbidden' | 'invalidPhone' | 'reasonRequired' | 'reasonTooLong' | 'notFound' };

export const ERASURE_REASON_MAX = 200;

export async function eraseCustomer(stores: CustomerErasureStores, request: { phone: string; reason: string }, actor: ErasureActor): Promise<ErasureResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const phone = request.phone.replace(/[\s-]/g, '');
  if (!MOBILE_DIGITS.test(phone)) return { ok: false, error: 'invalidPhone' };
  // Control and invisible characters, and line breaks, read as one space in the record.
  const reason = stripFormatCharacters(request.reason)
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
  if (!reason) return { ok: false, error: 'reasonRequired' };
  if ([...reason].length > ERASURE_REASON_MAX) return { ok: false, error: 'reasonTooLong' };
  const waiting = await stores.outbox.forgetPhone(phone);
  const erased = await eraseCustomerRows(stores.sales, phone, reason, actor, Date.now(), waiting);
  if (!erased) return { ok: false, error: 'notFound' };
  await stores.messages.forget(erased.registrationIds);
  return { ok: true, deleted: erased.registrationIds.length + waiting, maskedName: erased.maskedName };
}

/**
 * The customer a console page is about: `/console/leads/:id` names a customer, or one of its
 * registrations (an older link, an audit record's target).
 */
async function customerOf(sales: SalesDatabase, id: string): Promise<{ id: string; phone: string } | null> {
  const ofRegistration = sales.db.selectFrom('registrations').select('customer_id').where('registrations.id', '=', id);
  const row = await sales.db
    .selectFrom('customers')
    .select(['id', 'phone'])
    .where((eb) => eb.or([eb('id', '=', id), eb('id', 'in', ofRegistration)]))
    .executeTakeFirst();
  return row ?? null;
}

/** The customer of the console page `id` (a customer or a registration id). */
export async function eraseCustomerOfLead(
  stores: CustomerErasureStores,
  request: { leadId: string; reason: string },
  actor: ErasureActor,
): Promise<ErasureResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const customer = await customerOf(stores.sales, request.leadId);
  if (!customer) return { ok: false, error: 'notFound' };
  return eraseCustomer(stores, { phone: customer.phone, reason: request.reason }, actor);
}

export type WithdrawalResult = { ok: true; withdrawn: boolean; maskedName: string } | { ok: false; error: 'forbidden' | 'notFound' };

/**
 * The customer of the console page `id` withdraws the marketing consent: the list's 마케팅 수신
 * 동의 filter and the export — what marketing sends are made from — leave them out from then on.
 * Recorded with the masked name.
 */
export async function withdrawMarketingOfLead(
  stores: Pick<CustomerErasureStores, 'sales'>,
  leadId: string,
  actor: ErasureActor,
  now = Date.now(),
): Promise<WithdrawalResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const customer = await customerOf(stores.sales, leadId);
  const result = customer ? await withdrawMarketingRows(stores.sales, customer.id, actor, now) : null;
  return result ? { ok: true, ...result } : { ok: false, error: 'notFound' };
}
