/**
 * One customer as the console's customer page reads them: every registration, booking, call, memo
 * and assignment; and which customer a registration or a whole number names (the reception desk's
 * lookup among them). The list (./customer-list.ts) reads a customer's profile and 부재 count the
 * same way.
 */
import { sql, type Expression } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingKind, BookingStatus } from '../database/tables';
import { MISSED_CALL_RESULT } from '../../shared/call-results';
import { isFundingPlan, isSubscription, type CustomerProfile } from '../../shared/customer-profile';
import type { DeskCustomer } from '../../shared/desk-registration';

/** The customer's 관심 타입, 청약 자격 and 자금 계획 from its columns (a code no longer on a list reads as none). */
export function profileOf(row: { interest_type: string | null; subscription: string | null; funding_plan: string | null }): CustomerProfile {
  return {
    interestType: row.interest_type,
    subscription: row.subscription && isSubscription(row.subscription) ? row.subscription : null,
    funding: row.funding_plan && isFundingPlan(row.funding_plan) ? row.funding_plan : null,
  };
}

/** The customer's 부재 calls since their last call with another result ("3회 부재"). */
export function missedCallsInARow(customerId: Expression<string>) {
  return sql<number | string>`(SELECT count(*) FROM calls AS missed WHERE missed.customer_id = ${customerId} AND missed.result = ${MISSED_CALL_RESULT}
    AND missed.at > COALESCE((SELECT max(answered.at) FROM calls AS answered WHERE answered.customer_id = ${customerId} AND answered.result <> ${MISSED_CALL_RESULT}), ''))`;
}

/** The most registrations a customer's page lists. */
export const CUSTOMER_REGISTRATIONS_SHOWN = 50;

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
  bookings: Array<{
    id: string;
    registrationId: string | null;
    slotId: string | null;
    visitAt: string;
    kind: BookingKind;
    status: BookingStatus;
    checkedInAt: string | null;
    createdAt: string;
    createdBy: string | null;
  }>;
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
      .select([
        'id',
        'registration_id as registrationId',
        'slot_id as slotId',
        'visit_at as visitAt',
        'kind',
        'status',
        'checked_in_at as checkedInAt',
        'created_at as createdAt',
        'created_by as createdBy',
      ])
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
    db
      .selectFrom('memos')
      .select(['id', 'at', 'author_email as authorEmail', 'author_name as authorName', 'text'])
      .where('customer_id', '=', customerId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
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

/** The customer with this number (or id) as the reception desk finds them, with their 담당자 and coming visit (`today` on, Seoul). */
export async function deskCustomer(sales: SalesDatabase, column: 'phone' | 'id', value: string, today: string): Promise<DeskCustomer | null> {
  const row = await sales.db
    .selectFrom('customers')
    .select((eb) => [
      'customers.id',
      'customers.version',
      'customers.name',
      'customers.assignee_name',
      'customers.assignee_email',
      eb
        .selectFrom('bookings')
        .select('bookings.visit_at')
        .whereRef('bookings.customer_id', '=', 'customers.id')
        .where('bookings.status', '=', 'booked')
        .where('bookings.visit_at', '>=', today)
        .limit(1)
        .as('comingVisitAt'),
    ])
    .where(`customers.${column}`, '=', value)
    .executeTakeFirst();
  if (!row) return null;
  return {
    customerId: row.id,
    rev: String(row.version),
    name: row.name,
    assigneeName: row.assignee_email ? (row.assignee_name ?? row.assignee_email) : null,
    comingVisitAt: row.comingVisitAt ?? null,
  };
}
