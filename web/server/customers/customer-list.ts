/**
 * The sales console's customer list and its count, one query for SQLite and PostgreSQL: one row per
 * customer, listed when the customer or any of its registrations matches the filters. A customer's
 * page is read in ./customer-detail.ts, the visit sheet in ./visit-reads.ts, 오늘 할 일 in
 * ./today-work-reads.ts, the export in ./export-reads.ts; counted numbers live in ./numbers.ts.
 */
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingStatus, SalesTables } from '../database/tables';
import type { LeadFilterParams } from './lead-query';
import { seoulDay } from '../../shared/seoul-time';
import type { CustomerProfile } from '../../shared/customer-profile';
import { missedCallsInARow, profileOf } from './customer-detail';
import { customersRegisteredUnder, type TallyDimension } from './customer-tallies';
import { onVisitDay, VISIT_STATUSES } from './visit-reads';

/**
 * Where a page of customers starts: after the customer last shown, at the time the list is ordered
 * by (its last registration, or with a period its latest registration in the period) and its id.
 */
export type CustomerCursor = { at: string; id: string };

/** Above every character: `name < prefix || MAX` bounds the names that start with `prefix`. */
const MAX_CHARACTER = '\u{10FFFF}';

export type CustomersBuilder = ExpressionBuilder<SalesTables, 'customers'>;

const registrationFilterSet = (filters: LeadFilterParams) =>
  filters.from !== null || filters.before !== null || filters.formKind !== null || filters.utmSource !== null || filters.utmCampaign !== null;

/**
 * How a registration filter is read: walking the customers newest first and looking for a matching
 * registration of each (quick when many match: a page is found early), or from the matching
 * registrations' own index to their customers (quick when few match).
 */
type Drive = 'fromCustomers' | 'fromRegistrations';

/** Up to this many matching registrations, a filter reads them first (see Drive). */
const FEW_REGISTRATIONS = 5_000;

function matchingRegistrations(eb: CustomersBuilder, filters: LeadFilterParams) {
  return eb.selectFrom('registrations').where(registrationMatches('registrations', filters));
}

