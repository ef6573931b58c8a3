/**
 * What the operator reads, on the built server: the Prometheus metrics on METRICS_PORT (loopback,
 * never on the site's port) move when what they count happens, and the JSON log has one access
 * line per request with its request id (nginx's, or a new one, returned in the response), without
 * a query string or anything a visitor typed. (The database's metrics and readiness during an
 * outage: database-outage.test.ts.)
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, ROOT, startServer, type RunningServer } from '../../support/built-server';

let server: RunningServer;
let metricsPort: number;

beforeAll(async () => {
  metricsPort = await freePort();
  server = await startServer({ env: { METRICS_PORT: String(metricsPort), LEAD_MIN_FILL_MS: '0' }, captureStdout: true });
});

afterAll(async () => {
  await server?.stop();
});

/** The sum of the series of `name` whose labels include `labels`. */
async function sample(name: string, labels = ''): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) && line.includes(labels))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** The JSON lines the server logged so far. */
const logLines = () =>
  server
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('metrics', () => {
  it('are served on METRICS_PORT only: the site answers /metrics with its 404 page', async () => {
    const site = await fetch(`${server.url}/metrics`);
    expect(site.status).toBe(404);
    expect(await site.text()).not.toContain('cheonghak_');
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await scrape.text();
    for (const name of ['cheonghak_nodejs_eventloop_lag_seconds', 'cheonghak_process_start_time_seconds', 'cheonghak_http_request_duration_seconds_bucket'])
      expect(text).toContain(name);
  });

  it('deploy/prometheus/alerts.yml alerts on metrics the server has (the PostgreSQL ones: database-outage.test.ts)', async () => {
    const rules = readFileSync(path.join(ROOT, 'deploy/prometheus/alerts.yml'), 'utf8');
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const named = new Set([...rules.matchAll(/\b(cheonghak_[a-z0-9_]+)/g)].map(([, name]) => name));
    expect(named.size).toBeGreaterThan(10);
    const missing = [...named].filter((name) => !name.startsWith('cheonghak_pg_') && !text.includes(`# HELP ${name} `));
    expect(missing).toEqual([]);
  });

  it('requests by route template and status, with their latency', async () => {
    const route = 'route="/FloorPlan/:code",method="GET",status="200"';
    const before = await sample('cheonghak_http_requests_total', route);
    const durations = await sample('cheonghak_http_request_duration_seconds_count', 'route="/FloorPlan/:code",method="GET",status_class="2xx"');
    expect((await fetch(`${server.url}/FloorPlan/59A`)).status).toBe(200);
    expect((await fetch(`${server.url}/FloorPlan/84A`)).status).toBe(200);
    await expect.poll(() => sample('cheonghak_http_requests_total', route)).toBe(before + 2);
    expect(await sample('cheonghak_http_request_duration_seconds_count', 'route="/FloorPlan/:code",method="GET",status_class="2xx"')).toBe(durations + 2);
    await fetch(`${server.url}/no-such-page-${Date.now()}`);
    await expect.poll(() => sample('cheonghak_http_requests_total', 'route="unmatched",method="GET",status="404"')).toBeGreaterThanOrEqual(1);
  });

  it('page cache: a first request renders (miss), the next is a hit', async () => {
    const [renders, misses, hits] = await Promise.all([
      sample('cheonghak_page_cache_total', 'result="render"'),
      sample('cheonghak_page_cache_total', 'result="miss"'),
      sample('cheonghak_page_cache_total', 'result="hit"'),
    ]);
    await fetch(`${server.url}/Brand/intro`);
    await fetch(`${server.url}/Brand/intro`);
    expect(await sample('cheonghak_page_cache_total', 'result="render"')).toBe(renders + 1);
    expect(await sample('cheonghak_page_cache_total', 'result="miss"')).toBe(misses + 1);
    expect(await sample('cheonghak_page_cache_total', 'result="hit"')).toBe(hits + 1);
  });

  it('leads accepted, and refused by code', async () => {
    const accepted = await sample('cheonghak_leads_accepted_total');
    const invalid = await sample('cheonghak_leads_refused_total', 'code="invalid"');
    const expired = await sample('cheonghak_leads_refused_total', 'code="formExpired"');
    const { token } = (await (await fetch(`${server.url}/api/leads/form`)).json()) as { token: string };
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ formKind: 'popup', privacyConsent: true, ageConfirmed: true, website: '', ...body }),
      });
    expect((await post({ formToken: token, name: '홍길동', phone: '01098765432' })).status).toBe(201);
    expect((await post({ formToken: token, name: '', phone: '010' })).status).toBe(400);
    expect((await post({ formToken: 'forged', name: '홍길동', phone: '01098765432' })).status).toBe(400);
    expect(await sample('cheonghak_leads_accepted_total')).toBe(accepted + 1);
    expect(await sample('cheonghak_leads_refused_total', 'code="invalid"')).toBe(invalid + 1);
    expect(await sample('cheonghak_leads_refused_total', 'code="formExpired"')).toBe(expired + 1);
  });
});

describe('the JSON log', () => {
  it("one access line per request, with nginx's request id (returned in the response), no query string, nothing typed", async () => {
    const given = 'a3f9c2e1b4d5a6f7a8b9c0d1e2f3a4b5';
    const response = await fetch(`${server.url}/admin/leads?q=01055556666&name=%ED%99%8D`, { headers: { 'x-request-id': given }, redirect: 'manual' });
    expect(response.headers.get('x-request-id')).toBe(given);
    await expect.poll(() => logLines().filter((line) => line.req_id === given)).toHaveLength(1);
    const [line] = logLines().filter((entry) => entry.req_id === given);
    expect(line).toMatchObject({ level: 'info', msg: 'request', method: 'GET', path: '/admin/leads', status: response.status, req_id: given });
    expect(typeof line.time).toBe('string');
    expect(typeof line.ms).toBe('number');
    expect(server.stdout()).not.toContain('01055556666');
  });

  it('a request without an id (or with one that is not an id) gets a new one', async () => {
    const made = (await fetch(`${server.url}/healthz`)).headers.get('x-request-id');
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    const replaced = (await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'not an id; <script>' } })).headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => logLines().filter((line) => line.req_id === made && line.route === '/healthz')).toHaveLength(1);
  });
});
