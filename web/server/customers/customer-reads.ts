/**
 * Every read of the sales console over the customer tables, one query for SQLite and PostgreSQL:
 * the list and its count (one row per customer, listed when the customer or any of its
 * registrations matches the filters), a customer's page, the visit sheet and slots, 오늘 할 일 and
 * the export. Counted numbers live in ./numbers.ts.
 */
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingKind, BookingStatus, SalesTables } from '../database/tables';
import type { LeadFilterParams } from '../console/lead-query';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import { MISSED_CALL_RESULT } from '../../shared/call-results';
import { isFundingPlan, isSubscription, type CustomerProfile } from '../../shared/customer-profile';

/** The customer's 관심 타입, 청약 자격 and 자금 계획 from its columns (a code no longer on a list reads as none). */
export function profileOf(row: { interest_type: string | null; subscription: string | null; funding_plan: string | null }): CustomerProfile {
  return {
    interestType: row.interest_type,
    subscription: row.subscription && isSubscription(row.subscription) ? row.subscription : null,
    funding: row.funding_plan && isFundingPlan(row.funding_plan) ? row.funding_plan : null,
  };
}
import { assignedAtOf, customersRegisteredUnder, type TallyDimension } from './customer-tallies';

/** Where a page of customers starts: after the customer (last_registered_at, id) last shown. */
export type CustomerCursor = { at: string; id: string };

/** Customers per export page: memory holds one page, whatever the total. */
export const EXPORT_PAGE_CUSTOMERS = 500;
/** The most registrations a customer's page lists. */
export const CUSTOMER_REGISTRATIONS_SHOWN = 50;

/** The bookings that stand for a visit (to come, made, or passed by): a cancelled or released one does not. */
export const VISIT_STATUSES = ['booked', 'checkedIn', 'missed'] as const satisfies readonly BookingStatus[];

/** Above every character: `name < prefix || MAX` bounds the names that start with `prefix`. */
const MAX_CHARACTER = '\u{10FFFF}';

type CustomersBuilder = ExpressionBuilder<SalesTables, 'customers'>;

/** The customer's 부재 calls since their last call with another result ("3회 부재"). */
function missedCallsInARow(customerId: Expression<string>) {
  return sql<number | string>`(SELECT count(*) FROM calls AS missed WHERE missed.customer_id = ${customerId} AND missed.result = ${MISSED_CALL_RESULT}
    AND missed.at > COALESCE((SELECT max(answered.at) FROM calls AS answered WHERE answered.customer_id = ${customerId} AND answered.result <> ${MISSED_CALL_RESULT}), ''))`;
}

/** A Seoul day's visits: `visit_at` is 'YYYY-MM-DD HH:mm' in Seoul time. */
function onVisitDay(eb: ExpressionBuilder<SalesTables, 'bookings'>, day: string): Expression<SqlBool> {
  return eb.and([eb('bookings.visit_at', '>=', `${day} 00:00`), eb('bookings.visit_at', '<=', `${day} 23:59`)]);
}

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
  return eb
    .selectFrom('registrations')
    .$if(filters.from !== null, (query) => query.where('registrations.created_at', '>=', filters.from!))
    .$if(filters.before !== null, (query) => query.where('registrations.created_at', '<', filters.before!))
    .$if(filters.formKind !== null, (query) => query.where('registrations.form_kind', '=', filters.formKind!))
    .$if(filters.utmSource !== null, (query) => query.where('registrations.utm_source', '=', filters.utmSource!))
    .$if(filters.utmCampaign !== null, (query) => query.where('registrations.campaign_key', '=', filters.utmCampaign!));
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
    conditions.push(eb('customers.name', '>=', prefix), eb('customers.name', '<', prefix + MAX_CHARACTER), eb(eb.fn('substr', ['customers.name', eb.val(1), eb.val(prefix.length)]), '=', prefix));
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

/** A page of matching customers, newest activity first, after `cursor`. */
function matchingCustomers(sales: SalesDatabase, filters: LeadFilterParams, drive: Drive, cursor: CustomerCursor | null, limit: number) {
  return sales.db
    .selectFrom('customers')
    // The page's keys only: a filter whose matches are sorted (a name prefix) sorts index entries,
    // and the page's 25 rows are read after.
    .select(['customers.id', 'customers.last_registered_at'])
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
    .limit(limit);
}

