/**
 * A lead as the site's forms (and the outbox, for one kept while the database was away) hand it to
 * the customer tables: one registration of the customer with its phone.
 */
import { createHash } from 'node:crypto';
import type { ConsoleFormKind } from '../../shared/lead-form-kinds';
import type { UtmKey } from '../../shared/utm';
import { register } from '../customers/registration';
import type { SalesDatabase } from '../database/index';
import type { LeadNotification } from '../messages/lead-notification';

/**
 * A lead as the server takes it from a form, before the slot is resolved (and as the outbox keeps
 * one while the database is away, so the shape of older releases' entries). Privacy and age consent
 * are always given: a lead without them is refused before it is stored.
 */
export type LeadDocument = {
  _id: string;
  _type: 'lead';
  name: string;
  phone: string;
  createdAt: string;
  formKind: ConsoleFormKind;
  message?: string;
  sourcePage?: string;
  landingPage?: string;
  utm?: Partial<Record<UtmKey, string>>;
  assignee?: { email?: string; name?: string };
  consent: { privacy: true; ageOver14: true; marketing: boolean; noticeVersion: string; agreedAt: string };
};

export type SaveOutcome =
  /** `visitAt`: the booked visit, or the one asked for when its slot was unavailable. */
  | { status: 'created'; id: string; visitAt?: string; returning: boolean; assignee: { email: string; name: string } | null }
  | { status: 'duplicate'; id: string }
  | { status: 'slotFull' | 'slotMissing' };

/** What to do when the chosen slot is full or gone. A visitor is told; a delayed lead is kept. */
export type SlotPolicy = 'refuse' | 'keepUnbooked';

/** One form token, one lead: its retries land on the same id, and any other lead is refused. */
export function leadIdFor(idempotencyKey: string): string {
  return `lead-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
}

/**
 * Stores the lead as a registration of its customer (./customers/registration.ts), booking
 * `visitSlotId` in the same transaction, with the messages it causes.
 * `today` (YYYY-MM-DD): a slot dated earlier is over and counts as gone (a visitor cannot book the past).
 */
export async function saveLead(
  sales: SalesDatabase,
  lead: LeadDocument,
  visitSlotId: string | null,
  slotPolicy: SlotPolicy,
  today: string,
): Promise<SaveOutcome> {
  const { consent, assignee } = lead;
  const outcome = await register(
    sales,
    {
      id: lead._id,
      name: lead.name,
      phone: lead.phone,
      createdAt: lead.createdAt,
      formKind: lead.formKind,
      ...(lead.message ? { message: lead.message } : {}),
      ...(lead.sourcePage ? { sourcePage: lead.sourcePage } : {}),
      ...(lead.landingPage ? { landingPage: lead.landingPage } : {}),
      ...(lead.utm ? { utm: lead.utm } : {}),
      consent: { marketing: consent.marketing === true, noticeVersion: consent.noticeVersion, agreedAt: consent.agreedAt },
    },
    {
      assignee: assignee?.email ? { email: assignee.email, name: assignee.name ?? assignee.email } : null,
      today,
      queueMessages: true,
      ...(visitSlotId
        ? { visit: { slotId: visitSlotId, bookableFrom: today, whenUnavailable: slotPolicy === 'refuse' ? 'refuse' : 'keepUnbooked', kind: 'site', by: null } }
        : {}),
    },
  );
  switch (outcome.status) {
    case 'created': {
      const visitAt = outcome.visit && outcome.visit.status !== 'alreadyBooked' ? outcome.visit.visitAt : undefined;
      return { status: 'created', id: lead._id, returning: outcome.returning, assignee: outcome.assignee, ...(visitAt ? { visitAt } : {}) };
    }
    case 'duplicate':
      return { status: 'duplicate', id: lead._id };
    default:
      return outcome;
  }
}

/** What the staff notification of a new lead carries: the lead and the visit it was saved with. */
export function notificationOf(lead: LeadDocument, saved: Extract<SaveOutcome, { status: 'created' }>): LeadNotification {
  const { _id, name, phone, message, createdAt, sourcePage, formKind } = lead;
  return {
    _id,
    name,
    phone,
    message,
    createdAt,
    sourcePage,
    formKind,
    visitAt: saved.visitAt,
    returning: saved.returning,
    ...(saved.assignee ? { assignee: saved.assignee } : {}),
  };
}
