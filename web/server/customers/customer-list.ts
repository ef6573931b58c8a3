/**
 * The sales console's customer list, one query for SQLite and PostgreSQL: one row per customer,
 * listed when the customer or any of its registrations matches the filters (./customer-filters.ts),
 * a page's keys chosen first and only its rows joined. Its count is ./customer-count.ts; a customer's
 * page is read in ./customer-detail.ts, the visit sheet in ./visit-reads.ts, 오늘 할 일 in
 * ./today-work-reads.ts, the export in ./export-reads.ts; counted numbers live in ./numbers.ts.
 */
import { expressionBuilder, sql } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingStatus, SalesTables } from '../database/tables';
import type { LeadFilterParams } from './lead-query';
import type { CustomerProfile } from '../../shared/customer-profile';
import { missedCallsInARow, profileOf } from './customer-detail';
import { customerMatches, driveOf, registrationBeyond, registrationMatches, type Drive } from './customer-filters';

/**
 * Where a page of customers starts: after the customer last shown, at the time the list is ordered
 * by (its last registration, or with a period its latest registration in the period) and its id.
 */
export type CustomerCursor = { at: string; id: string };

/**
 * A page of matching customers, newest activity first, after `cursor`: the keys (id, the time the
 * list orders by, and with a period the registration it orders by).
 */
function matchingCustomers(sales: SalesDatabase, filters: LeadFilterParams, drive: Drive, cursor: CustomerCursor | null, limit: number) {
  return (
    sales.db
      .selectFrom('customers')
      // The page's keys only: a filter whose matches are sorted (a name prefix) sorts index entries,
      // and the page's 25 rows are read after.
      .select(['customers.id', 'customers.last_registered_at as at', sql<string | null>`CAST(NULL AS TEXT)`.as('registration_id')])
      .where((eb) => customerMatches(eb, filters, drive))
      .$if(cursor !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('customers.last_registered_at', '<', cursor!.at),
            eb.and([eb('customers.last_registered_at', '=', cursor!.at), eb('customers.id', '<', cursor!.id)]),
          ]),
        ),
      )
      .orderBy('customers.last_registered_at', 'desc')
      .orderBy('customers.id', 'desc')
      .limit(limit)
  );
}

/** A period asked of the list: it then lists customers by their registrations in it (customersInPeriod). */
const periodSet = (filters: LeadFilterParams) => filters.from !== null || filters.before !== null;

/**
 * With a period, a page of the customers who registered in it (under every other registration
 * filter too), each at its latest such registration and ordered by it, after `cursor`: the
 * period's registrations are read newest first from their index, so a page costs its own rows
 * wherever it is, and the list shows when (and how) each customer registered in the period.
 */
function customersInPeriod(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null, limit: number) {
  const ownFilters: LeadFilterParams = { ...filters, from: null, before: null, formKind: null, utmSource: null, utmCampaign: null };
  // A number, a name or a visit day finds a few customers: their registrations are looked up. Any
  // other filter leaves many, and the walk over the period's registrations finds a page first;
  // SQLite would pick the customers' index and sort all of them, so CROSS JOIN keeps its order.
  const fewCustomers = filters.phone !== null || filters.phoneLast4 !== null || filters.namePrefix !== null || filters.visitDay !== null;
  const registrations = sales.db.selectFrom('registrations as matched');
  const joined = fewCustomers
    ? registrations.innerJoin('customers', 'customers.id', 'matched.customer_id')
    : registrations.crossJoin('customers').whereRef('customers.id', '=', 'matched.customer_id');
  return joined
    .select(['customers.id', 'matched.created_at as at', 'matched.id as registration_id'])
    .where(registrationMatches('matched', filters))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('registrations as later')
            .select(sql.lit(1).as('one'))
            .whereRef('later.customer_id', '=', 'matched.customer_id')
            .where(registrationMatches('later', filters))
            .where(registrationBeyond('later', 'matched', '>')),
        ),
      ),
    )
    .where(customerMatches(expressionBuilder<SalesTables, 'customers'>(), ownFilters))
    .$if(cursor !== null, (query) =>
      query.where((eb) =>
        eb.or([eb('matched.created_at', '<', cursor!.at), eb.and([eb('matched.created_at', '=', cursor!.at), eb('matched.customer_id', '<', cursor!.id)])]),
      ),
    )
    .orderBy('matched.created_at', 'desc')
    .orderBy('matched.customer_id', 'desc')
    .limit(limit);
}

