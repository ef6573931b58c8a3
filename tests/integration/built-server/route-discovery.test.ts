/**
 * React Router's route discovery (`/__manifest`) on the built server: a request may ask for at
 * most MAX_DISCOVERY_PATHS paths (more: 400, Korean); answers are kept per build version and the
 * routes the paths match, so paths that vary but match the same routes are answered from memory;
 * and each discovery answered afresh counts against the page render limit (429 past it).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_DISCOVERY_PATHS } from '../../../web/server/pages/route-discovery';
import { rawRequest } from '../../support/http';
import { startServer, type RunningServer } from '../../support/built-server';

const LIMIT = 5;
let server: RunningServer;
let version: string;

beforeAll(async () => {
  server = await startServer({ env: { PAGE_RENDER_LIMIT_IP: `${LIMIT}/600` } });
  // The start-up probe rendered `/` (one render): from the page cache now.
  const home = (await rawRequest(server.url, { path: '/' })).body.toString('utf8');
  version = /manifest-([0-9a-f]+)\.js/.exec(home)?.[1] ?? '';
  expect(version).not.toBe('');
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const discover = (query: URLSearchParams) => rawRequest(server.url, { path: `/__manifest?${query}` });

it('refuses more paths than a page discovers at once, in Korean', async () => {
  const paths = Array.from({ length: 1000 }, (_, n) => `/F/${n}`).join(',');
  const answer = await discover(new URLSearchParams({ paths, version }));
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body.toString('utf8'))).toEqual({ error: 'tooManyPaths', message: expect.stringMatching(/주소가 너무 많습니다/) });
  const atTheLimit = Array.from({ length: MAX_DISCOVERY_PATHS }, (_, n) => `/F/${n}`).join(',');
  expect((await discover(new URLSearchParams({ paths: atTheLimit, version }))).status).toBe(200);
});

it('answers paths matching the same routes from memory, and counts each fresh answer as a render', async () => {
  // The same routes whatever the numbers: answered once (above), then from memory, never refused.
  for (let n = 0; n < 3 * LIMIT; n += 1) {
    const answer = await discover(new URLSearchParams({ paths: `/F/${n * 7},/F/${n * 7 + 1}`, version }));
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/json/);
  }
  // Each version asked for is an answer of its own: past the limit (the probe and the one above
  // rendered 2 of 5), discovery is refused like any render.
  const statuses = [];
  for (let n = 0; n < LIMIT; n += 1) statuses.push((await discover(new URLSearchParams({ paths: '/F/1', version: `other-${n}` }))).status);
  expect(statuses).toEqual([204, 204, 204, 429, 429]);
});
