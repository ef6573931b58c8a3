/**
 * One definition per number the console shows, each one SQL statement over the customer tables
 * (the counts that add up over days over the registrations' daily tallies),
 * for the list, dashboard, 오늘 할 일, statistics, funnel and export alike:
 * - 고객 (customers): people, one per phone; 신규 고객 those whose first registration falls in the period;
 * - 등록 (registrations): forms sent, a returning customer's each counted;
 * - 방문 예약 (bookings): visits booked through a form, the lead page or a phone-in (kind
 *   site/console/phoneIn) that hold or held a place (booked, checked in, missed), by visit day;
 * - 현장 방문 (walk-ins): customers registered at the desk as they came in, by visit day;
 * - 방문 완료 (visits made): bookings and walk-ins checked in, by visit day.
 * A period is Seoul days, `from` to `to` inclusive. The numbers per staff member (상담사별 실적) are
 * in staff-numbers.ts, which counts 방문 예약 and 방문 완료 by the definitions here.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { StatsRange } from '../../shared/campaign-stats';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import { VISIT_STATUSES } from './visit-reads';
import { customersRegisteredUnder, type TallyDimension } from './customer-tallies';

/** The booking kinds that are a 방문 예약; a walk-in is a 현장 방문. */
export const BOOKED_KINDS = ['site', 'console', 'phoneIn'] as const;

/** What registrations are counted by: the Seoul day, the form, the utm source, the campaign key. */
export type RegistrationDimension = 'day' | 'formKind' | 'utmSource' | 'campaignKey' | 'landingPage';

const visitsInPeriod = (eb: ExpressionBuilder<SalesTables, 'bookings'>, range: StatsRange): Expression<SqlBool> =>
  eb.and([eb('bookings.visit_at', '>=', `${range.from} 00:00`), eb('bookings.visit_at', '<=', `${range.to} 23:59`)]);

/** Counts by key; a key counted nothing (a touch moved away) is left out. */
function countedBy(rows: Array<{ key: string | null; count: number | string | bigint | null }>): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const row of rows) if (Number(row.count) !== 0) counts.set(row.key, (counts.get(row.key) ?? 0) + Number(row.count));
  return counts;
}

/**
 * The counts that add up over days are read from the registrations' daily tallies
 * (registration-tallies.ts), written with each registration: a month is a few hundred rows.
 */
const TALLY_COLUMNS = { day: 'day', formKind: 'form_kind', utmSource: 'utm_source', campaignKey: 'campaign_key', landingPage: 'landing_page' } as const;
type TallyCount = 'registrations' | 'first_touches' | 'last_touches' | 'day_customers';

const talliesOf = (sales: SalesDatabase, range: StatsRange) =>
  sales.db.selectFrom('registration_tallies').where('day', '>=', range.from).where('day', '<=', range.to);

/** A tally's value as the registrations have it: no source or campaign is null, as there. */
const tallyKey = (dimension: RegistrationDimension, value: string): string | null =>
  value === '' && (dimension === 'utmSource' || dimension === 'campaignKey') ? null : value;

async function talliedBy(sales: SalesDatabase, range: StatsRange, dimension: RegistrationDimension, count: TallyCount): Promise<Map<string | null, number>> {
  const column = TALLY_COLUMNS[dimension];
  const rows = await talliesOf(sales, range)
    .select((eb) => [eb.ref(column).as('key'), eb.fn.sum<number | string>(count).as('count')])
    .groupBy(column)
    .execute();
  return countedBy(rows.map((row) => ({ key: tallyKey(dimension, row.key), count: row.count })));
}

async function talliedTotal(sales: SalesDatabase, range: StatsRange, count: TallyCount): Promise<number> {
  const row = await talliesOf(sales, range)
    .select((eb) => eb.fn.sum<number | string | null>(count).as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** 등록: registrations sent in the period. */
export function registrationCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  return talliedTotal(sales, range, 'registrations');
}

/** 등록 per day, form, source, campaign key or landing page (no source, no campaign: the null key). */
export function registrationsBy(sales: SalesDatabase, range: StatsRange, dimension: RegistrationDimension): Promise<Map<string | null, number>> {
  return talliedBy(sales, range, dimension, 'registrations');
}

/** 등록 per utm source, medium and campaign key as the form brought them (no utm: nulls). */
export async function registrationsByTraffic(
  sales: SalesDatabase,
  range: StatsRange,
): Promise<Array<{ source: string | null; medium: string | null; campaignKey: string | null; count: number }>> {
  const rows = await talliesOf(sales, range)
    .select((eb) => ['utm_source', 'utm_medium', 'campaign_key', eb.fn.sum<number | string>('registrations').as('count')])
    .groupBy(['utm_source', 'utm_medium', 'campaign_key'])
    .execute();
  const orNull = (value: string) => (value === '' ? null : value);
  return rows.map((row) => ({
    source: orNull(row.utm_source),
    medium: orNull(row.utm_medium),
    campaignKey: orNull(row.campaign_key),
    count: Number(row.count),
  }));
}

/**
 * The customers of a period from the customer tallies (customer-tallies.ts): each customer's rows
 * of the period's days, the first of them only (its previous day is before the period).
 */
const customerTalliesOf = (sales: SalesDatabase, range: StatsRange, dimension: TallyDimension) =>
  sales.db
    .selectFrom('customer_tallies')
    .where('dimension', '=', dimension)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .where('previous_day', '<', range.from);

const CUSTOMER_TALLY_DIMENSIONS = {
  formKind: 'formKind',
  utmSource: 'utmSource',
  campaignKey: 'campaignKey',
  landingPage: 'landingPage',
} as const satisfies Record<Exclude<RegistrationDimension, 'day'>, TallyDimension>;

/** 고객: customers who registered in the period (new or returning), as the list counts them with the period's filter. */
export function registeredCustomerCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  return customersRegisteredUnder(sales, 'all', '', range.from, range.to);
}

