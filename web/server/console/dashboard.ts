/** The console dashboard's numbers, each read by its one definition (../customers/numbers.ts). */
import type { SalesDatabase } from '../database/index';
import { bookingCount, registeredCustomerCount, registeredCustomersBy, registrationCount, visitMadeCount, walkInCount } from '../customers/numbers';
import { slotFill } from '../customers/visit-reads';
import type { ConsoleDashboard } from '../../shared/console-dashboard';
import { CONSOLE_FORM_KINDS } from '../../shared/lead-form-kinds';
import { shiftDay } from '../../shared/seoul-time';

const DASHBOARD_DAYS = 30;
const SLOT_FILL_DAYS = 14;

/** The dashboard on `today` (YYYY-MM-DD, Seoul): the last DASHBOARD_DAYS days, the next SLOT_FILL_DAYS days' slots. */
export async function consoleDashboard(sales: SalesDatabase, today: string): Promise<ConsoleDashboard> {
  const firstDay = shiftDay(today, 1 - DASHBOARD_DAYS);
  const month = { from: firstDay, to: today };
  const periods = (count: (range: { from: string; to: string }) => Promise<number>) =>
    Promise.all([count({ from: today, to: today }), count({ from: shiftDay(today, -6), to: today }), count(month)]).then(([day, week, all]) => ({
      today: day,
      last7Days: week,
      last30Days: all,
    }));
  const todayOnly = { from: today, to: today };
  const [customers, registrations, bookings, walkIns, made, byDay, byForm, bySource, fill] = await Promise.all([
    periods((range) => registeredCustomerCount(sales, range)),
    periods((range) => registrationCount(sales, range)),
    bookingCount(sales, todayOnly),
    walkInCount(sales, todayOnly),
    visitMadeCount(sales, todayOnly),
    registeredCustomersBy(sales, month, 'day'),
    registeredCustomersBy(sales, month, 'formKind'),
    registeredCustomersBy(sales, month, 'utmSource'),
    slotFill(sales, today, shiftDay(today, SLOT_FILL_DAYS)),
  ]);
  const fillOf = new Map(fill.map((day) => [day.date, day]));
  return {
    today,
    customers,
    registrations,
    visitsToday: { bookings, walkIns, made },
    byDay: Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
      const date = shiftDay(firstDay, index);
      return { date, count: byDay.get(date) ?? 0 };
    }),
    byForm: CONSOLE_FORM_KINDS.map((formKind) => ({ formKind, count: byForm.get(formKind) ?? 0 })),
    bySource: [...bySource]
      // `|| ''` in the count: no source comes back as ''.
      .map(([source, count]) => ({ source: source || null, count }))
      // Most customers first; ties by name, "(없음)" last.
      .sort((a, b) => b.count - a.count || (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff')),
    slotFill: Array.from({ length: SLOT_FILL_DAYS }, (_, index) => {
      const date = shiftDay(today, index);
      return { date, capacity: fillOf.get(date)?.capacity ?? 0, booked: fillOf.get(date)?.booked ?? 0 };
    }),
  };
}
