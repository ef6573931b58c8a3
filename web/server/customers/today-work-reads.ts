/** 오늘 할 일: what each 상담사 has to do today (or everyone's), read from the customer tables. */
import { sql, type SqlBool } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingStatus } from '../database/tables';
import { seoulDayStart } from '../../shared/seoul-time';
import type { CustomersBuilder } from './customer-filters';
import { assignedAtOf } from './customer-facts';
import { onVisitDay } from './visit-reads';

/** A customer as each line of 오늘 할 일 names them. */
type TodayCustomer = { customerId: string; name: string; phone: string; status: string; assigneeName: string | null };

export type TodayCustomerWork = {
  day: string;
  /** Registered within RECENT_DAYS, given to the 상담사 and not called since, the latest registration first; `returning`: registered more than once. */
  notContacted: Array<TodayCustomer & { assignedAt: string; lastRegisteredAt: string; returning: boolean }>;
  /** A 재통화 asked for by the customer's latest call, due by the end of `day` (from RECENT_DAYS back), the earliest first. */
  callbacks: Array<TodayCustomer & { callbackAt: string; lastCallResult: string }>;
  visits: Array<TodayCustomer & { visitAt: string; bookingStatus: BookingStatus; checkedInAt: string | null }>;
  /** 기존 고객 재등록: called before, and registered again since the latest call (within RECENT_DAYS), the latest first. */
  returning: Array<TodayCustomer & { lastCallAt: string; lastRegisteredAt: string; registrations: number }>;
};

/** The most lines each part of 오늘 할 일 shows. */
const TODAY_LINES = 100;
/** How far back 오늘 할 일 looks for a customer not called, a registration again (기존 고객 재등록) or a 재통화 not made. */
const RECENT_DAYS = 30;

/**
 * 오늘 할 일 of `email` (null: everyone's) on `day` (YYYY-MM-DD, Seoul), each customer once per part.
 * A customer closed as 무효 has no work left.
 */
export async function todayWork(sales: SalesDatabase, email: string | null, day: string): Promise<TodayCustomerWork> {
  const db = sales.db;
  const theirs = (eb: CustomersBuilder) =>
    eb.and([eb('customers.status', '!=', 'invalid'), ...(email === null ? [] : [eb('customers.assignee_email', '=', email)])]);
  const until = seoulDayStart(day, 1);
  const customerColumns = [
    'customers.id as customerId',
    'customers.name',
    'customers.phone',
    'customers.status',
    'customers.assignee_name as assigneeName',
  ] as const;

  // Each part reads the facts kept on the customer (customer-facts.ts) through a partial index
  // holding only the customers it lists; the conditions are written as the indexes' are.
  const [notContacted, callbacks, visits, returning] = await Promise.all([
    db
      .selectFrom('customers')
      .select((eb) => [
        ...customerColumns,
        assignedAtOf(eb).as('assignedAt'),
        'customers.last_registered_at as lastRegisteredAt',
        sql<number>`CASE WHEN customers.first_registered_at < customers.last_registered_at THEN 1 ELSE 0 END`.as('returning'),
      ])
      .where((eb) => theirs(eb))
      .where(sql<SqlBool>`customers.awaiting_call = 1`)
      .where('customers.last_registered_at', '>=', seoulDayStart(day, -RECENT_DAYS))
      // The latest first, as the list: a fresh registration is called first.
      .orderBy('customers.last_registered_at', 'desc')
      .orderBy('customers.id', 'desc')
      .limit(TODAY_LINES)
      .execute(),
    db
      .selectFrom('customers')
      .select((eb) => [
        ...customerColumns,
        'customers.callback_at as callbackAt',
        eb
          .selectFrom('calls')
          .select('calls.result')
          .whereRef('calls.customer_id', '=', 'customers.id')
          .orderBy('calls.at', 'desc')
          .orderBy('calls.id', 'desc')
          .limit(1)
          .as('lastCallResult'),
      ])
      // The lines' keys first, in order from the index alone: PostgreSQL otherwise guessed a
      // 상담사's due callbacks few and read every one of them to sort (7,689 rows, 107 ms at 1M).
      .where('customers.id', 'in', (eb) =>
        eb
          .selectFrom('customers')
          .select('customers.id')
          .where((due) => theirs(due))
          .where(sql<SqlBool>`customers.callback_at IS NOT NULL`)
          .where('customers.callback_at', '>=', seoulDayStart(day, -RECENT_DAYS))
          .where('customers.callback_at', '<', until)
          .orderBy('customers.callback_at')
          .orderBy('customers.id')
          .limit(TODAY_LINES),
      )
      .orderBy('customers.callback_at')
      .orderBy('customers.id')
      .execute(),
    db
      .selectFrom('bookings')
      .innerJoin('customers', 'customers.id', 'bookings.customer_id')
      .select([...customerColumns, 'bookings.visit_at as visitAt', 'bookings.status as bookingStatus', 'bookings.checked_in_at as checkedInAt'])
      .where((eb) => theirs(eb))
      .where((eb) => onVisitDay(eb, day))
      .where('bookings.kind', '!=', 'walkIn')
      .where('bookings.status', 'in', ['booked', 'checkedIn'])
      .orderBy('bookings.visit_at')
      .orderBy('customers.id')
      .limit(TODAY_LINES)
      .execute(),
    db
      .selectFrom('customers')
      .select((eb) => [
        ...customerColumns,
        'customers.last_call_at as lastCallAt',
        'customers.last_registered_at as lastRegisteredAt',
        eb
          .selectFrom('registrations')
          .select((count) => count.fn.countAll().as('n'))
          .whereRef('registrations.customer_id', '=', 'customers.id')
          .as('registrations'),
      ])
      .where((eb) => theirs(eb))
      .where(sql<SqlBool>`customers.last_call_at < customers.last_registered_at`)
      .where('customers.last_registered_at', '>=', seoulDayStart(day, -RECENT_DAYS))
      .orderBy('customers.last_registered_at', 'desc')
      .orderBy('customers.id', 'desc')
      .limit(TODAY_LINES)
      .execute(),
  ]);
  return {
    day,
    notContacted: notContacted.map((row) => ({ ...row, assignedAt: String(row.assignedAt), returning: Number(row.returning) === 1 })),
    callbacks: callbacks.map((row) => ({ ...row, callbackAt: row.callbackAt ?? '', lastCallResult: row.lastCallResult ?? '' })),
    visits,
    returning: returning.map((row) => ({ ...row, lastCallAt: String(row.lastCallAt), registrations: Number(row.registrations ?? 0) })),
  };
}
