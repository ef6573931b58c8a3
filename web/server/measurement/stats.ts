/**
 * The console's campaign statistics for a range of Seoul days: page views, visits and visitors
 * from the daily aggregates, joined with the leads of the same days by campaign (utm source,
 * medium, name) and by landing page, so that each campaign shows its registrations, visit
 * bookings and conversion rate (registrations per visit).
 */
import type { StatsLeadsQueryResult } from '../../sanity/sanity.types';
import { statsLeadsQuery } from '../../sanity/queries';
import { campaignKey, campaignLabel, conversionLabel, STATS_COLUMNS, STATS_TABLE_COLUMNS, type FunnelRow, type StatsRange } from '../../shared/campaign-stats';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { costPer, monthsOfRange, type AdSpendEntry } from '../../shared/ad-spend';
import { adSpendOfMonths } from './ad-spend';
import { pageViewTallies, type PageViewTally } from './page-views';
import { BOM, csvLine } from '../csv';

export type StatsCounts = { views: number; visits: number; visitors: number; leads: number; bookings: number };
export type StatsRow = StatsCounts & { key: string; label: string };
export type CampaignStatsReport = {
  range: StatsRange;
  totals: StatsCounts;
  /** By utm source / medium / campaign; conversion = leads ÷ visits. */
  campaigns: StatsRow[];
  /** By the first page of the visit (a lead's landing page, or its form's page when it has none). */
  landingPages: StatsRow[];
  /** By the referring site of a visit's first page. */
  referrers: StatsRow[];
  devices: StatsRow[];
  days: StatsRow[];
  /** 등록 → 통화 → 내방 → 계약 per campaign, most registrations first. */
  funnel: FunnelRow[];
};

export type CampaignStats = { read(range: StatsRange): Promise<CampaignStatsReport> };

const DEVICE_LABELS: Record<string, string> = { mobile: '모바일', desktop: '데스크톱' };
const FOLDED = '*';

export function campaignStatsOf(stores: { leads: ContentSource; sales: SalesDatabase }): CampaignStats {
  return {
    async read(range) {
      const [views, leads, spend] = await Promise.all([
        pageViewTallies(stores.sales, range),
        stores.leads.fetch(statsLeadsQuery, { since: seoulDayStart(range.from), until: seoulDayStart(range.to, 1) }),
        adSpendOfMonths(stores.sales, monthsOfRange(range)),
      ]);
      return joinCampaignStats(range, views, leads, spend);
    },
  };
}

class Tally {
  private readonly rows = new Map<string, StatsRow>();
  constructor(private readonly labelOf: (key: string) => string) {}

  add(key: string, counts: Partial<StatsCounts>): void {
    const row = this.rows.get(key) ?? { key, label: this.labelOf(key), views: 0, visits: 0, visitors: 0, leads: 0, bookings: 0 };
    for (const field of ['views', 'visits', 'visitors', 'leads', 'bookings'] as const) row[field] += counts[field] ?? 0;
    this.rows.set(key, row);
  }

  /** Most visits first, then most registrations; ties by label. */
  sorted(): StatsRow[] {
    return [...this.rows.values()].sort((a, b) => b.visits - a.visits || b.leads - a.leads || a.label.localeCompare(b.label, 'ko'));
  }

  inOrder(): StatsRow[] {
    return [...this.rows.values()].sort((a, b) => a.key.localeCompare(b.key));
  }
}

/** A traffic row's key: source, medium and campaign key, each case-folded. */
const trafficKey = (source: string | null, medium: string | null, campaign: string | null) =>
  JSON.stringify([source ?? '', medium ?? '', campaign ?? ''].map(campaignKey));

function trafficKeyLabel(key: string): string {
  const [source = '', medium = '', campaign = ''] = JSON.parse(key) as string[];
  if (source === FOLDED) return '(기타: 하루 조합 수 상한 초과)';
  return campaignLabel({ source, medium, campaign });
}

