/**
 * Model-house visit slots in the console, over the `visit_slots` table: a day's or a week's list,
 * creating them for a day or a week in one go, changing a slot's time and capacity (its booked
 * visits follow the time), deleting an empty one — each one transaction with its audit record,
 * under the slot's version. The database refuses a capacity below the places taken.
 */
import { sql, type Transaction } from 'kysely';
import { mayManageSlots } from '../../shared/staff-roles';
import { isSlotCapacity, isSlotTime, MAX_TIMES_PER_DAY, type ConsoleSlot, type SlotCreation, type SlotResult } from '../../shared/visit-slots';
import { isDay, seoulDateTime, shiftDay } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import { recordAudit, type AuditInsert } from './audit-record';
import { visitAtOf } from './visit-place';

type SlotActor = { email: string; role: 'admin' | 'manager' | 'sales'; ip: string };
type SlotRefusal = Extract<SlotResult, { ok: false }>;

/** Ends a transaction with nothing written. */
class Refused extends Error {
  constructor(readonly result: SlotRefusal) {
    super(result.error);
  }
}

/** Statuses that hold a place in their slot. */
const HOLDING_PLACE = ['booked', 'checkedIn', 'missed'] as const;

export class VisitSlotSchedule {
  private readonly now: () => number;

  constructor(
    private readonly sales: SalesDatabase,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** The slots of `days` days from `from`, in date and time order; `rev` is the slot's version. */
  async list(from: string, days: number): Promise<ConsoleSlot[]> {
    const rows = await this.sales.db
      .selectFrom('visit_slots')
      .select(['id', 'version', 'date', 'time', 'capacity', 'booked'])
      .where('date', '>=', from)
      .where('date', '<', shiftDay(from, days))
      .orderBy('date')
      .orderBy('time')
      .orderBy('id')
      .execute();
    return rows.map(({ version, ...slot }) => ({ ...slot, rev: String(version) }));
  }

  /**
   * A slot at each time on each day, `capacity` places each; a day that has a slot at that time
   * already keeps it (named in `skipped`). `key` comes with the form: a double submit creates nothing twice.
   */
  async create(input: SlotCreation, key: string, actor: SlotActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    const times = [...new Set(input.times)].sort();
    if (!isDay(input.from) || (input.days !== 1 && input.days !== 7) || !isSlotCapacity(input.capacity)) return INVALID;
    if (times.length === 0 || times.length > MAX_TIMES_PER_DAY || !times.every(isSlotTime) || !/^[\w-]{8,64}$/.test(key)) return INVALID;
    // Nobody can visit in the past: every slot asked for must be later than now (Seoul).
    if (visitAtOf({ date: input.from, time: times[0] }) <= seoulDateTime(new Date(this.now()).toISOString())) return { ok: false, error: 'past' };
    return this.write(async (trx) => {
      const existing = new Set(
        (
          await trx
            .selectFrom('visit_slots')
            .select(['date', 'time'])
            .where('date', '>=', input.from)
            .where('date', '<', shiftDay(input.from, input.days))
            .execute()
        ).map(visitAtOf),
      );
      const created: string[] = [];
      const skipped: string[] = [];
      const rows = [];
      for (let day = 0; day < input.days; day += 1) {
        const date = shiftDay(input.from, day);
        for (const time of times) {
          const visitAt = visitAtOf({ date, time });
          if (existing.has(visitAt)) {
            skipped.push(visitAt);
            continue;
          }
          created.push(visitAt);
          rows.push({
            id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}-${key.slice(0, 12)}`,
            date,
            time,
            capacity: input.capacity,
            created_at: new Date(this.now()).toISOString(),
          });
        }
      }
      if (rows.length === 0) return { result: { ok: true, created, skipped } };
      await trx
        .insertInto('visit_slots')
        .values(rows)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      const detail = `${created.length}개 · ${input.from}${input.days === 7 ? ' 주간' : ''} · ${times.join(', ')} · 정원 ${input.capacity}`;
      return { result: { ok: true, created, skipped }, audit: { action: 'slotCreate', target: null, detail } };
    }, actor);
  }

  /**
   * A new time and capacity under the version the page showed. Refused below the places booked
   * (`belowBooked`, with the count) and onto a time the day has a slot at already; the visits
   * booked in it move to the new time.
   */
  async edit(id: string, edit: { rev: string; time: string; capacity: number }, actor: SlotActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    if (!isSlotTime(edit.time) || !isSlotCapacity(edit.capacity) || !/^\d+$/.test(edit.rev ?? '')) return INVALID;
    return this.write(async (trx) => {
      const slot = await this.lockedSlot(trx, id, edit.rev);
      if (edit.capacity < slot.booked) throw new Refused({ ok: false, error: 'belowBooked', booked: slot.booked });
      let moved = 0;
      if (edit.time !== slot.time) {
        const taken = await trx
          .selectFrom('visit_slots')
          .select('id')
          .where('date', '=', slot.date)
          .where('time', '=', edit.time)
          .where('id', '<>', id)
          .executeTakeFirst();
        if (taken) throw new Refused({ ok: false, error: 'timeTaken' });
        const visitAt = visitAtOf({ date: slot.date, time: edit.time });
        const { numUpdatedRows } = await trx
          .updateTable('bookings')
          .set({ visit_at: visitAt })
          .where('slot_id', '=', id)
          .where('status', '=', 'booked')
          .executeTakeFirst();
        moved = Number(numUpdatedRows);
      }
      await trx.updateTable('visit_slots').set({ time: edit.time, capacity: edit.capacity }).where('id', '=', id).execute();
      return {
        result: { ok: true, moved },
        audit: { action: 'slotChange', target: id, detail: `${visitAtOf(slot)} 정원 ${slot.capacity} → ${edit.time} 정원 ${edit.capacity}` },
      };
    }, actor);
  }

  /** Deletes a slot nobody holds a place in; the visits once cancelled from it keep their time. */
  async remove(id: string, rev: string, actor: SlotActor): Promise<SlotResult> {
    if (!mayManageSlots(actor.role)) return { ok: false, error: 'forbidden' };
    if (!/^\d+$/.test(rev ?? '')) return INVALID;
    return this.write(async (trx) => {
      const slot = await this.lockedSlot(trx, id, rev);
      const holding = await trx.selectFrom('bookings').select('id').where('slot_id', '=', id).where('status', 'in', HOLDING_PLACE).executeTakeFirst();
      if (slot.booked > 0 || holding) throw new Refused({ ok: false, error: 'notEmpty', booked: slot.booked });
      await trx.updateTable('bookings').set({ slot_id: null }).where('slot_id', '=', id).execute();
      await trx.deleteFrom('visit_slots').where('id', '=', id).execute();
      return { result: { ok: true }, audit: { action: 'slotDelete', target: id, detail: visitAtOf(slot) } };
    }, actor);
  }

  /** The slot under `rev`, its row locked (PostgreSQL) by the version bump; refused when gone or changed. */
  private async lockedSlot(trx: Transaction<SalesTables>, id: string, rev: string) {
    const slot = await trx
      .updateTable('visit_slots')
      .set({ version: sql`version + 1` })
      .where('id', '=', id)
      .returning(['date', 'time', 'capacity', 'booked', 'version'])
      .executeTakeFirst();
    if (!slot) throw new Refused(NOT_FOUND);
    if (slot.version - 1 !== Number(rev)) throw new Refused({ ok: false, error: 'conflict' });
    return slot;
  }

  private async write(
    plan: (trx: Transaction<SalesTables>) => Promise<{ result: SlotResult; audit?: Pick<AuditInsert, 'action' | 'target' | 'detail'> }>,
    actor: SlotActor,
  ): Promise<SlotResult> {
    try {
      return await this.sales.db.transaction().execute(async (trx) => {
        const { result, audit } = await plan(trx);
        if (audit) await recordAudit(trx, this.sales.dialect, { ...audit, actor: actor.email, ip: actor.ip }, this.now());
        return result;
      });
    } catch (error) {
      if (error instanceof Refused) return error.result;
      throw error;
    }
  }
}

const INVALID: SlotResult = { ok: false, error: 'invalid' };
const NOT_FOUND: SlotRefusal = { ok: false, error: 'notFound' };
