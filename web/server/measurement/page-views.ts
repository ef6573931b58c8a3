/**
 * First-party page-view statistics: counts per Seoul day and combination of page, referring
 * host, campaign (utm_source/medium/campaign) and device class, and nothing else. No cookie, no
 * IP address and no identifier that outlives the day is stored: unique visitors are told apart
 * by an HMAC under a salt that is dropped when the day turns. Counts go to the sales database's
 * `page_view_tallies` in batches (BatchedCounts), never one write per page view. Who is a new visitor and which
 * combinations the day stores is decided in memory (one instance) or, with DATABASE_URL, in
 * PostgreSQL (./shared-page-views.ts), so several instances count a visitor once.
 */
import { limitAddress } from '../http/client-address';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { BatchedCounts, type BatchedCountsOptions, type CountsWriter } from '../batched-counts';
import type { PageViewTallyTable, SalesDatabase } from '../database/index';
import { isPersonsView, ViewGate, type ViewRequest } from '../http/view-gate';
import { isConsolePath } from '../../shared/console-path';
import { ownPagePath } from '../../shared/own-page-path';
import { seoulDay } from '../../shared/seoul-time';
import type { PageViewBeacon } from '../../shared/measure';

/**
 * Distinct combinations stored per day; later ones are folded into one
 * "*" combination per device, so a flood of made-up campaigns cannot grow the store: at most
 * ≈ 500 documents of ≈ 400 bytes a day, about 75 MB a year.
 */
export const MAX_COMBINATIONS_PER_DAY = 500;
/**
 * New combinations one address may bring in a day (a real visitor brings one or two: the landing
 * page's campaign and the pages after it); beyond that its new ones are folded.
 */
export const MAX_NEW_COMBINATIONS_PER_ADDRESS = 5;
/**
 * Of the day's combinations, how many may have been seen from one address only, so combinations
 * many visitors share always find room however many one-visitor ones were made up.
 */
export const MAX_SINGLE_ADDRESS_COMBINATIONS = 250;

/** Longest kept value of a dimension (a path, a host, a utm value). */
const MAX_DIMENSION_LENGTH = 100;

export type Device = 'mobile' | 'desktop';

export type PageViewFacts = {
  path: string;
  landing: boolean;
  referrerHost: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: Device;
};

const OTHER = '*';
const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPad|iPod/i;

/** The facts a beacon reports, or null when it does not name one of our (public) pages. */
export function pageViewFacts(beacon: PageViewBeacon, req: Pick<ViewRequest, 'header'>, ownHost: string): PageViewFacts | null {
  const page = ownPagePath(beacon.page);
  const path = page.split('?')[0] ?? '/';
  if (page === '/' && beacon.page.split('?')[0] !== '/') return null;
  // The console is staff at work, not visitors.
  if (isConsolePath(path)) return null;
  const campaign = new URLSearchParams(beacon.campaign);
  const referrerHost = beacon.landing ? hostOf(beacon.referrer) : '';
  return {
    path: path.slice(0, MAX_DIMENSION_LENGTH),
    landing: beacon.landing,
    referrerHost: referrerHost === ownHost.toLowerCase() ? '' : referrerHost,
    utmSource: dimension(campaign.get('utm_source')),
    utmMedium: dimension(campaign.get('utm_medium')),
    utmCampaign: dimension(campaign.get('utm_campaign')),
    device: req.header('sec-ch-ua-mobile') === '?1' || MOBILE_USER_AGENT.test(req.header('user-agent') ?? '') ? 'mobile' : 'desktop',
  };
}

function hostOf(referrer: string): string {
  try {
    const url = new URL(referrer);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.hostname.toLowerCase().slice(0, MAX_DIMENSION_LENGTH) : '';
  } catch {
    return '';
  }
}

// eslint-disable-next-line no-control-regex -- a beacon's dimension keeps no control character
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

function dimension(value: string | null): string {
  return (value ?? '').replace(CONTROL_CHARACTERS, '').trim().slice(0, MAX_DIMENSION_LENGTH);
}