export function joinCampaignStats(range: StatsRange, views: readonly PageViewTally[], leads: StatsLeadsQueryResult, spend: readonly AdSpendEntry[] = []): CampaignStatsReport {
  const totals: StatsCounts = { views: 0, visits: 0, visitors: 0, leads: 0, bookings: 0 };
  const campaigns = new Tally(trafficKeyLabel);
  const landingPages = new Tally((path) => (path === FOLDED ? '(기타)' : path || '(알 수 없음)'));
  const referrers = new Tally((host) => (host === FOLDED ? '(기타)' : host || '(직접 방문·내부)'));
  const devices = new Tally((device) => DEVICE_LABELS[device] ?? device);
  const days = new Tally((day) => day);

  for (const row of views) {
    const counts = { views: row.views, visits: row.visits, visitors: row.visitors };
    for (const field of ['views', 'visits', 'visitors'] as const) totals[field] += counts[field];
    campaigns.add(trafficKey(row.utmSource, row.utmMedium, row.utmCampaign), counts);
    // A page's visits are the visits that began there; its other views are not landings.
    if (counts.visits > 0) landingPages.add(row.path, { visits: counts.visits, views: counts.visits });
    if (counts.visits > 0) referrers.add(row.referrerHost, { visits: counts.visits });
    devices.add(row.device, counts);
    days.add(row.day, counts);
  }
  // A customer is a phone number: registering again counts as a registration once per row (a
  // campaign, a page, a day, the totals); every booked visit still counts.
  const counted = new Set<string>();
  const countsOf = (table: string, key: string, lead: StatsLeadsQueryResult[number]) => {
    const customer = `${table}\u0000${key}\u0000${lead.phone ?? ''}`;
    const first = !lead.phone || !counted.has(customer);
    counted.add(customer);
    return { leads: first ? 1 : 0, bookings: lead.visitAt ? 1 : 0 };
  };
  for (const lead of leads) {
    const total = countsOf('totals', '', lead);
    totals.leads += total.leads;
    totals.bookings += total.bookings;
    const campaign = trafficKey(lead.utmSource, lead.utmMedium, lead.utmCampaign);
    campaigns.add(campaign, countsOf('campaigns', campaign, lead));
    const landingPage = lead.landingPage ?? lead.sourcePage ?? '';
    landingPages.add(landingPage, countsOf('landingPages', landingPage, lead));
    if (lead.createdAt) {
      const day = seoulDay(Date.parse(lead.createdAt));
      days.add(day, countsOf('days', day, lead));
    }
  }
  return {
    range,
    totals,
    campaigns: campaigns.sorted(),
    landingPages: landingPages.sorted(),
    referrers: referrers.sorted(),
    devices: devices.sorted(),
    days: days.inOrder(),
    funnel: funnelOf(leads, spend),
  };
}

/** A lead that came to the model house: checked in at the desk, or marked 방문 완료 or 계약 by hand. */
const VISITED_STATUSES = new Set(['visited', 'contracted']);

type Reached = { called: boolean; visited: boolean; contracted: boolean };
type Touch = { at: string; key: string };

/**
 * Each campaign's customers (phone numbers), a step reached on any of their registrations from it,
 * and where each customer came first and last. A row is a campaign key, as ad spend is entered, so
 * each campaign's spend is on one row only; a campaign with spend and no customer still has a row.
 */
