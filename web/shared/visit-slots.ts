/** The model house's visit slots as the console lists, creates and edits them. */

/** A visit slot as the console lists it; `rev` is what an edit or a delete sends back. */
export type ConsoleSlot = { id: string; rev: string; date: string; time: string; capacity: number; booked: number };

/** More places than a model house holds in one sitting: a typo, not a plan. */
export const MAX_SLOT_CAPACITY = 200;
export const MAX_TIMES_PER_DAY = 12;
const SLOT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isSlotTime(value: string): boolean {
  return SLOT_TIME.test(value);
}

export function isSlotCapacity(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_SLOT_CAPACITY;
}

/** Slots for a day or a week at the given times, `capacity` places each. */
export type SlotCreation = { from: string; days: 1 | 7; times: string[]; capacity: number };
export type SlotEdit = { rev: string; time: string; capacity: number };
export type SlotResult =
  | { ok: true; created?: string[]; skipped?: string[]; /** Booked visits an edit moved to the slot's new time. */ moved?: number }
  | { ok: false; error: 'forbidden' | 'notFound' | 'conflict' | 'invalid' | 'past' | 'belowBooked' | 'notEmpty' | 'timeTaken'; booked?: number };
