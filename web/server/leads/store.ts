/**
 * Writing a lead to the leads source (never the content one). Same code on both backends:
 * the lead is created with `createIfNotExists` under an id derived from the form's idempotency
 * key, and a visit slot is booked in the same transaction with optimistic locking (`ifRevisionID`
 * on the slot, retried on conflict), so two visitors can never overbook it.
 */
import { createHash } from 'node:crypto';
import {
  leadExistsQuery,
  visitSlotForBookingQuery,
} from '../../sanity/queries';
import type { Lead } from '../../sanity/sanity.types';
import { MutationError, type ContentSource, type Mutation } from '../content/types';
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

const MAX_BOOKING_ATTEMPTS = 40;
const MAX_BACKOFF_MS = 40;

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
  for (let attempt = 0; attempt < MAX_BOOKING_ATTEMPTS; attempt += 1) {
    if (await leads.fetch(leadExistsQuery, { id: lead._id })) return { status: 'duplicate', id: lead._id };
    const found = await leads.fetch(visitSlotForBookingQuery, { id: visitSlotId });
    const slot = found && (found.date ?? '') >= bookableFrom ? found : null;
    const visitAt = slot ? `${slot.date} ${slot.time}` : undefined;
    if (!slot || slot.booked >= (slot.capacity ?? 0)) {
      if (slotPolicy === 'refuse') return { status: slot ? 'slotFull' : 'slotMissing' };
      return createLead(leads, { ...lead, ...slotFields(visitSlotId, visitAt, 'unavailable') }, visitAt);
    }
    const booking: Mutation[] = [
      // A slot made outside the Studio form may lack `booked`, and `inc` on a missing field does nothing.
      { patch: { id: slot._id, ifRevisionID: slot._rev, setIfMissing: { booked: 0 }, inc: { booked: 1 } } },
      { createIfNotExists: { ...lead, ...slotFields(visitSlotId, visitAt, 'booked') } },
    ];
    try {
      await leads.mutate(booking);
      return { status: 'created', id: lead._id, visitAt };
    } catch (error) {
      if (!(error instanceof MutationError && error.statusCode === 409)) throw error;
      // Someone booked the slot first: back off a random moment so the racers spread out.
      await delay(Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** attempt));
    }
  }
  return { status: 'contended' };
}

async function createLead(leads: ContentSource, lead: LeadDocument, visitAt?: string): Promise<SaveOutcome> {
  const { results } = await leads.mutate([{ createIfNotExists: lead }]);
  if (results[0]?.operation !== 'create') return { status: 'duplicate', id: lead._id };
  return visitAt ? { status: 'created', id: lead._id, visitAt } : { status: 'created', id: lead._id };
}

function slotFields(slotId: string, visitAt: string | undefined, status: 'booked' | 'unavailable') {
  return {
    visitSlot: { _type: 'reference', _ref: slotId, _weak: true },
    ...(visitAt ? { visitAt } : {}),
    visitSlotStatus: status,
  };
}

function delay(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** What the staff notification of a new lead carries: the lead and the visit it was saved with. */
export function notificationOf(lead: LeadDocument, saved: Extract<SaveOutcome, { status: 'created' }>): LeadNotification {
  const { _id, name, phone, message, createdAt, sourcePage, formKind } = lead;
  return { _id, name, phone, message, createdAt, sourcePage, formKind, visitAt: saved.visitAt };
}
