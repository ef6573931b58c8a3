/**
 * The console's campaign statistics, shared by its page and the CSV export: the date range of a
 * request and the labels of what is shown.
 */
import { DAY_FORMAT_MESSAGE, isDay, REVERSED_RANGE_MESSAGE, shiftDay } from './seoul-time';

export const STATS_PATH = '/admin/stats';
export const STATS_EXPORT_PATH = '/admin/stats.csv';

/** Longest range a statistics page or export covers. */
export const MAX_STATS_DAYS = 92;
const DEFAULT_STATS_DAYS = 7;

export type StatsRange = { from: string; to: string };

/**
 * Customers of a campaign (one row per campaign key) at each step: registered under it in the
 * period, called at least once, came to the model house (내방), contracted; its first touches
 * (new customers of the period whose first registration came from it) and last touches (customers
 * whose latest registration is in the period and came from it); and what they cost: the
 * campaign's ad spend in the months of the range, divided by its customers and by those who came
 * (null without spend or without a divisor).
 */
export type FunnelRow = {
  key: string;
  label: string;
  customers: number;
  firstTouch: number;
  lastTouch: number;
  called: number;
  visited: number;
  contracted: number;
  spend: number | null;
  costPerCustomer: number | null;
  costPerVisit: number | null;
};

/** The last 7 days, today included. */
export function defaultStatsRange(today: string): StatsRange {
  return { from: shiftDay(today, -(DEFAULT_STATS_DAYS - 1)), to: today };
}

/** The range asked for (`from`, `to` as YYYY-MM-DD, Seoul days), the last 7 days by default; an error message in Korean when it is not a range. */
export function parseStatsRange(search: URLSearchParams, today: string): StatsRange | { error: string } {
  const from = search.get('from') || defaultStatsRange(today).from;
  const to = search.get('to') || today;
  if (!isDay(from) || !isDay(to)) return { error: DAY_FORMAT_MESSAGE };
  if (from > to) return { error: REVERSED_RANGE_MESSAGE };
  if (shiftDay(from, MAX_STATS_DAYS - 1) < to) return { error: `기간은 최대 ${MAX_STATS_DAYS}일까지 조회할 수 있습니다.` };
  return { from, to };
}

/**
 * The one key of a campaign (utm_campaign) wherever it is entered, stored or counted: trimmed and
 * case-folded, since ad links arrive as "Launch_Search" and "launch_search" for the same campaign.
 */
export function campaignKey(name: string): string {
  return name.trim().toLowerCase();
}

/** "네이버 / cpc / 봄분양" for a campaign's utm source, medium and name; "(캠페인 없음)" without. */
export function campaignLabel(campaign: { source: string; medium: string; campaign: string }): string {
  const parts = [campaign.source, campaign.medium, campaign.campaign].filter(Boolean);
  return parts.length > 0 ? parts.join(' / ') : '(캠페인 없음)';
}

/** Registrations per visit as a percentage with one decimal ("2.5%"); "-" when there was no visit. */
export function conversionLabel(conversions: number, visits: number): string {
  return visits > 0 ? `${((conversions / visits) * 100).toFixed(1)}%` : '-';
}

export type StatsColumn = 'views' | 'visits' | 'visitors' | 'registrations' | 'customers' | 'bookings' | 'walkIns';
export const STATS_COLUMNS: readonly StatsColumn[] = ['views', 'visits', 'visitors', 'registrations', 'customers', 'bookings', 'walkIns'];

/**
 * What each table of the statistics counts, on the page and in the CSV alike. A registration
 * records its campaign and landing page but not its device or referring site, so those tables
 * count visits only; a landing page counts the visits that began there (not its other views, nor
 * visitors). Customers, bookings and walk-ins are counted in the totals and per day (customers per
 * campaign are the funnel's).
 */
export const STATS_TABLE_COLUMNS = {
  totals: { columns: STATS_COLUMNS, conversion: true },
  campaigns: { columns: ['views', 'visits', 'visitors', 'registrations'], conversion: true },
  landingPages: { columns: ['visits', 'registrations'], conversion: true },
  referrers: { columns: ['visits'], conversion: false },
  devices: { columns: ['views', 'visits', 'visitors'], conversion: false },
  days: { columns: STATS_COLUMNS, conversion: true },
} as const satisfies Record<string, { columns: readonly StatsColumn[]; conversion: boolean }>;