export type CustomerListRow = {
  id: string;
  /** The row's registration: the customer's newest, or with a period their latest in the period. */
  registrationId: string | null;
  /** When the row's registration was made: what the list orders by. */
  createdAt: string;
  /** When the customer last registered, whatever the filters. */
  lastRegisteredAt: string;
  formKind: string | null;
  utmSource: string | null;
  utmCampaign: string | null;
  name: string;
  /** Unmasked: the caller masks it for whoever may not see it. */
  phone: string;
  status: string;
  assigneeName: string | null;
  assigneeEmail: string | null;
  /** The coming visit, or else the latest one. */
  visitAt: string | null;
  visitStatus: BookingStatus | null;
  marketing: boolean;
  lastCallResult: string | null;
  /** 부재 calls in a row, up to the last call. */
  missedCalls: number;
  registrations: number;
  profile: CustomerProfile;
};

/**
 * Up to `limit` customers after `cursor` that match `filters`, the most recent registration first
 * (with a period, the most recent in the period; ties by id), each with that registration, its
 * coming (or latest) visit, its last call and how many registrations it has. The page is chosen
 * first, then only its rows are joined.
 */
export async function listCustomers(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null, limit: number): Promise<CustomerListRow[]> {
  const keys = periodSet(filters)
    ? customersInPeriod(sales, filters, cursor, limit)
    : matchingCustomers(sales, filters, await driveOf(sales, filters), cursor, limit);
  const rows = await sales.db
    .selectFrom(keys.as('keys'))
    .innerJoin('customers as page', 'page.id', 'keys.id')
    // The registration the page orders by (with a period), or else the customer's newest.
    .leftJoin('registrations as newest', (join) =>
      join.on((eb) =>
        eb(
          'newest.id',
          '=',
          eb.fn.coalesce(
            'keys.registration_id',
            eb
              .selectFrom('registrations')
              .select('registrations.id')
              .whereRef('registrations.customer_id', '=', 'page.id')
              .orderBy('registrations.created_at', 'desc')
              .orderBy('registrations.id', 'desc')
              .limit(1),
          ),
        ),
      ),
    )
    .leftJoin('bookings as visit', (join) =>
      join.on((eb) =>
        eb(
          'visit.id',
          '=',
          eb
            .selectFrom('bookings')
            .select('bookings.id')
            .whereRef('bookings.customer_id', '=', 'page.id')
            .orderBy(sql`CASE WHEN bookings.status = 'booked' THEN 0 ELSE 1 END`)
            .orderBy('bookings.visit_at', 'desc')
            .orderBy('bookings.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .select((eb) => [
      'page.id',
      'newest.id as registrationId',
      'keys.at as createdAt',
      'page.last_registered_at as lastRegisteredAt',
      'newest.form_kind as formKind',
      'newest.utm_source as utmSource',
      'newest.utm_campaign as utmCampaign',
      'page.name',
      'page.phone',
      'page.status',
      'page.assignee_name as assigneeName',
      'page.assignee_email as assigneeEmail',
      'visit.visit_at as visitAt',
      'visit.status as visitStatus',
      'page.marketing_consent as marketing',
      'page.interest_type',
      'page.subscription',
      'page.funding_plan',
      eb
        .selectFrom('calls')
        .select('calls.result')
        .whereRef('calls.customer_id', '=', 'page.id')
        .orderBy('calls.at', 'desc')
        .orderBy('calls.id', 'desc')
        .limit(1)
        .as('lastCallResult'),
      missedCallsInARow(sql.ref('page.id')).as('missedCalls'),
      eb
        .selectFrom('registrations')
        .select((count) => count.fn.countAll().as('n'))
        .whereRef('registrations.customer_id', '=', 'page.id')
        .as('registrations'),
    ])
    // By the page's keys: ordered by the customers' own columns, SQLite would walk every customer
    // in that order and look each up among the page's.
    .orderBy('keys.at', 'desc')
    .orderBy('keys.id', 'desc')
    .execute();
  return rows.map(({ interest_type, subscription, funding_plan, ...row }) => ({
    ...row,
    marketing: row.marketing === 1,
    missedCalls: Number(row.missedCalls),
    registrations: Number(row.registrations ?? 0),
    profile: profileOf({ interest_type, subscription, funding_plan }),
  }));
}
/** Where the page after `rows` starts. */
export function nextCustomerCursor(rows: readonly { id: string; createdAt: string }[]): CustomerCursor | null {
  const last = rows.at(-1);
  return last ? { at: last.createdAt, id: last.id } : null;
}
