import type { SanityDocument } from '../content/types';
import { seoulDay } from '../../shared/seoul-time';

const SLOT_TIMES = ['11:00', '14:00', '16:00'];
const DEMO_CAPACITY = 6;
const DAY_MS = 86_400_000;

/**
 * Model-house visit slots for the embedded store's first start: every Saturday and Sunday of the
 * next `weekends` weekends after `today`, three times a day. Generated rather than shipped as a
 * file, so a site started next year still offers bookable slots; real slots are the staff's,
 * made in the console (/admin/slots).
 */
export function demoVisitSlots(today: string, weekends = 4): SanityDocument[] {
  const start = Date.parse(`${today}T00:00:00Z`);
  const slots: SanityDocument[] = [];
  for (let offset = 1; slots.length < weekends * 2 * SLOT_TIMES.length; offset += 1) {
    const day = new Date(start + offset * DAY_MS);
    if (day.getUTCDay() !== 0 && day.getUTCDay() !== 6) continue;
    const date = day.toISOString().slice(0, 10);
    for (const time of SLOT_TIMES) {
      slots.push({
        _id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}`,
        _type: 'visitSlot',
        date,
        time,
        capacity: DEMO_CAPACITY,
        booked: 0,
      });
    }
  }
  return slots;
}

/** What a new embedded leads database starts with: demo slots for the coming weekends, never leads. */
export function firstStartLeadDocuments(): SanityDocument[] {
  return demoVisitSlots(seoulDay(Date.now()));
}
