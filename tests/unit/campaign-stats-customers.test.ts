/**
 * The statistics count a customer (one phone number) once per row: three registrations of one
 * person from one campaign are one 관심고객 등록 there, and each campaign they came from counts them once.
 */
import { describe, expect, it } from 'vitest';
import type { LeadStatus } from '../../web/shared/console';
import { campaignStatsCsv, joinCampaignStats } from '../../web/server/measurement/stats';

const range = { from: '2026-11-20', to: '2026-11-22' };
const lead = (phone: string, createdAt: string, campaign: string | null, visitAt: string | null = null) => ({
  phone,
  createdAt,
  visitAt,
  landingPage: '/',
  sourcePage: '/',
  utmSource: campaign ? 'naver' : null,
  utmMedium: campaign ? 'cpc' : null,
  utmCampaign: campaign,
  called: false,
  checkedInAt: null as string | null,
  status: 'new' as LeadStatus,
});

describe('campaign statistics by customer', () => {
  const report = joinCampaignStats(range, [], [
    lead('01012345678', '2026-11-20T01:00:00.000Z', 'launch'),
    lead('01012345678', '2026-11-20T02:00:00.000Z', 'launch', '2026-11-25 14:00'),
    lead('01012345678', '2026-11-21T01:00:00.000Z', 'winter'),
    lead('01099990000', '2026-11-21T02:00:00.000Z', 'launch'),
  ]);
  const leadsOf = (label: RegExp) => report.campaigns.find((row) => label.test(row.label))?.leads;

  it('counts a customer once per campaign, however often they registered from it', () => {
    expect(leadsOf(/launch/)).toBe(2);
    expect(leadsOf(/winter/)).toBe(1);
  });

  it('counts each customer once in the totals and once per day', () => {
    expect(report.totals.leads).toBe(2);
    expect(report.days.map((day) => [day.key, day.leads])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-21', 2],
    ]);
  });

  it('still counts every booked visit', () => {
    expect(report.totals.bookings).toBe(1);
  });
});

describe('the funnel by campaign', () => {
  const worked = (phone: string, createdAt: string, campaign: string | null, work: { called?: boolean; checkedInAt?: string; status?: LeadStatus }) => ({
    ...lead(phone, createdAt, campaign),
    called: work.called ?? false,
    checkedInAt: work.checkedInAt ?? null,
    status: work.status ?? 'new',
  });
  const report = joinCampaignStats(range, [], [
    // One customer twice from launch: called on the first registration, visited and contracted on the second.
    worked('01012345678', '2026-11-20T01:00:00.000Z', 'launch', { called: true }),
    worked('01012345678', '2026-11-20T02:00:00.000Z', 'launch', { checkedInAt: '2026-11-21T05:00:00.000Z', status: 'contracted' }),
    worked('01099990000', '2026-11-21T02:00:00.000Z', 'launch', { called: true, status: 'visited' }),
    worked('01055554444', '2026-11-21T03:00:00.000Z', 'launch', {}),
    worked('01055554444', '2026-11-21T04:00:00.000Z', 'winter', { called: true }),
  ]);

  it('counts 등록 → 통화 → 내방 → 계약 per campaign, each customer once', () => {
    expect(report.funnel.map(({ label, leads, called, visited, contracted }) => [label, leads, called, visited, contracted])).toEqual([
      [expect.stringMatching(/launch/), 3, 2, 2, 1],
      [expect.stringMatching(/winter/), 1, 1, 0, 0],
    ]);
  });

  it('carries the funnel in the CSV', () => {
    const csv = campaignStatsCsv(report);
    expect(csv).toContain('"캠페인 퍼널","항목","등록","첫 유입","마지막 유입","통화","내방","계약"');
    expect(csv).toMatch(/"캠페인 퍼널","[^"]*launch[^"]*","3","3","2","2","2","1"/);
  });
});

describe('first and last touch per campaign', () => {
  const via = (phone: string, createdAt: string, source: string, campaign: string) => ({ ...lead(phone, createdAt, campaign), utmSource: source });
  // Listed out of time order: the touches go by when each registration came.
  const report = joinCampaignStats(range, [], [
    via('01012345678', '2026-11-21T01:00:00.000Z', 'kakao', 'winter'),
    via('01012345678', '2026-11-20T01:00:00.000Z', 'naver', 'launch'),
    via('01099990000', '2026-11-21T02:00:00.000Z', 'naver', 'launch'),
    { ...lead('01077770000', '2026-11-22T02:00:00.000Z', null), phone: null },
  ]);
  const touches = () => report.funnel.map(({ label, leads, firstTouch, lastTouch }) => [label, leads, firstTouch, lastTouch]);

  it('credits a customer who came via naver/launch and then kakao/winter: first touch launch, last touch winter, once each', () => {
    expect(touches()).toEqual([
      ['launch', 2, 2, 1],
      ['(캠페인 없음)', 1, 1, 1],
      ['winter', 1, 0, 1],
    ]);
  });

  it('carries the touches in the CSV', () => {
    const csv = campaignStatsCsv(report);
    expect(csv).toContain('"캠페인 퍼널","항목","등록","첫 유입","마지막 유입","통화","내방","계약"');
    expect(csv).toContain('"캠페인 퍼널","winter","1","0","1","0","0","0"');
  });
});