export type CustomerListRow = {
  id: string;
  /** The customer's newest registration. */
  registrationId: string | null;
  createdAt: string;
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
 * (ties by id), each with its newest registration, its coming (or latest) visit, its last call
 * and how many registrations it has. The page is chosen first, then only its rows are joined.
 */
export async function listCustomers(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null, limit: number): Promise<CustomerListRow[]> {
  const drive = await driveOf(sales, filters);
  const rows = await sales.db
    .selectFrom(matchingCustomers(sales, filters, drive, cursor, limit).as('keys'))
    .innerJoin('customers as page', 'page.id', 'keys.id')
    .leftJoin('registrations as newest', (join) =>
      join.on((eb) =>
        eb(
          'newest.id',
          '=',
          eb
            .selectFrom('registrations')
            .select('registrations.id')
            .whereRef('registrations.customer_id', '=', 'page.id')
            .orderBy('registrations.created_at', 'desc')
            .orderBy('registrations.id', 'desc')
            .limit(1),
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
      'page.last_registered_at as createdAt',
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
      eb.selectFrom('registrations').select((count) => count.fn.countAll().as('n')).whereRef('registrations.customer_id', '=', 'page.id').as('registrations'),
    ])
    // By the page's keys: ordered by the customers' own columns, SQLite would walk every customer
    // in that order and look each up among the page's.
    .orderBy('keys.last_registered_at', 'desc')
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
export async function assigneeOfPhone(sales: SalesDatabase, phone: string): Promise<{ customerId: string; assigneeEmail: string; assigneeName: string | null } | null> {
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

export type CustomerDetail = {
  id: string;
  phone: string;
  name: string;
  status: string;
  assigneeEmail: string | null;
  assigneeName: string | null;
  marketing: boolean;
  firstRegisteredAt: string;
  lastRegisteredAt: string;
  /** A change made from a page that showed an older version is refused. */
  version: number;
  /** 부재 calls in a row, up to the last call. */
  missedCalls: number;
  profile: CustomerProfile;
  registrations: Array<{
    id: string;
    createdAt: string;
    name: string;
    formKind: string;
    message: string | null;
    sourcePage: string | null;
    landingPage: string | null;
    utmSource: string | null;
    utmMedium: string | null;
    utmCampaign: string | null;
    marketing: boolean;
    noticeVersion: string | null;
    agreedAt: string | null;
  }>;
  bookings: Array<{ id: string; registrationId: string | null; slotId: string | null; visitAt: string; kind: BookingKind; status: BookingStatus; checkedInAt: string | null; createdAt: string; createdBy: string | null }>;
  calls: Array<{ id: string; at: string; authorEmail: string; authorName: string; result: string; callbackAt: string | null }>;
  memos: Array<{ id: string; at: string; authorEmail: string; authorName: string; text: string }>;
  assignments: Array<{ id: string; at: string; assigneeEmail: string | null; assigneeName: string | null; byEmail: string | null }>;
};

/**
 * One customer with everything worked on it: its registrations (newest first, at most
 * CUSTOMER_REGISTRATIONS_SHOWN), bookings (by visit time), calls, memos and assignments (oldest first).
 */
export async function customerDetail(sales: SalesDatabase, customerId: string): Promise<CustomerDetail | null> {
  const db = sales.db;
  const customer = await db
    .selectFrom('customers')
    .select([
      'id',
      'phone',
      'name',
      'status',
      'assignee_email as assigneeEmail',
      'assignee_name as assigneeName',
      'marketing_consent',
      'first_registered_at as firstRegisteredAt',
      'last_registered_at as lastRegisteredAt',
      'version',
      missedCallsInARow(sql.ref('customers.id')).as('missedCalls'),
      'interest_type',
      'subscription',
      'funding_plan',
    ])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) return null;
  const [registrations, bookings, calls, memos, assignments] = await Promise.all([
    db
      .selectFrom('registrations')
      .select([
        'id',
        'created_at as createdAt',
        'name',
        'form_kind as formKind',
        'message',
        'source_page as sourcePage',
        'landing_page as landingPage',
        'utm_source as utmSource',
        'utm_medium as utmMedium',
        'utm_campaign as utmCampaign',
        'marketing_consent',
        'notice_version as noticeVersion',
        'agreed_at as agreedAt',
      ])
      .where('customer_id', '=', customerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CUSTOMER_REGISTRATIONS_SHOWN)
      .execute(),
    db
      .selectFrom('bookings')
      .select(['id', 'registration_id as registrationId', 'slot_id as slotId', 'visit_at as visitAt', 'kind', 'status', 'checked_in_at as checkedInAt', 'created_at as createdAt', 'created_by as createdBy'])
      .where('customer_id', '=', customerId)
      .orderBy('visit_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('calls')
      .select(['id', 'at', 'author_email as authorEmail', 'author_name as authorName', 'result', 'callback_at as callbackAt'])
      .where('customer_id', '=', customerId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db.selectFrom('memos').select(['id', 'at', 'author_email as authorEmail', 'author_name as authorName', 'text']).where('customer_id', '=', customerId).orderBy('at').orderBy('id').execute(),
    db
      .selectFrom('assignments')
      .select(['id', 'at', 'assignee_email as assigneeEmail', 'assignee_name as assigneeName', 'by_email as byEmail'])
      .where('customer_id', '=', customerId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  const { marketing_consent: marketing, interest_type, subscription, funding_plan, ...fields } = customer;
  return {
    ...fields,
    profile: profileOf({ interest_type, subscription, funding_plan }),
    marketing: marketing === 1,
    missedCalls: Number(fields.missedCalls),
    registrations: registrations.map(({ marketing_consent: consent, ...registration }) => ({ ...registration, marketing: consent === 1 })),
    bookings,
    calls,
    memos,
    assignments,
  };
}

/** The customer a registration belongs to (an old `lead-…` link, an audit record's target), or null. */
export async function customerIdOfRegistration(sales: SalesDatabase, registrationId: string): Promise<string | null> {
  const row = await sales.db.selectFrom('registrations').select('customer_id').where('id', '=', registrationId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/** A visitor as the visit sheet and 오늘 할 일 show them. */
export type SheetVisitor = {
  bookingId: string;
  customerId: string;
  name: string;
  phone: string;
  status: string;
  assigneeName: string | null;
  visitAt: string;
  bookingStatus: BookingStatus;
  lastMemo: string | null;
  checkedInAt: string | null;
};

function sheetVisitors(sales: SalesDatabase) {
  return sales.db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select((eb) => [
      'bookings.id as bookingId',
      'customers.id as customerId',
      'customers.name',
      'customers.phone',
      'customers.status',
      'customers.assignee_name as assigneeName',
      'bookings.visit_at as visitAt',
      'bookings.status as bookingStatus',
      'bookings.slot_id as slotId',
      eb
        .selectFrom('memos')
        .select('memos.text')
        .whereRef('memos.customer_id', '=', 'customers.id')
        .orderBy('memos.at', 'desc')
        .orderBy('memos.id', 'desc')
        .limit(1)
        .as('lastMemo'),
      'bookings.checked_in_at as checkedInAt',
    ]);
}

export type VisitSheet = {
  slots: Array<{ id: string; time: string; capacity: number; booked: number; visitors: SheetVisitor[] }>;
  /** Who came without a booking, in order of arrival. */
  walkIns: SheetVisitor[];
};

/** A day's (YYYY-MM-DD) slots with their visitors (booked, come, or missed), and its walk-ins. */
export async function visitSheet(sales: SalesDatabase, day: string): Promise<VisitSheet> {
  const [slots, visitors] = await Promise.all([
    sales.db.selectFrom('visit_slots').select(['id', 'time', 'capacity', 'booked']).where('date', '=', day).orderBy('time').orderBy('id').execute(),
    sheetVisitors(sales)
      .select('bookings.kind')
      .where((eb) => onVisitDay(eb, day))
      .where((eb) => eb.or([eb('bookings.status', 'in', VISIT_STATUSES).and('bookings.slot_id', 'is not', null), eb('bookings.kind', '=', 'walkIn').and('bookings.status', '=', 'checkedIn')]))
      .orderBy('bookings.visit_at')
      .orderBy('bookings.created_at')
      .orderBy('bookings.id')
      .execute(),
  ]);
  const visitor = ({ slotId: _slotId, kind: _kind, ...row }: (typeof visitors)[number]): SheetVisitor => row;
  return {
    slots: slots.map((slot) => ({ ...slot, visitors: visitors.filter((row) => row.slotId === slot.id).map(visitor) })),
    walkIns: visitors.filter((row) => row.kind === 'walkIn').map(visitor),
  };
}

/** Slots dated `from` (YYYY-MM-DD) or later with a place left, earliest first. */
export async function openSlots(sales: SalesDatabase, from: string, limit = 200) {
  const rows = await sales.db
    .selectFrom('visit_slots')
    .select(['id', 'date', 'time', 'capacity', 'booked'])
    .where('date', '>=', from)
    .where(sql<SqlBool>`booked < capacity`)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((slot) => ({ ...slot, placesLeft: slot.capacity - slot.booked }));
}

/** Places and bookings of each day from `from` up to, not including, `until` (YYYY-MM-DD). */
export async function slotFill(sales: SalesDatabase, from: string, until: string): Promise<Array<{ date: string; slots: number; capacity: number; booked: number }>> {
  const rows = await sales.db
    .selectFrom('visit_slots')
    .select((eb) => ['date', eb.fn.countAll().as('slots'), eb.fn.sum<number | string>('capacity').as('capacity'), eb.fn.sum<number | string>('booked').as('booked')])
    .where('date', '>=', from)
    .where('date', '<', until)
    .groupBy('date')
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ date: row.date, slots: Number(row.slots), capacity: Number(row.capacity), booked: Number(row.booked) }));
}

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
  const theirs = (eb: CustomersBuilder) => eb.and([eb('customers.status', '!=', 'invalid'), ...(email === null ? [] : [eb('customers.assignee_email', '=', email)])]);
  const until = seoulDayStart(day, 1);
  const customerColumns = ['customers.id as customerId', 'customers.name', 'customers.phone', 'customers.status', 'customers.assignee_name as assigneeName'] as const;

  // Each part reads the facts kept on the customer (customer-tallies.ts) through a partial index
  // holding only the customers it lists; the conditions are written as the indexes' are.
  const [notContacted, callbacks, visits, returning] = await Promise.all([
    db
      .selectFrom('customers')
      .select((eb) => [...customerColumns, assignedAtOf(eb).as('assignedAt'), 'customers.last_registered_at as lastRegisteredAt', sql<number>`CASE WHEN customers.first_registered_at < customers.last_registered_at THEN 1 ELSE 0 END`.as('returning')])
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
        eb.selectFrom('calls').select('calls.result').whereRef('calls.customer_id', '=', 'customers.id').orderBy('calls.at', 'desc').orderBy('calls.id', 'desc').limit(1).as('lastCallResult'),
      ])
      .where((eb) => theirs(eb))
      .where(sql<SqlBool>`customers.callback_at IS NOT NULL`)
      .where('customers.callback_at', '>=', seoulDayStart(day, -RECENT_DAYS))
      .where('customers.callback_at', '<', until)
      .orderBy('customers.callback_at')
      .orderBy('customers.id')
      .limit(TODAY_LINES)
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
        eb.selectFrom('registrations').select((count) => count.fn.countAll().as('n')).whereRef('registrations.customer_id', '=', 'customers.id').as('registrations'),
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

type Touch = { at: string; utmSource: string | null; utmCampaign: string | null; formKind: string };

export type CustomerExportRow = Omit<CustomerListRow, 'registrationId' | 'formKind' | 'utmSource' | 'utmCampaign'> & {
  firstTouch: Touch | null;
  lastTouch: Touch | null;
  calls: Array<{ at: string; result: string; callbackAt: string | null; authorName: string }>;
  memos: Array<{ at: string; text: string; authorName: string }>;
};

/**
 * The next EXPORT_PAGE_CUSTOMERS customers of the list after `cursor` (its filters and order),
 * each with its first and last registration, every call and every memo (oldest first).
 */
export async function exportCustomers(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null): Promise<CustomerExportRow[]> {
  const page = await listCustomers(sales, filters, cursor, EXPORT_PAGE_CUSTOMERS);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const db = sales.db;
  const touchColumns = ['registrations.customer_id as customerId', 'registrations.created_at as at', 'registrations.utm_source as utmSource', 'registrations.utm_campaign as utmCampaign', 'registrations.form_kind as formKind'] as const;
  const [firsts, calls, memos] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(touchColumns)
      .where('registrations.customer_id', 'in', ids)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('registrations as earlier')
              .select(sql.lit(1).as('one'))
              .whereRef('earlier.customer_id', '=', 'registrations.customer_id')
              .where((earlier) =>
                earlier.or([
                  earlier('earlier.created_at', '<', earlier.ref('registrations.created_at')),
                  earlier.and([earlier('earlier.created_at', '=', earlier.ref('registrations.created_at')), earlier('earlier.id', '<', earlier.ref('registrations.id'))]),
                ]),
              ),
          ),
        ),
      )
      .execute(),
    db.selectFrom('calls').select(['customer_id as customerId', 'at', 'result', 'callback_at as callbackAt', 'author_name as authorName']).where('customer_id', 'in', ids).orderBy('at').orderBy('id').execute(),
    db.selectFrom('memos').select(['customer_id as customerId', 'at', 'text', 'author_name as authorName']).where('customer_id', 'in', ids).orderBy('at').orderBy('id').execute(),
  ]);
  const byCustomer = <Row extends { customerId: string }>(rows: Row[]) => {
    const grouped = new Map<string, Array<Omit<Row, 'customerId'>>>();
    for (const { customerId, ...row } of rows) grouped.set(customerId, [...(grouped.get(customerId) ?? []), row]);
    return grouped;
  };
  const firstOf = byCustomer(firsts);
  const callsOf = byCustomer(calls);
  const memosOf = byCustomer(memos);
  return page.map(({ registrationId: _registration, formKind, utmSource, utmCampaign, ...row }) => ({
    ...row,
    firstTouch: firstOf.get(row.id)?.[0] ?? null,
    lastTouch: formKind === null ? null : { at: row.createdAt, utmSource, utmCampaign, formKind },
    calls: callsOf.get(row.id) ?? [],
    memos: memosOf.get(row.id) ?? [],
  }));
}
