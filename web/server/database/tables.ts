import type { ColumnType } from 'kysely';

/**
 * The sales data's relational tables, as the typed query layer (Kysely) sees them: one interface
 * for SQLite and PostgreSQL alike. Each table is created by a migration in ./migrations, the only
 * place its SQL types are written.
 */

/** Ad spend per campaign and month: one row per campaign (its folded key) and month. */
export interface AdSpendTable {
  campaign: string;
  /** YYYY-MM */
  month: string;
  /** Won, up to 10^12: a bigint, which PostgreSQL's driver answers as text (read it through Number). */
  amount: ColumnType<number | string, number, number>;
}

/**
 * Page views of one Seoul day for one combination of page, referring host, campaign and device:
 * counts only, nothing about any visitor (measurement/page-views.ts).
 */
export interface PageViewTallyTable {
  /** YYYY-MM-DD, Seoul. */
  day: string;
  /** The combination's key: a hash of its dimensions, "*" dimensions for the folded ones. */
  combination: string;
  path: string;
  referrer_host: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  views: number;
  visits: number;
  visitors: number;
}

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

/** Views of one press article, counted by the site in batches (press/view-counter.ts). */
export interface PressViewCountTable {
  article_id: string;
  site_id: string;
  /** Bigints, answered as text by PostgreSQL's driver (read them through Number). */
  views: ColumnType<number | string, number, number>;
  carried_over: ColumnType<number | string, number | undefined, number>;
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

export interface SalesTables {
  ad_spend: AdSpendTable;
  page_view_tallies: PageViewTallyTable;
  staff_accounts: StaffAccountTable;
  press_view_counts: PressViewCountTable;
  lead_messages: LeadMessageTable;
}
