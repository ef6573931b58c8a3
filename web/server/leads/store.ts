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
export type LeadDocument = Pick<Lead, '_id' | '_type' | 'message' | 'sourcePage' | 'landingPage' | 'utm'> &
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

/** A slot as a booking reads it: its revision is what the place is taken under. */
export type BookableSlot = { _id: string; _rev: string; date: string | null; time: string | null; capacity: number | null; booked: number };

/** What taking a place came to: the place and what `attempt` stopped with, or why there is none. */
export type PlaceOutcome<Stop> =
  | { status: 'taken'; slot: BookableSlot }
  | { status: 'stopped'; stop: Stop }
  | { status: 'slotFull'; slot: BookableSlot }
  | { status: 'slotMissing'; slot?: undefined }
  | { status: 'contended' };

/**
 * Takes one place in a visit slot: every way in (the site's forms, the lead page, the desk) books
 * through here. The slot is read, refused when full or gone (or dated before `bookableFrom`), and
 * its count goes up in one transaction with `attempt`'s mutations, under the slot's revision
 * (`ifRevisionID`: on PostgreSQL the row is locked; a lost race is tried again, reading anew).
 * `attempt` runs before every try and may stop instead (the lead moved on, it exists already).
 */
export async function takeSlotPlace<Stop>(
  leads: ContentSource,
  slotId: string,
  bookableFrom: string,
  attempt: (slot: BookableSlot) => Promise<{ mutations: Mutation[] } | { stop: Stop }>,
): Promise<PlaceOutcome<Stop>> {
  for (let round = 0; round < MAX_BOOKING_ATTEMPTS; round += 1) {
    const found = await leads.fetch(visitSlotForBookingQuery, { id: slotId });
    const slot = found && (found.date ?? '') >= bookableFrom ? found : null;
    if (!slot) return { status: 'slotMissing' };
    if (slot.booked >= (slot.capacity ?? 0)) return { status: 'slotFull', slot };
    const planned = await attempt(slot);
    if ('stop' in planned) return { status: 'stopped', stop: planned.stop };
    const booking: Mutation[] = [
      // A slot made outside the console may lack `booked`, and `inc` on a missing field does nothing.
      { patch: { id: slot._id, ifRevisionID: slot._rev, setIfMissing: { booked: 0 }, inc: { booked: 1 } } },
      ...planned.mutations,
    ];
    try {
      await leads.mutate(booking);
      return { status: 'taken', slot };
    } catch (error) {
      if (!(error instanceof MutationError && error.statusCode === 409)) throw error;
      // Someone booked the slot first: back off a random moment so the racers spread out.
      await delay(Math.random() * Math.min(MAX_BACKOFF_MS, 2 ** round));
    }
  }
  return { status: 'contended' };
}

/** How a lead names its visit: `YYYY-MM-DD HH:mm`, what the visit sheet and the list filter read. */
export function visitAtOf(slot: Pick<BookableSlot, 'date' | 'time'>): string {
  return `${slot.date} ${slot.time}`;
}

async function createLead(leads: ContentSource, lead: LeadDocument, visitAt?: string): Promise<SaveOutcome> {
  const { results } = await leads.mutate([{ createIfNotExists: lead }]);
  if (results[0]?.operation !== 'create') return { status: 'duplicate', id: lead._id };
  return visitAt ? { status: 'created', id: lead._id, visitAt } : { status: 'created', id: lead._id };
}

export function slotFields(slotId: string, visitAt: string | undefined, status: 'booked' | 'unavailable') {
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
