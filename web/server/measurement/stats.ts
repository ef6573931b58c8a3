/**
 * The console's campaign statistics for a range of Seoul days: page views, visits and visitors
 * from the daily aggregates beside the sales numbers of the same days, each read from its one
 * definition (customers/numbers.ts): 등록 (registrations, every form sent), 고객 (customers, one
 * per phone), 방문 예약 (bookings) and 현장 방문 (walk-ins, never counted as bookings) by visit day,
 * and per campaign the funnel with first and last touch and the ad spend.
 */
import { campaignKey, campaignLabel, conversionLabel, STATS_COLUMNS, STATS_TABLE_COLUMNS, type FunnelRow, type StatsRange } from '../../shared/campaign-stats';
import type { SalesDatabase } from '../database/index';
import { costPer, monthsOfRange, type AdSpendEntry } from '../../shared/ad-spend';
import {
  funnelByCampaign,
  registeredCustomerCount,
  registeredCustomersBy,
  registrationCount,
  registrationsBy,
  registrationsByTraffic,
  touchesByCampaign,
  visitsByDay,
  bookingCount,
  walkInCount,
  type CampaignFunnel,
} from '../customers/numbers';
import { adSpendOfMonths } from './ad-spend';
import { pageViewTallies, type PageViewTally } from './page-views';
import { BOM, csvLine } from '../csv';

export type StatsCounts = { views: number; visits: number; visitors: number; registrations: number; customers: number; bookings: number; walkIns: number };
export type StatsRow = StatsCounts & { key: string; label: string };
export type CampaignStatsReport = {
  range: StatsRange;
  totals: StatsCounts;
  /** By utm source / medium / campaign; conversion = registrations ÷ visits. */
  campaigns: StatsRow[];
  /** By the first page of the visit (a registration's landing page, or its form's page when it has none). */
  landingPages: StatsRow[];
  /** By the referring site of a visit's first page. */
  referrers: StatsRow[];
  devices: StatsRow[];
  /** Registrations and customers by the day they registered, bookings and walk-ins by visit day. */
  days: StatsRow[];
  /** 등록 → 통화 → 내방 → 계약 per campaign, most customers first. */
  funnel: FunnelRow[];
};

export type CampaignStats = { read(range: StatsRange): Promise<CampaignStatsReport> };

/** The sales numbers of a range the report is made of, each from its one definition. */
export type SalesNumbers = {
  registrations: number;
  customers: number;
  bookings: number;
  walkIns: number;
  registrationsByTraffic: Awaited<ReturnType<typeof registrationsByTraffic>>;
  registrationsByLandingPage: Map<string | null, number>;
  registrationsByDay: Map<string | null, number>;
  customersByDay: Map<string | null, number>;
  visitsByDay: Awaited<ReturnType<typeof visitsByDay>>;
  funnel: CampaignFunnel[];
  firstTouches: Map<string | null, number>;
  lastTouches: Map<string | null, number>;
};

const DEVICE_LABELS: Record<string, string> = { mobile: '모바일', desktop: '데스크톱' };
const FOLDED = '*';

export async function salesNumbersOf(sales: SalesDatabase, range: StatsRange): Promise<SalesNumbers> {
  const [registrations, customers, bookings, walkIns, byTraffic, byLandingPage, byDay, customersByDay, visits, funnel, firstTouches, lastTouches] =
    await Promise.all([
      registrationCount(sales, range),
      registeredCustomerCount(sales, range),
      bookingCount(sales, range),
      walkInCount(sales, range),
      registrationsByTraffic(sales, range),
      registrationsBy(sales, range, 'landingPage'),
      registrationsBy(sales, range, 'day'),
      registeredCustomersBy(sales, range, 'day'),
      visitsByDay(sales, range),
      funnelByCampaign(sales, range),
      touchesByCampaign(sales, range, 'first'),
      touchesByCampaign(sales, range, 'last'),
    ]);
  return {
    registrations,
    customers,
    bookings,
    walkIns,
    registrationsByTraffic: byTraffic,
    registrationsByLandingPage: byLandingPage,
    registrationsByDay: byDay,
    customersByDay,
    visitsByDay: visits,
    funnel,
    firstTouches,
    lastTouches,
  };
}

export function campaignStatsOf(stores: { sales: SalesDatabase }): CampaignStats {
  return {
    async read(range) {
      const [views, numbers, spend] = await Promise.all([
        pageViewTallies(stores.sales, range),
        salesNumbersOf(stores.sales, range),
        adSpendOfMonths(stores.sales, monthsOfRange(range)),
      ]);
      return joinCampaignStats(range, views, numbers, spend);
    },
  };
}

const NO_COUNTS: StatsCounts = { views: 0, visits: 0, visitors: 0, registrations: 0, customers: 0, bookings: 0, walkIns: 0 };
const FIELDS = Object.keys(NO_COUNTS) as Array<keyof StatsCounts>;

