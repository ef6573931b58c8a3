/**
 * Model-house visit slots in the console: a day's or a week's list, creating them for a day or a
 * week in one go, changing a slot's time and capacity, deleting an empty one. Writes are Sanity
 * mutations on the leads source (both stores), under the slot's revision: a booking landing in
 * between changes the revision, so a capacity is never set below the places taken.
 */
import { consoleSlotsQuery, slotBookingsQuery, visitSlotForBookingQuery } from '../../sanity/queries';
import { isSlotCapacity, isSlotTime, mayManageSlots, MAX_TIMES_PER_DAY, type ConsoleSlot, type SlotCreation, type SlotEdit, type SlotResult } from '../../shared/console';
import { isDay, seoulDateTime, shiftDay } from '../../shared/seoul-time';
import { MutationError, type ContentSource, type Mutation } from '../content/types';
import type { AuditTrail } from '../audit/trail';
import { visitAtOf } from '../visit-slot-place';
import type { StaffActor } from './types';


export class VisitSlots {
  private readonly now: () => number;

  constructor(private readonly options: { leads: ContentSource; audit: AuditTrail; now?: () => number }) {
    this.now = options.now ?? Date.now;
  }

  /** The slots of `days` days from `from`, in date and time order. */
  async list(from: string, days: number): Promise<ConsoleSlot[]> {
    const rows = await this.options.leads.fetch(consoleSlotsQuery, { from, until: shiftDay(from, days) });
    return rows.map((slot) => ({ id: slot._id, rev: slot._rev, date: slot.date ?? '', time: slot.time ?? '', capacity: slot.capacity, booked: slot.booked }));
  }

  /**
   * A slot at each time on each day, `capacity` places each; a day that has a slot at that time
   * already keeps it (named in `skipped`). `key` comes with the form, so a double submit creates nothing twice.
   */
  async create(input: SlotCreation, key: string, actor: StaffActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    const times = [...new Set(input.times)].sort();
    if (!isDay(input.from) || (input.days !== 1 && input.days !== 7) || !isSlotCapacity(input.capacity)) return INVALID;
    if (times.length === 0 || times.length > MAX_TIMES_PER_DAY || !times.every(isSlotTime) || !/^[\w-]{8,64}$/.test(key)) return INVALID;
    // Nobody can visit in the past: every slot asked for must be later than now (Seoul).
    if (visitAtOf({ date: input.from, time: times[0] }) <= seoulDateTime(new Date(this.now()).toISOString())) return { ok: false, error: 'past' };
    const existing = new Set((await this.list(input.from, input.days)).map(visitAtOf));
    const created: string[] = [];
    const skipped: string[] = [];
    const mutations: Mutation[] = [];
    for (let day = 0; day < input.days; day += 1) {
      const date = shiftDay(input.from, day);
      for (const time of times) {
        const visitAt = visitAtOf({ date, time });
        if (existing.has(visitAt)) {
          skipped.push(visitAt);
          continue;
        }
        created.push(visitAt);
        mutations.push({
          createIfNotExists: { _id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}-${key.slice(0, 12)}`, _type: 'visitSlot', date, time, capacity: input.capacity, booked: 0 },
        });
      }
    }
    if (mutations.length > 0) {
      await this.options.leads.mutate(mutations);
      await this.record(actor, 'slotCreate', null, `${created.length}개 · ${input.from}${input.days === 7 ? ' 주간' : ''} · ${times.join(', ')} · 정원 ${input.capacity}`);
    }
    return { ok: true, created, skipped };
  }

  /**
   * A new time and capacity. Refused below the places booked (`belowBooked`, with the count) and
   * onto a time the day has a slot at already; the booked leads' visit time follows the slot.
   */
  async edit(id: string, edit: SlotEdit, actor: StaffActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    if (!isSlotTime(edit.time) || !isSlotCapacity(edit.capacity) || !edit.rev) return INVALID;
    const slot = await this.options.leads.fetch(visitSlotForBookingQuery, { id });
    if (!slot?.date) return NOT_FOUND;
    if (slot._rev !== edit.rev) return CONFLICT;
    if (edit.capacity < slot.booked) return { ok: false, error: 'belowBooked', booked: slot.booked };
    const mutations: Mutation[] = [{ patch: { id, ifRevisionID: slot._rev, set: { time: edit.time, capacity: edit.capacity } } }];
    let moved = 0;
    if (edit.time !== slot.time) {
      const sameDay = await this.list(slot.date, 1);
      if (sameDay.some((other) => other.id !== id && other.time === edit.time)) return { ok: false, error: 'timeTaken' };
      const visitAt = visitAtOf({ date: slot.date, time: edit.time });
      const bookings = await this.options.leads.fetch(slotBookingsQuery, { id });
      for (const lead of bookings) mutations.push({ patch: { id: lead._id, set: { visitAt } } });
      moved = bookings.length;
    }
    const written = await this.write(mutations);
    if (written) return written;
    await this.record(actor, 'slotChange', id, `${visitAtOf(slot)} 정원 ${slot.capacity} → ${edit.time} 정원 ${edit.capacity}`);
    return { ok: true, moved };
  }

  /** Deletes a slot nobody has booked (a booked place is a customer's visit). */
  async remove(id: string, rev: string, actor: StaffActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    const slot = await this.options.leads.fetch(visitSlotForBookingQuery, { id });
    if (!slot) return NOT_FOUND;
    if (slot._rev !== rev) return CONFLICT;
    if (slot.booked > 0 || (await this.options.leads.fetch(slotBookingsQuery, { id })).length > 0) return { ok: false, error: 'notEmpty', booked: slot.booked };
    // The revision check makes a booking that lands first stop the delete.
    const written = await this.write([{ patch: { id, ifRevisionID: slot._rev, set: { booked: 0 } } }, { delete: { id } }]);
    if (written) return written;
    await this.record(actor, 'slotDelete', id, visitAtOf(slot));
    return { ok: true };
  }

  /** Commits `mutations`; a refusal as the console says it (someone changed the slot first, or it is gone). */
  private async write(mutations: Mutation[]): Promise<SlotResult | null> {
    try {
      await this.options.leads.mutate(mutations);
      return null;
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 409) return CONFLICT;
      if (error instanceof MutationError && error.statusCode === 404) return NOT_FOUND;
      throw error;
    }
  }

  private record(actor: StaffActor, action: 'slotCreate' | 'slotChange' | 'slotDelete', target: string | null, detail: string) {
    return this.options.audit.record({ actor: actor.email, action, ip: actor.ip, target, detail });
  }
}

const INVALID: SlotResult = { ok: false, error: 'invalid' };
const NOT_FOUND: SlotResult = { ok: false, error: 'notFound' };
const CONFLICT: SlotResult = { ok: false, error: 'conflict' };