function funnelOf(leads: StatsLeadsQueryResult, spend: readonly AdSpendEntry[]): FunnelRow[] {
  const campaigns = new Map<string, Map<string, Reached>>();
  const reach = (key: string, customer: string, lead: StatsLeadsQueryResult[number]) => {
    const customers = campaigns.get(key) ?? new Map<string, Reached>();
    campaigns.set(key, customers);
    const reached = customers.get(customer) ?? { called: false, visited: false, contracted: false };
    reached.called ||= lead.called === true;
    reached.visited ||= Boolean(lead.checkedInAt) || VISITED_STATUSES.has(lead.status);
    reached.contracted ||= lead.status === 'contracted';
    customers.set(customer, reached);
  };
  const touches = new Map<string, { first: Touch; last: Touch }>();
  for (const [index, lead] of leads.entries()) {
    const customer = lead.phone ?? `unknown-${index}`;
    const key = campaignKey(lead.utmCampaign ?? '');
    reach(key, customer, lead);
    const touch = { at: lead.createdAt ?? '', key };
    const known = touches.get(customer);
    if (!known) touches.set(customer, { first: touch, last: touch });
    else if (touch.at < known.first.at) known.first = touch;
    else if (touch.at >= known.last.at) known.last = touch;
  }
  const firstTouches = new Map<string, number>();
  const lastTouches = new Map<string, number>();
  for (const { first, last } of touches.values()) {
    firstTouches.set(first.key, (firstTouches.get(first.key) ?? 0) + 1);
    lastTouches.set(last.key, (lastTouches.get(last.key) ?? 0) + 1);
  }
  const spent = new Map<string, number>();
  for (const entry of spend) {
    const key = campaignKey(entry.campaign);
    spent.set(key, (spent.get(key) ?? 0) + entry.amount);
    if (!campaigns.has(key)) campaigns.set(key, new Map());
  }
  const count = (customers: Map<string, Reached>, step: keyof Reached) => [...customers.values()].filter((reached) => reached[step]).length;
  return [...campaigns.entries()]
    .map(([key, customers]) => {
      const campaignSpend = spent.get(key) ?? null;
      return {
        key,
        label: campaignLabel({ source: '', medium: '', campaign: key }),
        leads: customers.size,
        firstTouch: firstTouches.get(key) ?? 0,
        lastTouch: lastTouches.get(key) ?? 0,
        called: count(customers, 'called'),
        visited: count(customers, 'visited'),
        contracted: count(customers, 'contracted'),
        spend: campaignSpend,
        costPerLead: costPer(campaignSpend, customers.size),
        costPerVisit: costPer(campaignSpend, count(customers, 'visited')),
      };
    })
    .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label, 'ko'));
}

const FUNNEL_CSV_HEADER = ['캠페인 퍼널', '항목', '등록', '첫 유입', '마지막 유입', '통화', '내방', '계약', '광고비(원)', '등록당 비용(원)', '내방당 비용(원)'];
const CSV_HEADER = ['구분', '항목', '페이지뷰', '사이트 방문', '사이트 방문자', '관심고객 등록', '방문예약', '전환율(등록÷사이트 방문)'];

/**
 * Every table of the report in one sheet, one row per line, with the section in the first column;
 * a cell a table does not count (a device's registrations) is empty, as on the page.
 */
export function campaignStatsCsv(report: CampaignStatsReport): string {
  const line = (section: string, label: string, row: StatsCounts, table: keyof typeof STATS_TABLE_COLUMNS) => {
    const { columns, conversion } = STATS_TABLE_COLUMNS[table];
    const counted = new Set<string>(columns);
    return csvLine([
      section,
      label,
      ...STATS_COLUMNS.map((column) => (counted.has(column) ? String(row[column]) : '')),
      conversion && row.visits > 0 ? conversionLabel(row.leads, row.visits) : '',
    ]);
  };
  const sections: Array<[string, StatsRow[], keyof typeof STATS_TABLE_COLUMNS]> = [
    ['캠페인', report.campaigns, 'campaigns'],
    ['랜딩 페이지', report.landingPages, 'landingPages'],
    ['유입 사이트', report.referrers, 'referrers'],
    ['기기', report.devices, 'devices'],
    ['일자', report.days, 'days'],
  ];
  return (
    BOM +
    csvLine(CSV_HEADER) +
    line('합계', `${report.range.from} ~ ${report.range.to}`, report.totals, 'totals') +
    sections.map(([section, rows, table]) => rows.map((row) => line(section, row.label, row, table)).join('')).join('') +
    csvLine([]) +
    csvLine(FUNNEL_CSV_HEADER) +
    report.funnel
      .map((row) => csvLine([FUNNEL_CSV_HEADER[0], row.label, ...[row.leads, row.firstTouch, row.lastTouch, row.called, row.visited, row.contracted, row.spend, row.costPerLead, row.costPerVisit].map((cell) => (cell === null ? '' : String(cell)))]))
      .join('')
  );
}
