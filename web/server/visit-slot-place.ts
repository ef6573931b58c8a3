/**
 * Taking a place in a model-house visit slot, the one way every booking goes: the site's forms
 * (web/server/leads), the lead page and the reception desk (web/server/console).
 */
import { visitSlotForBookingQuery } from '../sanity/queries';
import { MutationError, type ContentSource, type Mutation } from './content/types';

const MAX_BOOKING_ATTEMPTS = 40;
const MAX_BACKOFF_MS = 40;

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

/** The fields of a lead that hold (or asked for) a place in a slot. */
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

