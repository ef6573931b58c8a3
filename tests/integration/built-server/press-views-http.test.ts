/**
 * Press view counts over real HTTP against the built server: only a page view sent by our own
 * page counts (a same-origin POST from a browser), once per visitor (address + user agent) per
 * article per hour; page GETs, HEAD, `.data`, prefetches, other origins, scripts and bots never do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest, type RawResponse } from '../../support/http';
import { clockHour } from '../../../web/server/http/view-gate';

// On the first page of the list (newest first), where the test reads its count.
const ARTICLE = 'press-sample-26';
const PAGE = `/cheonghak/press/${ARTICLE}`;
const CHROME = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
let server: RunningServer;

beforeAll(async () => {
  // Flushes far apart: the counts read below include unflushed views anyway.
  server = await startServer({ env: { TRUST_PROXY: 'loopback', VIEW_FLUSH_INTERVAL_MS: '3600000' } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const json = <T>(response: RawResponse) => JSON.parse(response.body.toString('utf8')) as T;

async function views(): Promise<number> {
  const list = json<{ items: Array<{ _id: string; views: number }> }>(await rawRequest(server.url, { path: '/api/press?site=cheonghak' }));
  const item = list.items.find((candidate) => candidate._id === ARTICLE);
  expect(item, `${ARTICLE} on the first page`).toBeTruthy();
  return item!.views;
}

/** The request the press page sends after it has loaded, as Chromium sends it. */
function pageViewRequest(headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: `/api/press/${ARTICLE}/view?site=cheonghak`,
    headers: {
      origin: server.url,
      'sec-fetch-site': 'same-origin',
      'sec-fetch-mode': 'cors',
      'user-agent': CHROME,
      'x-forwarded-for': '198.51.100.1',
      ...headers,
    },
  });
}

describe('press view counting', () => {
  it('page loads, HEAD, .data and prefetches do not count', async () => {
    const before = await views();
    const reads: Array<{ method?: string; path: string; headers?: Record<string, string> }> = [
      { path: PAGE, headers: { 'user-agent': CHROME } },
      { method: 'HEAD', path: PAGE, headers: { 'user-agent': CHROME } },
      { path: `${PAGE}.data`, headers: { 'user-agent': CHROME } },
      { path: PAGE, headers: { 'user-agent': CHROME, 'sec-purpose': 'prefetch' } },
      { path: PAGE, headers: { 'user-agent': CHROME, purpose: 'prefetch' } },
    ];
    for (const read of reads) {
      const response = await rawRequest(server.url, read);
      expect(response.status, `${read.method ?? 'GET'} ${read.path} ${JSON.stringify(read.headers)}`).toBe(200);
    }
    expect(await views()).toBe(before);
  });

  it('a view request from another site, or without Origin (a script), is refused 403 and not counted', async () => {
    const before = await views();
    const foreign: Array<Record<string, string>> = [
      { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site' },
    ];
    for (const headers of foreign) {
      const response = await pageViewRequest(headers);
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(json(response)).toMatchObject({ error: 'foreignOrigin' });
    }
    const script = await rawRequest(server.url, { method: 'POST', path: `/api/press/${ARTICLE}/view?site=cheonghak`, headers: { 'user-agent': 'curl/8.5.0' } });
    expect(script.status).toBe(403);
    expect(await views()).toBe(before);
  });

  it('bots and prefetching browsers are answered but not counted', async () => {
    const before = await views();
    const notPageViews: Array<Record<string, string>> = [
      { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
      { 'user-agent': 'Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)' },
      { 'sec-purpose': 'prefetch' },
      { purpose: 'prefetch' },
    ];
    for (const headers of notPageViews) {
      const response = await pageViewRequest(headers);
      expect(response.status, JSON.stringify(headers)).toBe(200);
      expect(json(response), JSON.stringify(headers)).toMatchObject({ counted: false, views: before });
    }
    expect(await views()).toBe(before);
  });

  it('counts a visitor once per article per hour; another visitor counts again', async () => {
    const before = await views();
    const first = await pageViewRequest();
    expect(json(first)).toEqual({ views: before + 1, counted: true });
    for (let again = 0; again < 3; again += 1) expect(json(await pageViewRequest())).toEqual({ views: before + 1, counted: false });
    expect(json(await pageViewRequest({ 'x-forwarded-for': '198.51.100.2' }))).toEqual({ views: before + 2, counted: true });
    expect(json(await pageViewRequest({ 'user-agent': CHROME.replace('Android 10', 'Android 14') }))).toEqual({ views: before + 3, counted: true });
    expect(await views()).toBe(before + 3);
  });

  it('200 user agents from one address count as at most 3 views of the article in the hour', async () => {
    const before = await views();
    const answers = [];
    const startHour = clockHour(Date.now());
    for (let index = 0; index < 200; index += 1) {
      answers.push(
        json<{ counted: boolean }>(
          await pageViewRequest({ 'x-forwarded-for': '203.0.113.77', 'user-agent': CHROME.replace('Android 10', `Android 10; build ${index}`) }),
        ),
      );
    }
    // A run that crosses a clock hour starts the count again in the new hour: 3 per hour it took.
    const hours = clockHour(Date.now()) - startHour + 1;
    expect(answers.filter((answer) => answer.counted)).toHaveLength(3 * hours);
    expect(await views()).toBe(before + 3 * hours);
  });
});
