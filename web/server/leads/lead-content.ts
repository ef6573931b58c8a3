/**
 * What makes a post the lead already stored: a form's token names its lead, and a retry under the
 * same id (a double click, a reload, a post after a restart) is that lead only when it holds the
 * same; anything else on a used token is refused.
 */
import type { LeadCheck, ValidLead } from '../../shared/lead-validation';
import type { OutboxEntry } from './outbox';

type LeadContent = {
  name: string | null;
  phone: string | null;
  message?: string | null;
  formKind: string | null;
  visitSlotId: string | null;
  marketing: boolean | null;
};

/**
 * One lead per submission from a shared token: the key joins the token's with what the form
 * holds, so a resubmission (a double click, a reload of the answer) lands on the same lead and
 * another visitor's lead on another. Its fill time counts from the page's render, so for these
 * posts the honeypot and the per-address and per-phone limits are what stop a script.
 */
export function sharedTokenKey(idempotencyKey: string, check: LeadCheck): string {
  return check.ok ? `${idempotencyKey}:${contentOf(check.lead)}` : idempotencyKey;
}

/** What a lead holds, as one string: a retry is the lead stored under its id only when this is the same. */
export function contentOf(lead: LeadContent | ValidLead): string {
  const marketing = 'consent' in lead ? lead.consent.marketing : lead.marketing;
  return JSON.stringify([lead.name, lead.phone, lead.message || '', lead.formKind, lead.visitSlotId ?? null, marketing === true]);
}

/** contentOf a lead waiting in the outbox. */
export function contentOfEntry({ lead, visitSlotId }: OutboxEntry): string {
  return contentOf({ ...lead, visitSlotId, marketing: lead.consent.marketing });
}
