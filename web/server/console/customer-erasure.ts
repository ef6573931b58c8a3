/**
 * One customer's data deleted on request (정정·삭제 요청, 동의 철회): every registration with the
 * phone number — its memos, calls and booking are in it; a booked place is given back — the rows of
 * its messages' log and any copy still waiting in the lead outbox, for good. The console (관리자,
 * with a 사유) and `npm run leads -- delete --phone …` use this one function. The audit record names
 * the customer masked and counts the registrations; it never holds the number.
 */
import { maskName } from '../../shared/audit-readable';
import type { AuditTrail } from '../audit/trail';
import type { ContentSource, Mutation } from '../content/types';
import { stripFormatCharacters } from '../free-text';

export type CustomerErasureStores = {
  leads: ContentSource;
  audit: AuditTrail;
  /** The messages' log: its rows of the deleted leads go too. */
  messages: { forget(leadIds: string[]): Promise<number> };
  /** The lead outbox: entries with the number go too. */
  outbox: { forgetPhone(phone: string): Promise<number> };
};

export type ErasureActor = { email: string; role: string; ip: string };

export type ErasureResult =
  | { ok: true; deleted: number; maskedName: string }
  | { ok: false; error: 'forbidden' | 'invalidPhone' | 'reasonRequired' | 'reasonTooLong' | 'notFound' };

export const ERASURE_REASON_MAX = 200;

type ErasedLead = { _id: string; name?: string | null; visitSlot?: { _ref?: string } | null; visitSlotStatus?: string | null };

const CUSTOMER_LEADS_QUERY = '*[_type == "lead" && phone == $phone]{ _id, name, visitSlot, visitSlotStatus }';
const LEAD_PHONE_QUERY = '*[_type == "lead" && _id == $id][0].phone';
const SLOT_EXISTS_QUERY = 'count(*[_type == "visitSlot" && _id == $id])';
const MOBILE = /^01[016789]\d{7,8}$/;

export async function eraseCustomer(stores: CustomerErasureStores, request: { phone: string; reason: string }, actor: ErasureActor): Promise<ErasureResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const phone = request.phone.replace(/[\s-]/g, '');
  if (!MOBILE.test(phone)) return { ok: false, error: 'invalidPhone' };
  // Control and invisible characters, and line breaks, read as one space in the record.
  const reason = stripFormatCharacters(request.reason).replace(/[\s\p{Cc}]+/gu, ' ').trim();
  if (!reason) return { ok: false, error: 'reasonRequired' };
  if ([...reason].length > ERASURE_REASON_MAX) return { ok: false, error: 'reasonTooLong' };
  const leads = (await stores.leads.fetch(CUSTOMER_LEADS_QUERY, { phone })) as ErasedLead[];
  const waiting = await stores.outbox.forgetPhone(phone);
  if (leads.length === 0 && waiting === 0) return { ok: false, error: 'notFound' };
  const mutations: Mutation[] = leads.map((lead) => ({ delete: { id: lead._id } }));
  for (const lead of leads) {
    const slot = lead.visitSlotStatus === 'booked' ? lead.visitSlot?._ref : undefined;
    if (slot && (await stores.leads.fetch(SLOT_EXISTS_QUERY, { id: slot })) === 1) mutations.push({ patch: { id: slot, dec: { booked: 1 } } });
  }
  if (mutations.length > 0) await stores.leads.mutate(mutations);
  await stores.messages.forget(leads.map((lead) => lead._id));
  const maskedName = maskName(leads.find((lead) => lead.name)?.name ?? '');
  await stores.audit.record({
    actor: actor.email,
    action: 'customerDelete',
    ip: actor.ip,
    target: maskedName,
    detail: `등록 ${leads.length + waiting}건 삭제, 사유: ${reason}`,
  });
  return { ok: true, deleted: leads.length + waiting, maskedName };
}

/** The customer of lead `leadId` (every registration with its number), as the console's lead page asks. */
export async function eraseCustomerOfLead(stores: CustomerErasureStores, request: { leadId: string; reason: string }, actor: ErasureActor): Promise<ErasureResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const phone = (await stores.leads.fetch(LEAD_PHONE_QUERY, { id: request.leadId })) as string | null;
  if (!phone) return { ok: false, error: 'notFound' };
  return eraseCustomer(stores, { phone, reason: request.reason }, actor);
}

export type WithdrawalResult = { ok: true; withdrawn: number; maskedName: string } | { ok: false; error: 'forbidden' | 'notFound' };

const MARKETING_CONSENTS_QUERY = '*[_type == "lead" && phone == $phone]{ _id, name, "marketing": consent.marketing }';

/**
 * The customer of lead `leadId` withdraws the marketing consent: every registration with the
 * number loses it at once, so the list's 마케팅 수신 동의 filter and the export — what marketing sends
 * are made from — leave them out from then on. Recorded with the masked name and the count.
 */
export async function withdrawMarketingOfLead(stores: Pick<CustomerErasureStores, 'leads' | 'audit'>, leadId: string, actor: ErasureActor, now = Date.now()): Promise<WithdrawalResult> {
  if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
  const phone = (await stores.leads.fetch(LEAD_PHONE_QUERY, { id: leadId })) as string | null;
  if (!phone) return { ok: false, error: 'notFound' };
  const leads = (await stores.leads.fetch(MARKETING_CONSENTS_QUERY, { phone })) as Array<{ _id: string; name?: string | null; marketing?: boolean | null }>;
  const consenting = leads.filter((lead) => lead.marketing === true);
  const withdrawnAt = new Date(now).toISOString();
  if (consenting.length > 0) {
    await stores.leads.mutate(consenting.map((lead) => ({ patch: { id: lead._id, set: { 'consent.marketing': false, 'consent.marketingWithdrawnAt': withdrawnAt } } })));
  }
  const maskedName = maskName(leads.find((lead) => lead.name)?.name ?? '');
  await stores.audit.record({ actor: actor.email, action: 'consentWithdraw', ip: actor.ip, target: maskedName, detail: `마케팅 수신 동의 철회 ${consenting.length}건` });
  return { ok: true, withdrawn: consenting.length, maskedName };
}