/**
 * Which combinations a Seoul day stores. An address is known only as HMAC(salt of the day, IP) in
 * memory, dropped with the salt when the day turns. A combination is admitted while the day has
 * room and its address has brought fewer than MAX_NEW_COMBINATIONS_PER_ADDRESS; one seen from a
 * single address counts against MAX_SINGLE_ADDRESS_COMBINATIONS until a second address brings it
 * (a folded one is remembered, so its second address admits it then).
 */
class CombinationAdmission {
  constructor(private readonly newPerAddressMax: number) {}

  private salt = randomBytes(32);
  /** Admitted combination → the address that brought it, or null once a second one did. */
  private readonly admitted = new Map<string, string | null>();
  private singles = 0;
  private readonly newPerAddress = new Map<string, number>();
  private readonly folded = new LRUCache<string, string>({ max: 20_000 });

  /** Whether combination `id`, viewed from `ip`, is stored as itself. */
  admit(id: string, ip: string): boolean {
    const address = createHmac('sha256', this.salt).update(ip).digest('base64url').slice(0, 16);
    const admittedFrom = this.admitted.get(id);
    if (admittedFrom !== undefined) {
      if (admittedFrom !== null && admittedFrom !== address) {
        this.admitted.set(id, null);
        this.singles -= 1;
      }
      return true;
    }
    const firstFrom = this.folded.get(id);
    const shared = firstFrom !== undefined && firstFrom !== address;
    const brought = this.newPerAddress.get(address) ?? 0;
    const room = this.admitted.size < MAX_COMBINATIONS_PER_DAY && (shared || this.singles < MAX_SINGLE_ADDRESS_COMBINATIONS);
    if (!room || brought >= this.newPerAddressMax) {
      if (firstFrom === undefined) this.folded.set(id, address);
      return false;
    }
    this.newPerAddress.set(address, brought + 1);
    this.admitted.set(id, shared ? null : address);
    if (!shared) this.singles += 1;
    this.folded.delete(id);
    return true;
  }
}

/** Who counts as a new visitor today, and which combinations the day stores as themselves. */
export interface PageViewGate {
  /** Whether this is the visitor's first view of `key` (their campaign) this Seoul day. */
  firstView(req: ViewRequest, day: string, key: string): Promise<boolean>;
  /** Whether combination `id`, viewed from `ip`, is stored as itself. */
  admit(day: string, id: string, ip: string): Promise<boolean>;
}

/** One instance: fingerprints and the day's combinations in memory. */
export class MemoryPageViewGate implements PageViewGate {
  /** One visitor per campaign per Seoul day. */
  private readonly visitors: ViewGate;
  private day = '';
  private combinations: CombinationAdmission;

  constructor(
    now: () => number,
    private readonly combinationsPerAddress: number,
  ) {
    this.visitors = new ViewGate({ now, periodOf: (time) => Date.parse(seoulDay(time)), maxFingerprints: 500_000 });
    this.combinations = new CombinationAdmission(combinationsPerAddress);
  }

  async firstView(req: ViewRequest, _day: string, key: string): Promise<boolean> {
    return this.visitors.firstPageView(req, key);
  }

  async admit(day: string, id: string, ip: string): Promise<boolean> {
    if (day !== this.day) {
      this.day = day;
      this.combinations = new CombinationAdmission(this.combinationsPerAddress);
    }
    return this.combinations.admit(id, ip);
  }
}

export type PageViewStatsOptions = BatchedCountsOptions & {
  now?: () => number;
  combinationsPerAddress?: number;
  /** Where visitors and combinations are decided, given the per-address cap (default: in memory). */
  gate?: (combinationsPerAddress: number) => PageViewGate;
};

export class PageViewStats {
  private readonly counts: BatchedCounts<TallyDimensions>;
  private readonly gate: PageViewGate;

  constructor(
    sales: SalesDatabase,
    private readonly options: PageViewStatsOptions = {},
  ) {
    this.counts = new BatchedCounts(tallyWriter(sales), 'page views', options);
    const combinationsPerAddress = options.combinationsPerAddress ?? MAX_NEW_COMBINATIONS_PER_ADDRESS;
    this.gate = options.gate ? options.gate(combinationsPerAddress) : new MemoryPageViewGate(options.now ?? Date.now, combinationsPerAddress);
  }

