/**
 * First-party page-view statistics: counts per Seoul day and combination of page, referring
 * host, campaign (utm_source/medium/campaign) and device class, and nothing else. No cookie, no
 * IP address and no identifier that outlives the day is stored: unique visitors are told apart
 * by the ViewGate's HMAC under a salt that is dropped when the day turns. Counts go to the leads
 * store in batches (BatchedCounts), never one write per page view.
 */
import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { BatchedCounts, type BatchedCountsOptions } from '../batched-counts';
import type { ContentSource } from '../content/types';
import { isPersonsView, ViewGate } from '../press/view-gate';
import { ownPagePath } from '../../shared/own-page-path';
import { seoulDay } from '../../shared/seoul-time';
import type { PageViewBeacon } from '../../shared/measure';

export const PAGE_VIEW_DAY_TYPE = 'pageViewDay';

/**
 * Distinct combinations stored per day (per server process); later ones are folded into one
 * "*" combination per device, so a flood of made-up campaigns cannot grow the store: at most
 * ≈ 500 documents of ≈ 400 bytes a day, about 75 MB a year.
 */
export const MAX_COMBINATIONS_PER_DAY = 500;

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
export function pageViewFacts(beacon: PageViewBeacon, req: Pick<Request, 'get'>, ownHost: string): PageViewFacts | null {
  const page = ownPagePath(beacon.page);
  const path = page.split('?')[0] ?? '/';
  if (page === '/' && beacon.page.split('?')[0] !== '/') return null;
  // The console is staff at work, not visitors.
  if (/^\/admin(\/|$)/i.test(path)) return null;
  const campaign = new URLSearchParams(beacon.campaign);
  const referrerHost = beacon.landing ? hostOf(beacon.referrer) : '';
  return {
    path: path.slice(0, MAX_DIMENSION_LENGTH),
    landing: beacon.landing,
    referrerHost: referrerHost === ownHost.toLowerCase() ? '' : referrerHost,
    utmSource: dimension(campaign.get('utm_source')),
    utmMedium: dimension(campaign.get('utm_medium')),
    utmCampaign: dimension(campaign.get('utm_campaign')),
    device: req.get('sec-ch-ua-mobile') === '?1' || MOBILE_USER_AGENT.test(req.get('user-agent') ?? '') ? 'mobile' : 'desktop',
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

function dimension(value: string | null): string {
  // eslint-disable-next-line no-control-regex
  return (value ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, MAX_DIMENSION_LENGTH);
}

export class PageViewStats {
  private readonly counts: BatchedCounts;
  /** One visitor per campaign per Seoul day. */
  private readonly visitors: ViewGate;
  private day = '';
  private combinations = new Set<string>();

  constructor(
    store: ContentSource,
    private readonly options: BatchedCountsOptions & { now?: () => number } = {},
  ) {
    const now = options.now ?? Date.now;
    this.counts = new BatchedCounts(store, 'page views', options);
    this.visitors = new ViewGate({ now, periodOf: (time) => Date.parse(seoulDay(time)), maxFingerprints: 500_000 });
  }

  start(): void {
    this.counts.start();
  }

  /** Counts a person's page view (a bot's or a prefetch's is not); whether it was counted. */
  record(facts: PageViewFacts, req: Request): boolean {
    if (!isPersonsView(req)) return false;
    const day = seoulDay((this.options.now ?? Date.now)());
    if (day !== this.day) {
      this.day = day;
      this.combinations = new Set();
    }
    const newVisitor = this.visitors.firstPageView(req, `${facts.utmSource}\u0000${facts.utmMedium}\u0000${facts.utmCampaign}`);
    const { facts: counted, id: _id } = this.withinCap(day, facts);
    const { landing, ...dimensions } = counted;
    this.counts.add(_id, () => ({ _id, _type: PAGE_VIEW_DAY_TYPE, day, ...dimensions, views: 0, visits: 0, visitors: 0 }), {
      views: 1,
      visits: landing ? 1 : 0,
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
  private withinCap(day: string, facts: PageViewFacts): { facts: PageViewFacts; id: string } {
    const id = pageViewDayId(day, facts);
    if (this.combinations.has(id)) return { facts, id };
    if (this.combinations.size < MAX_COMBINATIONS_PER_DAY) {
      this.combinations.add(id);
      return { facts, id };
    }
    const folded = { ...facts, path: OTHER, referrerHost: OTHER, utmSource: OTHER, utmMedium: OTHER, utmCampaign: OTHER };
    return { facts: folded, id: pageViewDayId(day, folded) };
  }
}

/** One document per day and combination: the same combination always adds to the same document. */
export function pageViewDayId(day: string, facts: Omit<PageViewFacts, 'landing'>): string {
  const combination = [facts.path, facts.referrerHost, facts.utmSource, facts.utmMedium, facts.utmCampaign, facts.device].join('\u0000');
  return `pageViews-${day}-${createHash('sha256').update(combination).digest('base64url').slice(0, 16)}`;
}
