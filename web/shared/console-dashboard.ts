/** The console dashboard's numbers. */
import type { ConsoleFormKind } from './lead-form-kinds';

/** A count over today, the last 7 and the last 30 Seoul days. */
export type DashboardPeriods = { today: number; last7Days: number; last30Days: number };

/** The dashboard's numbers, each by its one definition (server/customers/numbers.ts). */
export type ConsoleDashboard = {
  today: string;
  /** 고객: people (one per phone) who registered in the period, new or returning: what the list counts. */
  customers: DashboardPeriods;
  /** 등록: the forms sent in the period, a returning customer's each counted. */
  registrations: DashboardPeriods;
  /** Today's 방문 예약 (bookings), 현장 방문 (walk-ins at the desk) and 방문 완료 (both, checked in). */
  visitsToday: { bookings: number; walkIns: number; made: number };
  /** 고객 per day over the last 30 Seoul days, oldest first, zeros included. */
  byDay: Array<{ date: string; count: number }>;
  /** 고객 per form over the last 30 days (a customer who used two forms counts under each). */
  byForm: Array<{ formKind: ConsoleFormKind; count: number }>;
  /** 고객 per utm_source over the last 30 days; none counts as "(없음)" (`source: null`). */
  bySource: Array<{ source: string | null; count: number }>;
  /** The next 14 days from today. */
  slotFill: Array<{ date: string; capacity: number; booked: number }>;
};
