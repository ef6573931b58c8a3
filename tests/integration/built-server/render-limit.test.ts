/**
 * Page renders per address (PAGE_RENDER_LIMIT_IP) on the built server: a burst of uncached pages
 * from one address is refused past the limit with 429, Retry-After and a Korean message (a short
 * page for a browser, JSON otherwise), while cached pages, the 404 page of unknown paths and any
 * URL that is a cached page with other parameters keep answering.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '../../../web/shared/messages';
import { rawRequest } from '../../support/http';
import { startServer, type RunningServer } from '../../support/built-server';

const LIMIT = 6;
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ env: { PAGE_RENDER_LIMIT_IP: `${LIMIT}/600` } });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, { path, headers });
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

it('a burst of renders from one address is refused past the limit; cached pages never are', async () => {
  // The start-up probe rendered `/`; the one 404 page is rendered once here.
  expect((await get('/no-such-page')).status).toBe(404);
  // Each a page of its own that is never kept (an unknown unit type: a 404 of its route).
  const statuses: number[] = [];
  for (let index = 0; index < LIMIT + 2; index += 1) statuses.push((await get(`/FloorPlan/NONE${index}`, BROWSER)).status);
  expect(statuses.filter((status) => status === 404).length, 'renders up to the limit').toBe(LIMIT - 2);
  expect(statuses.slice(LIMIT - 2), 'then refused').toEqual([429, 429, 429, 429]);

  const refused = await get('/FloorPlan/NONE-again', BROWSER);
  expect(refused.status).toBe(429);
  const retryAfter = Number(refused.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(600);
  expect(refused.headers['cache-control']).toBe('private, no-store');
  expect(refused.headers['content-type']).toMatch(/^text\/html/);
  const html = refused.body.toString('utf8');
  expect(html).toContain('<html lang="ko">');
  expect(html).toContain(messages.tooManyPageRequests);

  const api = await get('/FloorPlan/NONE-again', { accept: '*/*' });
  expect(api.status).toBe(429);
  expect(JSON.parse(api.body.toString('utf8'))).toEqual({ error: 'tooManyPageRequests', message: messages.tooManyPageRequests });

  // Still answered: the cached page (with any parameters it does not read) and the 404 page.
  for (let index = 0; index < 30; index += 1) {
    expect((await get(index % 2 ? '/' : `/?gclid=burst-${index}&utm_source=naver`, BROWSER)).status).toBe(200);
  }
  expect((await get('/another-unknown-path', BROWSER)).status).toBe(404);
});