  start(): void {
    this.counts.start();
  }

  /** Counts a person's page view (a bot's or a prefetch's is not); whether it was counted. */
  async record(facts: PageViewFacts, req: ViewRequest): Promise<boolean> {
    if (!isPersonsView(req)) return false;
    const day = seoulDay((this.options.now ?? Date.now)());
    const newVisitor = await this.gate.firstView(req, day, `${facts.utmSource}\u0000${facts.utmMedium}\u0000${facts.utmCampaign}`);
    const { facts: counted, id } = await this.withinCap(day, facts, limitAddress(req.ip));
    this.counts.add(id, () => tallyDimensions(day, counted), {
      views: 1,
      visits: counted.landing ? 1 : 0,
      visitors: newVisitor ? 1 : 0,
    });
    return true;
  }

  flush(): Promise<void> {
    return this.counts.flush();
  }

  stop(): Promise<void> {
    return this.counts.stop();
  }

  /** The facts to count and their document id: one hash per view, unless it is folded. */
  private async withinCap(day: string, facts: PageViewFacts, ip: string): Promise<{ facts: PageViewFacts; id: string }> {
    const id = pageViewDayId(day, facts);
    if (await this.gate.admit(day, id, ip)) return { facts, id };
    const folded = { ...facts, path: OTHER, referrerHost: OTHER, utmSource: OTHER, utmMedium: OTHER, utmCampaign: OTHER };
    return { facts: folded, id: pageViewDayId(day, folded) };
  }
}

/** What a tally row is, apart from its counts. */
type TallyDimensions = Pick<PageViewTallyTable, 'day' | 'path' | 'referrer_host' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'device'>;

function tallyDimensions(day: string, facts: PageViewFacts): TallyDimensions {
  return {
    day,
    path: facts.path,
    referrer_host: facts.referrerHost,
    utm_source: facts.utmSource,
    utm_medium: facts.utmMedium,
    utm_campaign: facts.utmCampaign,
    device: facts.device,
  };
}

/** A flush: every combination's counts added to its row (created at 0), in one statement. */
function tallyWriter(sales: SalesDatabase): CountsWriter<TallyDimensions> {
  return async (counts) => {
    const rows = [...counts].map(([combination, { row, inc }]) => ({
      ...row,
      combination,
      views: inc.views ?? 0,
      visits: inc.visits ?? 0,
      visitors: inc.visitors ?? 0,
    }));
    await sales.db
      .insertInto('page_view_tallies')
      .values(rows)
      .onConflict((conflict) =>
        conflict.columns(['day', 'combination']).doUpdateSet((add) => ({
          views: add('page_view_tallies.views', '+', add.ref('excluded.views')),
          visits: add('page_view_tallies.visits', '+', add.ref('excluded.visits')),
          visitors: add('page_view_tallies.visitors', '+', add.ref('excluded.visitors')),
        })),
      )
      .execute();
  };
}

/** A day's counts for one combination, as the statistics read them. */
export type PageViewTally = Omit<PageViewFacts, 'landing'> & { day: string; views: number; visits: number; visitors: number };

/** The tallies of the Seoul days `from` … `to` (YYYY-MM-DD, both included). */
export async function pageViewTallies(sales: SalesDatabase, range: { from: string; to: string }): Promise<PageViewTally[]> {
  const rows = await sales.db.selectFrom('page_view_tallies').selectAll().where('day', '>=', range.from).where('day', '<=', range.to).execute();
  return rows.map((row) => ({
    day: row.day,
    path: row.path,
    referrerHost: row.referrer_host,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    device: row.device as Device,
    views: row.views,
    visits: row.visits,
    visitors: row.visitors,
  }));
}

/** One row per day and combination: the same combination always adds to the same row. */
export function pageViewDayId(day: string, facts: Omit<PageViewFacts, 'landing'>): string {
  const combination = [facts.path, facts.referrerHost, facts.utmSource, facts.utmMedium, facts.utmCampaign, facts.device].join('\u0000');
  return `pageViews-${day}-${createHash('sha256').update(combination).digest('base64url').slice(0, 16)}`;
}