class Tally {
  private readonly rows = new Map<string, StatsRow>();
  constructor(private readonly labelOf: (key: string) => string) {}

  add(key: string, counts: Partial<StatsCounts>): void {
    const row = this.rows.get(key) ?? { key, label: this.labelOf(key), ...NO_COUNTS };
    for (const field of FIELDS) row[field] += counts[field] ?? 0;
    this.rows.set(key, row);
  }

  /** Most visits first, then most registrations; ties by label. */
  sorted(): StatsRow[] {
    return [...this.rows.values()].sort((a, b) => b.visits - a.visits || b.registrations - a.registrations || a.label.localeCompare(b.label, 'ko'));
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

export function joinCampaignStats(
  range: StatsRange,
  views: readonly PageViewTally[],
  numbers: SalesNumbers,
  spend: readonly AdSpendEntry[] = [],
): CampaignStatsReport {
  const totals: StatsCounts = {
    ...NO_COUNTS,
    registrations: numbers.registrations,
    customers: numbers.customers,
    bookings: numbers.bookings,
    walkIns: numbers.walkIns,
  };
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
  for (const row of numbers.registrationsByTraffic) campaigns.add(trafficKey(row.source, row.medium, row.campaignKey), { registrations: row.count });
  for (const [page, count] of numbers.registrationsByLandingPage) landingPages.add(page ?? '', { registrations: count });
  for (const [day, count] of numbers.registrationsByDay) days.add(day ?? '', { registrations: count });
  for (const [day, count] of numbers.customersByDay) days.add(day ?? '', { customers: count });
  for (const [day, count] of numbers.visitsByDay.bookings) days.add(day, { bookings: count });
  for (const [day, count] of numbers.visitsByDay.walkIns) days.add(day, { walkIns: count });
  return {
    range,
    totals,
    campaigns: campaigns.sorted(),
    landingPages: landingPages.sorted(),
    referrers: referrers.sorted(),
    devices: devices.sorted(),
    days: days.inOrder(),
    funnel: funnelOf(numbers, spend),
  };
}

/** No campaign: the funnel's key for customers who came without a utm_campaign. */
const NO_CAMPAIGN = '';

/**
 * Each campaign's customers at each step (customers/numbers.ts funnelByCampaign), its first and
 * last touches, and its spend. A row is a campaign key, as ad spend is entered, so each campaign's
 * spend is on one row only; a campaign with spend and no customer still has a row.
 */
function funnelOf(numbers: SalesNumbers, spend: readonly AdSpendEntry[]): FunnelRow[] {
  const steps = new Map<string, Omit<CampaignFunnel, 'campaignKey'>>(numbers.funnel.map(({ campaignKey: key, ...counts }) => [key ?? NO_CAMPAIGN, counts]));
  const spent = new Map<string, number>();
  for (const entry of spend) {
    const key = campaignKey(entry.campaign);
    spent.set(key, (spent.get(key) ?? 0) + entry.amount);
  }
  const touched = (touches: Map<string | null, number>, key: string) => touches.get(key === NO_CAMPAIGN ? null : key) ?? 0;
  const keys = new Set([...steps.keys(), ...spent.keys()]);
  return [...keys]
    .map((key) => {
      const { customers, called, visited, contracted } = steps.get(key) ?? { customers: 0, called: 0, visited: 0, contracted: 0 };
      const campaignSpend = spent.get(key) ?? null;
      return {
        key,
        label: campaignLabel({ source: '', medium: '', campaign: key }),
        customers,
        firstTouch: touched(numbers.firstTouches, key),
        lastTouch: touched(numbers.lastTouches, key),
        called,
        visited,
        contracted,
        spend: campaignSpend,
        costPerCustomer: costPer(campaignSpend, customers),
        costPerVisit: costPer(campaignSpend, visited),
      };
    })
    .sort((a, b) => b.customers - a.customers || a.label.localeCompare(b.label, 'ko'));
}

const FUNNEL_CSV_HEADER = [
  '캠페인 퍼널',
  '항목',
  '등록 고객',
  '첫 유입',
  '마지막 유입',
  '통화',
  '내방',
  '계약',
  '광고비(원)',
  '고객당 비용(원)',
  '내방당 비용(원)',
];
const CSV_HEADER = ['구분', '항목', '페이지뷰', '사이트 방문', '사이트 방문자', '등록', '고객', '방문 예약', '현장 방문', '전환율(등록÷사이트 방문)'];

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
      conversion && row.visits > 0 ? conversionLabel(row.registrations, row.visits) : '',
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
      .map((row) =>
        csvLine([
          FUNNEL_CSV_HEADER[0],
          row.label,
          ...[row.customers, row.firstTouch, row.lastTouch, row.called, row.visited, row.contracted, row.spend, row.costPerCustomer, row.costPerVisit].map(
            (cell) => (cell === null ? '' : String(cell)),
          ),
        ]),
      )
      .join('')
  );
}