/** Whether the registration under `alias` meets every registration filter (period, form, source, campaign). */
function registrationMatches(alias: 'registrations' | 'matched' | 'later', filters: LeadFilterParams): Expression<SqlBool> {
  const eb = expressionBuilder<SalesTables, keyof SalesTables>();
  const column = (name: 'created_at' | 'form_kind' | 'utm_source' | 'campaign_key') => sql.ref<string>(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (filters.from !== null) conditions.push(eb(column('created_at'), '>=', filters.from));
  if (filters.before !== null) conditions.push(eb(column('created_at'), '<', filters.before));
  if (filters.formKind !== null) conditions.push(eb(column('form_kind'), '=', filters.formKind));
  if (filters.utmSource !== null) conditions.push(eb(column('utm_source'), '=', filters.utmSource));
  if (filters.utmCampaign !== null) conditions.push(eb(column('campaign_key'), '=', filters.utmCampaign));
  return eb.and(conditions);
}

/** Which way the filters' registrations are read (see Drive): one count of at most FEW_REGISTRATIONS index entries. */
async function driveOf(sales: SalesDatabase, filters: LeadFilterParams): Promise<Drive> {
  if (!registrationFilterSet(filters)) return 'fromCustomers';
  const found = await sales.db
    .selectFrom(matchingRegistrations(expressionBuilder<SalesTables, 'customers'>(), filters).select(sql.lit(1).as('one')).limit(FEW_REGISTRATIONS).as('few'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(found.count) < FEW_REGISTRATIONS ? 'fromRegistrations' : 'fromCustomers';
}

/**
 * Whether a customer matches `filters`: its own fields (status, 담당자, consent, name, phone),
 * one of its registrations every registration filter (period, form, source, campaign), and a
 * visit of its on `visitDay`.
 */
export function customerMatches(eb: CustomersBuilder, filters: LeadFilterParams, drive: Drive = 'fromCustomers'): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.status !== null) conditions.push(eb('customers.status', '=', filters.status));
  if (filters.assigneeEmail !== null) conditions.push(eb('customers.assignee_email', '=', filters.assigneeEmail));
  if (filters.unassigned) conditions.push(eb('customers.assignee_email', 'is', null));
  if (filters.visibleTo !== null) conditions.push(eb.or([eb('customers.assignee_email', 'is', null), eb('customers.assignee_email', '=', filters.visibleTo)]));
  if (filters.marketing !== null) conditions.push(eb('customers.marketing_consent', '=', filters.marketing ? 1 : 0));
  if (filters.namePrefix !== null) {
    const prefix = filters.namePrefix;
    // The range finds the names by the index (text compares by code point on SQLite); the prefix check keeps it exact under any collation.
    conditions.push(
      eb('customers.name', '>=', prefix),
      eb('customers.name', '<', prefix + MAX_CHARACTER),
      eb(eb.fn('substr', ['customers.name', eb.val(1), eb.val(prefix.length)]), '=', prefix),
    );
  }
  if (filters.phoneLast4 !== null) conditions.push(eb('customers.phone_last4', '=', filters.phoneLast4));
  if (filters.phone !== null) conditions.push(eb('customers.phone', '=', filters.phone));
  if (filters.interestType) conditions.push(eb('customers.interest_type', '=', filters.interestType));
  if (filters.subscription) conditions.push(eb('customers.subscription', '=', filters.subscription));
  if (filters.funding) conditions.push(eb('customers.funding_plan', '=', filters.funding));
  if (registrationFilterSet(filters)) {
    // A registration is never later than its customer's last nor earlier than its first: these let
    // the walk over customers stop at the period's bounds.
    if (filters.from !== null) conditions.push(eb('customers.last_registered_at', '>=', filters.from));
    if (filters.before !== null) conditions.push(eb('customers.first_registered_at', '<', filters.before));
    const matching = matchingRegistrations(eb, filters);
    conditions.push(
      drive === 'fromRegistrations'
        ? eb('customers.id', 'in', matching.select('registrations.customer_id'))
        : eb.exists(matching.select(sql.lit(1).as('one')).whereRef('registrations.customer_id', '=', 'customers.id')),
    );
  }
  if (filters.visitDay !== null) {
    const day = filters.visitDay;
    // A day's visits are few: read from their index.
    conditions.push(
      eb(
        'customers.id',
        'in',
        eb
          .selectFrom('bookings')
          .select('bookings.customer_id')
          .where('bookings.status', 'in', VISIT_STATUSES)
          .where((booking) => onVisitDay(booking, day)),
      ),
    );
  }
  return eb.and(conditions);
}

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

/** Whether registration `other` comes after (`>`) or before (`<`) registration `than`: by time, ties by id. */
export function registrationBeyond(other: string, than: string, beyond: '<' | '>'): Expression<SqlBool> {
  const eb = expressionBuilder<SalesTables, keyof SalesTables>();
  const at = (alias: string) => sql.ref<string>(`${alias}.created_at`);
  const id = (alias: string) => sql.ref<string>(`${alias}.id`);
  return eb.or([eb(at(other), beyond, at(than)), eb.and([eb(at(other), '=', at(than)), eb(id(other), beyond, id(than))])]);
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

/** The customer with this whole number and its 담당자, or null (nobody's number, or nobody's customer). */
export async function assigneeOfPhone(
  sales: SalesDatabase,
  phone: string,
): Promise<{ customerId: string; assigneeEmail: string; assigneeName: string | null } | null> {
  const row = await sales.db
    .selectFrom('customers')
    .select(['id', 'assignee_email', 'assignee_name'])
    .where('phone', '=', phone)
    .where('assignee_email', 'is not', null)
    .executeTakeFirst();
  return row?.assignee_email ? { customerId: row.id, assigneeEmail: row.assignee_email, assigneeName: row.assignee_name } : null;
}

/** Where the page after `rows` starts. */
export function nextCustomerCursor(rows: readonly { id: string; createdAt: string }[]): CustomerCursor | null {
  const last = rows.at(-1);
  return last ? { at: last.createdAt, id: last.id } : null;
}

/**
 * How many customers the list shows for `filters`, on every page; with `upTo`, counting stops
 * there (the list then says "upTo 이상"): a count of hundreds of thousands costs what it counts.
 */
export async function countCustomers(sales: SalesDatabase, filters: LeadFilterParams, upTo?: number): Promise<number> {
  const tallied = talliedQuestion(filters);
  if (tallied) {
    const count = await customersRegisteredUnder(sales, tallied.dimension, tallied.value, tallied.from, tallied.to);
    return upTo === undefined ? count : Math.min(count, upTo);
  }
  const drive = await driveOf(sales, filters);
  const matching = sales.db
    .selectFrom('customers')
    .select(sql.lit(1).as('one'))
    .where((eb) => customerMatches(eb, filters, drive))
    .$if(upTo !== undefined, (query) => query.limit(upTo!));
  const row = await sales.db
    .selectFrom(matching.as('matching'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The filters as a question the customer tallies answer — customers who registered in a period,
 * under one form, source or campaign — when they ask nothing else: the count of a sparse filter
 * without reading its registrations, and the same number the statistics give.
 */
function talliedQuestion(filters: LeadFilterParams): { dimension: TallyDimension; value: string; from: string | null; to: string | null } | null {
  const { from, before, formKind, utmSource, utmCampaign, ...customerFilters } = filters;
  if (Object.values(customerFilters).some((value) => value !== null && value !== undefined)) return null;
  const asked = [
    ['formKind', formKind],
    ['utmSource', utmSource],
    ['campaignKey', utmCampaign],
  ].filter((pair): pair is [TallyDimension, string] => pair[1] !== null);
  if (asked.length > 1) return null;
  const [dimension, value] = asked[0] ?? ['all', ''];
  // The list's period is whole Seoul days: back from the instants to the days.
  return { dimension, value, from: from === null ? null : seoulDay(Date.parse(from)), to: before === null ? null : seoulDay(Date.parse(before) - 1) };
}
