/**
 * The sales data's aggregate tables, as the typed query layer (Kysely) sees them: counts and sums
 * the reports read (ad spend, page views, press views, the registration and customer tallies), with
 * no row per customer or visitor. Apart from tables.ts, which holds the tables of customers and
 * their records; its SalesTables names them all. Each is created by a migration in ./migrations,
 * the only place its SQL types are written.
 */
import type { ColumnType } from 'kysely';

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

/** Views of one press article, counted by the site in batches (press/view-counter.ts). */
export interface PressViewCountTable {
  article_id: string;
  site_id: string;
  /** Bigints, answered as text by PostgreSQL's driver (read them through Number). */
  views: ColumnType<number | string, number, number>;
  carried_over: ColumnType<number | string, number | undefined, number>;
}

/** Registrations counted per Seoul day and what they came by (customers/registration-tallies.ts); '' for no value. */
export interface RegistrationTallyTable {
  /** YYYY-MM-DD, Seoul. */
  day: string;
  form_kind: string;
  utm_source: string;
  utm_medium: string;
  campaign_key: string;
  landing_page: string;
  /** Which of the key's rows (registration-tallies.ts): concurrent registrations add to different ones. */
  shard: number;
  registrations: number;
  first_touches: number;
  last_touches: number;
  day_customers: number;
}

/**
 * Customers counted per Seoul day and what they registered under (customers/customer-tallies.ts):
 * each row counts the customers who registered under `value` of `dimension` on `day` and, before
 * that, last on `previous_day` ('' for never), with how many of them were called, came and
 * contracted. The customers of a period are the rows of its days whose previous day is before it.
 */
export interface CustomerTallyTable {
  /** 'all' (value ''), 'formKind', 'utmSource', 'campaignKey' or 'landingPage'. */
  dimension: string;
  /** '' for a registration without the value. */
  value: string;
  /** YYYY-MM-DD, Seoul. */
  day: string;
  previous_day: string;
  /** Spreads one key's writes over a few rows on PostgreSQL (row locks); 0 on SQLite. Read it only summed. */
  shard: number;
  customers: number;
  called: number;
  visited: number;
  contracted: number;
}
