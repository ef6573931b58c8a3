/**
 * Writing a lead to the leads source (never the content one). Same code on both backends:
 * the lead is created with `createIfNotExists` under an id derived from the form's idempotency
 * key, and a visit slot is booked in the same transaction through `takeSlotPlace` (optimistic
 * locking on the slot, retried on conflict), so two visitors can never overbook it.
 */
import { createHash } from 'node:crypto';
import { leadExistsQuery } from '../../sanity/queries';
import type { Lead } from '../../sanity/sanity.types';
import type { ContentSource } from '../content/types';
import { slotFields, takeSlotPlace, visitAtOf } from '../visit-slot-place';
import type { LeadNotification } from './notifier';

/**
 * A lead as the server writes it, before the slot is resolved: the generated `Lead` type without
 * the fields the store sets (revision, timestamps, slot), with what every lead has made required.
 * Privacy and age consent are always given: a lead without them is refused before it is stored.
 */
export type LeadDocument = Pick<Lead, '_id' | '_type' | 'message' | 'sourcePage' | 'landingPage' | 'utm' | 'assignee'> &
  Required<Pick<Lead, 'name' | 'phone' | 'createdAt' | 'formKind'>> & {
    consent: Required<NonNullable<Lead['consent']>> & { privacy: true; ageOver14: true };
  };

export type SaveOutcome =
  /** `visitAt`: the booked visit, or the one asked for when its slot was unavailable. */
  | { status: 'created'; id: string; visitAt?: string }
  | { status: 'duplicate'; id: string }
  | { status: 'slotFull' | 'slotMissing' }
  /** Every attempt lost the race for the slot: the caller keeps the lead for later. */
  | { status: 'contended' };

/** What to do when the chosen slot is full or gone. A visitor is told; a delayed lead is kept. */
export type SlotPolicy = 'refuse' | 'keepUnbooked';

/** One form token, one lead: its retries land on the same id, and any other lead is refused. */
export function leadIdFor(idempotencyKey: string): string {
  return `lead-${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 32)}`;
}

export async function saveLead(
  leads: ContentSource,
  lead: LeadDocument,
  visitSlotId: string | null,
  slotPolicy: SlotPolicy,
  /** YYYY-MM-DD: a slot dated earlier is over and counts as gone (a visitor cannot book the past). */
  bookableFrom = '',
): Promise<SaveOutcome> {
  if (!visitSlotId) return createLead(leads, lead);
  const taken = await takeSlotPlace(leads, visitSlotId, bookableFrom, async (slot) => {
    if (await leads.fetch(leadExistsQuery, { id: lead._id })) return { stop: 'duplicate' as const };
    return { mutations: [{ createIfNotExists: { ...lead, ...slotFields(visitSlotId, visitAtOf(slot), 'booked') } }] };
  });
  switch (taken.status) {
    case 'taken':
      return { status: 'created', id: lead._id, visitAt: visitAtOf(taken.slot) };
    case 'stopped':
      return { status: 'duplicate', id: lead._id };
    case 'contended':
      return taken;
    default: {
      if (await leads.fetch(leadExistsQuery, { id: lead._id })) return { status: 'duplicate', id: lead._id };
      if (slotPolicy === 'refuse') return { status: taken.status };
      const visitAt = taken.slot ? visitAtOf(taken.slot) : undefined;
      return createLead(leads, { ...lead, ...slotFields(visitSlotId, visitAt, 'unavailable') }, visitAt);
    }
  }
}

async function createLead(leads: ContentSource, lead: LeadDocument, visitAt?: string): Promise<SaveOutcome> {
  const { results } = await leads.mutate([{ createIfNotExists: lead }]);
  if (results[0]?.operation !== 'create') return { status: 'duplicate', id: lead._id };
  return visitAt ? { status: 'created', id: lead._id, visitAt } : { status: 'created', id: lead._id };
}

/** What the staff notification of a new lead carries: the lead and the visit it was saved with. */
export function notificationOf(lead: LeadDocument, saved: Extract<SaveOutcome, { status: 'created' }>): LeadNotification {
  const { _id, name, phone, message, createdAt, sourcePage, formKind, assignee } = lead;
  return { _id, name, phone, message, createdAt, sourcePage, formKind, visitAt: saved.visitAt, ...(assignee ? { assignee } : {}) };
}
