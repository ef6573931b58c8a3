/**
 * 상담사별 실적: the numbers per staff member and Seoul day — 배정 (customers given to them), 통화
 * (calls they recorded, by result), 방문 예약 they made, 방문 완료 of their customers, 계약. Apart
 * from numbers.ts, whose numbers are the whole site's per period: these read the work log
 * (assignments, calls, status changes) by who did it; 방문 예약 and 방문 완료 are counted by
 * numbers.ts's definitions. A period is Seoul days, `from` to `to` inclusive.
 */
import { sql } from 'kysely';
import type { StatsRange } from '../../shared/campaign-stats';
import { seoulDayStart } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import { seoulDaySql } from './customer-tallies';
import { countedAsBooking, visitsMadeOf } from './numbers';

/** A count of one staff member on one Seoul day (and, for calls, one result). */
export type StaffDayCount = { day: string; email: string; count: number };

/** The instants (ISO, UTC) of a period of Seoul days: from its first midnight to the one after its last day. */
const instantsOf = (range: StatsRange) => ({ since: seoulDayStart(range.from), until: seoulDayStart(range.to, 1) });

const staffDayCounts = (rows: Array<{ day: string; email: string | null; count: number | string | bigint }>): StaffDayCount[] =>
  rows.filter((row): row is typeof row & { email: string } => row.email !== null).map((row) => ({ day: row.day, email: row.email, count: Number(row.count) }));

/** 배정: the customers given to each staff member per Seoul day (automatically, by hand, by 균등 배분 or hand-over), each once a day. */
export async function assignedByStaffAndDay(sales: SalesDatabase, range: StatsRange): Promise<StaffDayCount[]> {
  const { since, until } = instantsOf(range);
  const day = seoulDaySql(sales.dialect, 'assignments.at');
  const rows = await sales.db
    .selectFrom('assignments')
    .select((eb) => [day.as('day'), 'assignments.assignee_email as email', eb.fn.count<number | string>('assignments.customer_id').distinct().as('count')])
    .where('assignments.assignee_email', 'is not', null)
    .where('assignments.at', '>=', since)
    .where('assignments.at', '<', until)
    .groupBy([day, 'assignments.assignee_email'])
    .execute();
  return staffDayCounts(rows);
}

/** 통화: the calls each staff member recorded per Seoul day and result. */
export async function callsByStaffAndDay(sales: SalesDatabase, range: StatsRange): Promise<Array<StaffDayCount & { result: string }>> {
  const { since, until } = instantsOf(range);
  const day = seoulDaySql(sales.dialect, 'calls.at');
  const rows = await sales.db
    .selectFrom('calls')
    .select((eb) => [day.as('day'), 'calls.author_email as email', 'calls.result', eb.fn.countAll<number | string>().as('count')])
    .where('calls.at', '>=', since)
    .where('calls.at', '<', until)
    .groupBy([day, 'calls.author_email', 'calls.result'])
    .execute();
  return rows.map((row) => ({ day: row.day, email: row.email, result: row.result, count: Number(row.count) }));
}

/**
 * 방문 예약 made: the bookings counted as 방문 예약 (kind and status as bookingCount's) by the Seoul
 * day they were made and who made them (a site form's have no one). A move is one booking.
 */
export async function bookingsMadeByStaffAndDay(sales: SalesDatabase, range: StatsRange): Promise<StaffDayCount[]> {
  const { since, until } = instantsOf(range);
  const day = seoulDaySql(sales.dialect, 'bookings.created_at');
  const rows = await sales.db
    .selectFrom('bookings')
    .select((eb) => [day.as('day'), 'bookings.created_by as email', eb.fn.countAll<number | string>().as('count')])
    .where(countedAsBooking)
    .where('bookings.created_by', 'is not', null)
    .where('bookings.created_at', '>=', since)
    .where('bookings.created_at', '<', until)
    .groupBy([day, 'bookings.created_by'])
    .execute();
  return staffDayCounts(rows);
}

/** 방문 완료 (as visitMadeCount counts them) per visit day and the customer's 담당자. */
export async function visitsMadeByAssigneeAndDay(sales: SalesDatabase, range: StatsRange): Promise<StaffDayCount[]> {
  const visitDay = sql<string>`substr(bookings.visit_at, 1, 10)`;
  const rows = await visitsMadeOf(sales, range)
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select((eb) => [visitDay.as('day'), 'customers.assignee_email as email', eb.fn.countAll<number | string>().as('count')])
    .where('customers.assignee_email', 'is not', null)
    .groupBy([visitDay, 'customers.assignee_email'])
    .execute();
  return staffDayCounts(rows);
}

/** 계약: the customers whose status was changed to 계약, per Seoul day and the 담당자 they had then, each once a day. */
export async function contractsByAssigneeAndDay(sales: SalesDatabase, range: StatsRange): Promise<StaffDayCount[]> {
  const { since, until } = instantsOf(range);
  const day = seoulDaySql(sales.dialect, 'status_changes.at');
  const rows = await sales.db
    .selectFrom('status_changes')
    .select((eb) => [
      day.as('day'),
      'status_changes.assignee_email as email',
      eb.fn.count<number | string>('status_changes.customer_id').distinct().as('count'),
    ])
    .where('status_changes.status', '=', 'contracted')
    .where('status_changes.at', '>=', since)
    .where('status_changes.at', '<', until)
    .where('status_changes.assignee_email', 'is not', null)
    .groupBy([day, 'status_changes.assignee_email'])
    .execute();
  return staffDayCounts(rows);
}
