import type { ColumnType, Generated } from 'kysely';
import { CONSOLE_FORM_KINDS } from '../../shared/lead-form-kinds';
import type { AdSpendTable, CustomerTallyTable, PageViewTallyTable, PressViewCountTable, RegistrationTallyTable } from './aggregate-tables';

/**
 * The sales data's relational tables, as the typed query layer (Kysely) sees them: one interface
 * (SalesTables) for SQLite and PostgreSQL alike. Here the tables of customers and their records,
 * staff accounts, the audit trail and the messages; the aggregate ones (counts and sums the reports
 * read) are in aggregate-tables.ts. Each table is created by a migration in ./migrations, the only
 * place its SQL types are written.
 */

/**
 * A sales-console account (sign-in, role, 휴대폰 for messages to staff), one row per email.
 * Times are ISO 8601 text (UTC) and `disabled` 0 or 1, the same on both databases.
 */
export interface StaffAccountTable {
  /** Normalised (trimmed, lower case). */
  email: string;
  name: string;
  /** One of STAFF_ROLES (a check in the table). */
  role: string;
  /** scrypt (auth/password.ts). */
  password_hash: string;
  disabled: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** The account's session epoch: sessions issued before it end. */
  updated_at: string;
  /** 휴대폰 (`01012345678`), or null. */
  mobile: string | null;
}

/** The form kinds a registration may have: the site's forms and the desk's. */
export const REGISTRATION_FORM_KINDS = CONSOLE_FORM_KINDS;

/** How a booking was made: a site form, on the lead page, the desk's phone-in, a walk-in at the desk. */
export const BOOKING_KINDS = ['site', 'console', 'phoneIn', 'walkIn'] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/**
 * booked: holds a place, upcoming (at most one per customer); checkedIn: came; cancelled: the place
 * was given back; released: given back when the customer was marked 무효 (the time stays on record);
 * missed: the day passed without a check-in (the place stays counted); unavailable: a delayed
 * registration asked for a slot that was full or gone by then (no place).
 */
