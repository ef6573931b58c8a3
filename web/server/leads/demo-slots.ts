import type { Insertable } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { VisitSlotTable } from '../database/tables';
import { seoulDay } from '../../shared/seoul-time';

const SLOT_TIMES = ['11:00', '14:00', '16:00'];
const DEMO_CAPACITY = 6;
const DAY_MS = 86_400_000;

export type DemoVisitSlot = Required<Pick<Insertable<VisitSlotTable>, 'id' | 'date' | 'time' | 'capacity'>>;

/**
 * Model-house visit slots for the embedded database's first start: every Saturday and Sunday of
 * the next `weekends` weekends after `today`, three times a day. Generated rather than shipped as
 * a file, so a site started next year still offers bookable slots; real slots are the staff's,
 * made in the console (/admin/slots).
 */
export function demoVisitSlots(today: string, weekends = 4): DemoVisitSlot[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  const slots: DemoVisitSlot[] = [];
  for (let offset = 1; slots.length < weekends * 2 * SLOT_TIMES.length; offset += 1) {
    const day = new Date(start + offset * DAY_MS);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) continue;
    const date = day.toISOString().slice(0, 10);
    for (const time of SLOT_TIMES) {
      slots.push({ id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}`, date, time, capacity: DEMO_CAPACITY });
    }
  }
  return slots;
}

/**
 * A new embedded database (no slot and no registration yet) starts with demo slots for the coming
 * weekends, never with a customer; a database in use is left as its staff made it. Returns how
 * many were added.
 */
export async function seedDemoVisitSlots(sales: SalesDatabase, now = Date.now()): Promise<number> {
  return sales.db.transaction().execute(async (trx) => {
    const used = await trx.selectFrom('visit_slots').select('id').union(trx.selectFrom('registrations').select('id')).limit(1).executeTakeFirst();
    if (used) return 0;
    const createdAt = new Date(now).toISOString();
    const slots = demoVisitSlots(seoulDay(now));
    await trx
      .insertInto('visit_slots')
      .values(slots.map((slot) => ({ ...slot, created_at: createdAt })))
      .execute();
    return slots.length;
  });
}