/** 고객 per day, form, source, campaign key or landing page: each customer once per key it registered under. */
export async function registeredCustomersBy(sales: SalesDatabase, range: StatsRange, dimension: RegistrationDimension): Promise<Map<string | null, number>> {
  if (dimension === 'day') return talliedBy(sales, range, 'day', 'day_customers');
  const rows = await customerTalliesOf(sales, range, CUSTOMER_TALLY_DIMENSIONS[dimension])
    .select((eb) => ['value', eb.fn.sum<number | string>('customers').as('count')])
    .groupBy('value')
    .execute();
  return countedBy(rows.map((row) => ({ key: tallyKey(dimension, row.value), count: row.count })));
}

/** 신규 고객: customers whose first registration ever is in the period. */
export function newCustomerCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  return talliedTotal(sales, range, 'first_touches');
}

/**
 * First or last touch per campaign key: the customers whose first registration ever (or latest)
 * falls in the period, each counted once under that registration's campaign. First touches add up
 * to the 신규 고객 of the period.
 */
export function touchesByCampaign(sales: SalesDatabase, range: StatsRange, touch: 'first' | 'last'): Promise<Map<string | null, number>> {
  return talliedBy(sales, range, 'campaignKey', touch === 'first' ? 'first_touches' : 'last_touches');
}

/** The bookings that count as 방문 예약: booked through a form, the lead page or a phone-in, holding or having held a place. */
export const countedAsBooking = (eb: ExpressionBuilder<SalesTables, 'bookings'>): Expression<SqlBool> =>
  eb.and([eb('bookings.kind', 'in', BOOKED_KINDS), eb('bookings.status', 'in', VISIT_STATUSES)]);

/** The bookings counted as 방문 예약 in the period. */
const bookingsOf = (sales: SalesDatabase, range: StatsRange) =>
  sales.db
    .selectFrom('bookings')
    .where(countedAsBooking)
    .where((eb) => visitsInPeriod(eb, range));

/** The visits made (방문 완료) in the period: checked in, booked or walked in. */
export const visitsMadeOf = (sales: SalesDatabase, range: StatsRange) =>
  sales.db
    .selectFrom('bookings')
    .where('bookings.status', '=', 'checkedIn')
    .where((eb) => visitsInPeriod(eb, range));

/** The walk-ins counted as 현장 방문 in the period. */
const walkInsOf = (sales: SalesDatabase, range: StatsRange) =>
  sales.db
    .selectFrom('bookings')
    .where('bookings.kind', '=', 'walkIn')
    .where('bookings.status', '=', 'checkedIn')
    .where((eb) => visitsInPeriod(eb, range));

/** 방문 예약: bookings (not walk-ins) for a visit in the period that hold or held a place. */
export async function bookingCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  const row = await bookingsOf(sales, range)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** 현장 방문: walk-ins in the period. */
export async function walkInCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  const row = await walkInsOf(sales, range)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** 방문 예약 and 현장 방문 per visit day (YYYY-MM-DD, Seoul). */
export async function visitsByDay(sales: SalesDatabase, range: StatsRange): Promise<{ bookings: Map<string, number>; walkIns: Map<string, number> }> {
  const visitDay = sql<string>`substr(bookings.visit_at, 1, 10)`;
  const byDay = async (query: ReturnType<typeof bookingsOf>) => {
    const rows = await query
      .select((eb) => [visitDay.as('day'), eb.fn.countAll().as('count')])
      .groupBy(visitDay)
      .execute();
    return new Map(rows.map((row) => [row.day, Number(row.count)]));
  };
  const [bookings, walkIns] = await Promise.all([byDay(bookingsOf(sales, range)), byDay(walkInsOf(sales, range))]);
  return { bookings, walkIns };
}

/** 방문 완료: visits in the period checked in, booked or walked in. */
export async function visitMadeCount(sales: SalesDatabase, range: StatsRange): Promise<number> {
  const row = await visitsMadeOf(sales, range)
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type CampaignFunnel = { campaignKey: string | null; customers: number; called: number; visited: number; contracted: number };

/**
 * 등록 → 통화 → 내방 → 계약 per campaign key: the customers who registered under it in the period,
 * those of them ever called, come to the model house (a checked-in visit, or marked 방문 완료 or
 * 계약) and contracted. A customer who registered under two campaigns counts under each. Added up
 * from the customer tallies (customer-tallies.ts): a month is a few hundred rows.
 */
export async function funnelByCampaign(sales: SalesDatabase, range: StatsRange): Promise<CampaignFunnel[]> {
  const rows = await customerTalliesOf(sales, range, 'campaignKey')
    .select((eb) => [
      'value',
      eb.fn.sum<number | string>('customers').as('customers'),
      eb.fn.sum<number | string>('called').as('called'),
      eb.fn.sum<number | string>('visited').as('visited'),
      eb.fn.sum<number | string>('contracted').as('contracted'),
    ])
    .groupBy('value')
    .execute();
  return (
    rows
      .map((row) => ({
        campaignKey: tallyKey('campaignKey', row.value),
        customers: Number(row.customers),
        called: Number(row.called),
        visited: Number(row.visited),
        contracted: Number(row.contracted),
      }))
      .filter((row) => row.customers > 0)
      // Most customers first, no campaign last, then by key.
      .sort(
        (a, b) =>
          b.customers - a.customers ||
          Number(a.campaignKey === null) - Number(b.campaignKey === null) ||
          ((a.campaignKey ?? '') < (b.campaignKey ?? '') ? -1 : (a.campaignKey ?? '') > (b.campaignKey ?? '') ? 1 : 0),
      )
  );
}