export const BOOKING_STATUSES = ['booked', 'checkedIn', 'cancelled', 'released', 'missed', 'unavailable'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** One customer per normalised phone (unique): the unit the sales team works. Times are ISO 8601 (UTC). */
export interface CustomerTable {
  id: string;
  /** 01012345678 */
  phone: string;
  phone_last4: Generated<string>;
  /** The latest registration's. */
  name: string;
  status: ColumnType<string, string | undefined, string>;
  assignee_email: string | null;
  assignee_name: string | null;
  /** The latest registration's marketing consent, 0 once withdrawn. */
  marketing_consent: ColumnType<number, number | undefined, number>;
  first_registered_at: string;
  last_registered_at: string;
  version: ColumnType<number, number | undefined, number>;
  updated_at: string;
  /** 관심 타입, 청약 자격, 자금 계획 (web/shared/customer-profile.ts): null until chosen. */
  interest_type: ColumnType<string | null, string | null | undefined, string | null>;
  subscription: ColumnType<string | null, string | null | undefined, string | null>;
  funding_plan: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * What the customer's calls, bookings and status say (customers/customer-facts.ts), kept with
   * every change of them (customers/customer-tallies.ts), so that 오늘 할 일 and the funnel read an index or a tally:
   * 1 when the customer has a 담당자 who has not called them since they were given the customer.
   */
  awaiting_call: ColumnType<number, number | undefined, number>;
  /** The latest call's time, or null when never called. */
  last_call_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The 재통화 time the latest call agreed, or null. */
  callback_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** How far down the funnel the customer came: 0 registered, 1 came to the model house (방문), 2 contracted. */
  funnel_step: ColumnType<number, number | undefined, number>;
  /** The utm sources of its registrations, for the list's source filter (customers/customer-sources.ts). */
  utm_sources: ColumnType<string, string | undefined, string>;
}

/** One form sent (a site form, the desk's 현장 등록 or phone-in), under its customer. */
export interface RegistrationTable {
  /** `lead-…`: derived from the form's token, so a retry lands on the same row. */
  id: string;
  customer_id: string;
  created_at: string;
  name: string;
  form_kind: string;
  message: string | null;
  source_page: string | null;
  landing_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  campaign_key: string | null;
  marketing_consent: ColumnType<number, number | undefined, number>;
  notice_version: string | null;
  agreed_at: string | null;
  requested_slot_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 동반 인원 the desk noted (0–20); null when not asked. */
  companions: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface VisitSlotTable {
  id: string;
  date: string;
  time: string;
  capacity: number;
  booked: ColumnType<number, number | undefined, number>;
  version: ColumnType<number, number | undefined, number>;
  created_at: string;
}

export interface BookingTable {
  id: string;
  customer_id: string;
  registration_id: string | null;
  slot_id: string | null;
  /** YYYY-MM-DD HH:mm, Seoul. */
  visit_at: string;
  kind: BookingKind;
  status: BookingStatus;
  checked_in_at: string | null;
  created_at: string;
  created_by: string | null;
}

export interface CallTable {
  id: string;
  customer_id: string;
  at: string;
  author_email: string;
  author_name: string;
  result: string;
  callback_at: string | null;
}

export interface MemoTable {
  id: string;
  customer_id: string;
  at: string;
  author_email: string;
  author_name: string;
  text: string;
}

/** Each time a customer was given to a 담당자 (or to nobody), and by whom (null: automatically). */
export interface AssignmentTable {
  id: string;
  customer_id: string;
  at: string;
  assignee_email: string | null;
  assignee_name: string | null;
  by_email: string | null;
  /** The 균등 배분 this assignment was part of; null for any other. */
  distribution_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Each change of a customer's status by staff work, and whose customer it was then (상담사별 실적's 계약). */
export interface StatusChangeTable {
  id: string;
  customer_id: string;
  /** ISO 8601, UTC. */
  at: string;
  status: string;
  assignee_email: string | null;
  by_email: string;
}

export interface CustomerMergeNoteTable {
  customer_id: string;
  registration_id: string;
  note: string;
}

/**
 * The audit trail (audit/trail.ts creates it on SQLite, a SQL migration on PostgreSQL), written
 * here in the transaction of the change it records. PostgreSQL sets `at` itself.
 */
export interface AuditEventTable {
  seq: Generated<number>;
  at: ColumnType<string, string | undefined, never>;
  actor: string;
  action: string;
  target: string | null;
  detail: string | null;
  ip: string;
}

/**
 * The messages' outbox and send log: one row per message (its key: event, lead and qualifier),
 * naming the lead, never the number or the name. Times in milliseconds since the epoch, bigints
 * (answered as text by PostgreSQL's driver: read them through Number).
 */
export interface LeadMessageTable {
  key: string;
  lead_id: string;
  event: string;
  status: ColumnType<string, string | undefined, string>;
  reason: string | null;
  provider_code: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: ColumnType<number | string, number, number>;
  created_at: ColumnType<number | string, number, never>;
  updated_at: ColumnType<number | string, number, number>;
  /** The staff account (email) a staff message is for; null for the customer. */
  recipient: string | null;
}

/** The automatic assignment's switch (one row, id 1), set on the console. */
export interface AssignmentSettingsTable {
  id: number;
  round_robin: number;
  /** Null until the console first changed it. */
  updated_at: string | null;
  updated_by: string | null;
}

/** 상담사 who take no part in automatic assignment or 균등 배분. */
export interface AssignmentOptOutTable {
  email: string;
}

/** A confirmed group message (단체 문자): the template as confirmed, whom it went to, by whom. */
export interface GroupSendTable {
  id: string;
  /** The confirmation's own key: a second press of it finds this row and queues nothing. */
  request_key: string;
  template_id: string;
  title: string;
  /** 'notice' or 'ad' (web/shared/group-messages.ts). */
  purpose: string;
  /** The 알림톡 template code of a notice; null for an ad (sent as 문자 only). */
  template_code: string | null;
  text: string;
  /** Who was chosen, as the audit record says it. */
  audience: string;
  recipients: ColumnType<number, number | undefined, number>;
  excluded: ColumnType<number, number | undefined, number>;
  by_email: string;
  created_at: string;
}

export interface SalesTables {
  ad_spend: AdSpendTable;
  page_view_tallies: PageViewTallyTable;
  staff_accounts: StaffAccountTable;
  press_view_counts: PressViewCountTable;
  customers: CustomerTable;
  registrations: RegistrationTable;
  visit_slots: VisitSlotTable;
  bookings: BookingTable;
  calls: CallTable;
  memos: MemoTable;
  assignments: AssignmentTable;
  status_changes: StatusChangeTable;
  customer_merge_notes: CustomerMergeNoteTable;
  audit_events: AuditEventTable;
  lead_messages: LeadMessageTable;
  registration_tallies: RegistrationTallyTable;
  assignment_settings: AssignmentSettingsTable;
  assignment_opt_outs: AssignmentOptOutTable;
  customer_tallies: CustomerTallyTable;
  group_sends: GroupSendTable;
}
