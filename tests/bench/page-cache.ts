/**
 * The page cache under launch-day traffic, this build against a baseline build (BENCH_BASELINE_DIR:
 * another checkout, built, e.g. the previous release) in the same run, plus nginx serving the
 * same bytes as a file:
 *
 * - cached `/` (brotli and plain), with autocannon and with a lean keep-alive client (Node's
 *   http.Agent, 10 sockets, nothing done per request but reading the answer): autocannon needs a
 *   core of its own, which flatters a server sharing two cores with it;
 * - ad click URLs, each request unique: `/?gclid=…`, a Naver search ad URL with a new `NaPm`; and a
 *   fixed utm_* query; as a share of the cached `/`;
 * - the first answer of a page not yet rendered (ms to the whole body, brotli);
 * - a flood of random query strings and random paths from one client, then cached `/` again:
 *   req/s before and after, the server's RSS before and after, renders it caused;
 * - an ageing run on `/` long enough for the cached page to age out inside it: p50, p99 and how
 *   many renders the server made meanwhile (from /readyz).
 */
import { request, Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { rawRequest } from '../support/http';
import { percentile, table } from './report';
import { startServer, type RunningServer } from '../support/built-server';

export type PageCacheBenchOptions = {
  duration: number;
  /** Rounds of the lean-client rows; the best counts (the least disturbed by other processes). */
  rounds: number;
  connections: number;
  /** A checkout of the code to compare with, built (undefined: this build only). */
  baselineDir?: string;
  /** Flood size per kind (random queries, random paths); the baseline renders each one. */
  flood: number;
  floodBaseline: number;
  ageingSeconds: number;
  /** Starts nginx serving these files (name → bytes) or undefined when it is not installed. */
  nginx: (files: Map<string, Buffer>) => Promise<{ url: string; stop(): void } | undefined>;
};

type Summary = Array<[string, string, string]>;
type Rate = { rps: number; p50: number; p99: number };

const BR = { 'accept-encoding': 'gzip, deflate, br' };
const PLAIN = { 'accept-encoding': 'identity' };
const unique = () => randomBytes(12).toString('base64url');
const naverAd = () =>
  `/?n_media=27758&n_query=%EC%B2%AD%ED%95%99%EB%B6%84%EC%96%91&n_rank=1&n_ad_group=grp-a001&n_ad=nad-a001&n_keyword_id=nkw-a001&n_campaign_type=1&NaPm=ct%3D${unique()}%7Cci%3D0zC0003%7Ctr%3Dsa%7Chk%3D${unique()}`;

/** autocannon for `seconds`, each request's path from `path` (after a short unmeasured warm-up). */
async function cannon(
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
  path?: () => string,
): Promise<Rate & { non2xx: number }> {
  const requests = path ? [{ setupRequest: (req: autocannon.Request) => ({ ...req, path: path() }) }] : undefined;
  await new Promise<void>((done, fail) => autocannon({ url, connections, duration: 1, headers, requests }, (error) => (error ? fail(error) : done())));
  const result = await new Promise<autocannon.Result>((done, fail) =>
    autocannon({ url, connections, duration: seconds, headers, requests }, (error, run) => (error ? fail(error) : done(run))),
  );
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors };
}

/**
 * The lean client: `sockets` keep-alive connections, each sending its next request when the last
 * answer has been read, for `seconds`.
 */
export async function leanClient(url: string, headers: Record<string, string>, seconds: number, sockets = 10, path?: () => string): Promise<Rate> {
  const { hostname, port, pathname, search } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const latencies: number[] = [];
  const one = () =>
    new Promise<void>((done, fail) => {
      const started = performance.now();
      request({ agent, hostname, port, path: path ? path() : pathname + search, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => {
          latencies.push(performance.now() - started);
          done();
        });
      })
        .on('error', fail)
        .end();
    });
  // Warm-up, not measured: 200 requests or one second, whichever ends first.
  const warm = performance.now() + 1000;
  for (let index = 0; index < 200 && performance.now() < warm; index += 1) await one();
  latencies.length = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: sockets }, async () => {
      while (performance.now() < end) await one();
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  return { rps: latencies.length / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

/** The best of `rounds` runs of a lean-client measure, each `seconds / rounds` long (at least 3 s). */
async function bestOf(rounds: number, seconds: number, run: (seconds: number) => Promise<Rate>): Promise<Rate> {
  let best: Rate | undefined;
  for (let round = 0; round < rounds; round += 1) {
    const rate = await run(Math.max(3, seconds / rounds));
    if (!best || rate.rps > best.rps) best = rate;
  }
  return best!;
}

/** Sends `count` requests, 10 at a time, from one client; the statuses seen. */
async function flood(url: string, count: number, path: () => string): Promise<Map<number, number>> {
  const { hostname, port } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const statuses = new Map<number, number>();
  let sent = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (sent < count) {
        sent += 1;
        const status = await new Promise<number>((done, fail) => {
          request({ agent, hostname, port, path: path(), headers: BR }, (res) => {
            res.resume();
            res.on('end', () => done(res.statusCode ?? 0));
          })
            .on('error', fail)
            .end();
        });
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  agent.destroy();
  return statuses;
}

/** The page cache as /readyz reports it (undefined: a build that does not say). */
async function pageCacheState(server: RunningServer): Promise<{ renders: number; pages: number } | undefined> {
  return JSON.parse((await rawRequest(server.url, { path: '/readyz' })).body.toString('utf8')).pageCache;
}
const renders = async (server: RunningServer) => (await pageCacheState(server))?.renders;

const REAL_PAGES = [
  '/Brand/intro',
  '/BusinessGuide/intro',
  '/SalesInfo/guide',
  '/LocationEnvironment/intro',
  '/ComplexGuide/intro',
  '/FloorPlan/59A',
  '/FloorPlan/84A',
  '/Interior/59A',
  '/cheonghak/press',
  '/Promotion/Customer',
  '/privacy',
];

const fmt = (rate: Rate) => `${rate.rps.toFixed(0)}`;
const pct = (part: number, whole: number) => `${((part / whole) * 100).toFixed(0)} %`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function benchOne(
  name: string,
  server: RunningServer,
  options: PageCacheBenchOptions,
  floodCount: number,
  rows: Array<Array<string | number>>,
  summary: Summary,
  nginxRates?: { br: Rate; plain: Rate },
) {
  const { duration, connections } = options;
  const row = (measure: string, value: string, detail = '') => rows.push([name, measure, value, detail]);

  // The first answer of pages not yet rendered (brotli): time to the whole body.
  const firstAnswers: number[] = [];
  for (const path of REAL_PAGES) {
    const started = performance.now();
    await rawRequest(server.url, { path, headers: BR });
    firstAnswers.push(performance.now() - started);
  }
  const sortedFirst = [...firstAnswers].sort((a, b) => a - b);
  row(
    'first answer of a page (miss, br), ms',
    `${percentile(sortedFirst, 50).toFixed(1)}`,
    `median of ${REAL_PAGES.length} pages, max ${sortedFirst.at(-1)!.toFixed(1)}`,
  );

  // Warm-up (JIT, the best compressed forms), not measured.
  await leanClient(server.url + '/', BR, 3);
  const home = (await rawRequest(server.url, { path: '/', headers: BR })).body;
  const gclidBody = (await rawRequest(server.url, { path: `/?gclid=${unique()}`, headers: BR })).body;
  const sameBytes = gclidBody.equals(home);

  // The same per-request path function as the ad rows below, so that autocannon's own cost is the same.
  const cachedBr = await cannon(server.url + '/', BR, duration, connections, () => '/');
  const lean = (headers: Record<string, string>, path?: () => string) =>
    bestOf(options.rounds, duration, (seconds) => leanClient(server.url + '/', headers, seconds, 10, path));
  const leanBr = await lean(BR);
  const leanPlain = await lean(PLAIN);
  row('cached / br, autocannon', fmt(cachedBr), `p50 ${cachedBr.p50} ms, p99 ${cachedBr.p99} ms`);
  row('cached / br, lean client', fmt(leanBr), `p50 ${leanBr.p50.toFixed(2)} ms${nginxRates ? `; ${pct(leanBr.rps, nginxRates.br.rps)} of nginx` : ''}`);
  row(
    'cached / plain, lean client',
    fmt(leanPlain),
    `p50 ${leanPlain.p50.toFixed(2)} ms${nginxRates ? `; ${pct(leanPlain.rps, nginxRates.plain.rps)} of nginx` : ''}`,
  );
  if (nginxRates) {
    summary.push([
      `${name}: cached / vs nginx, lean client`,
      `${pct(leanPlain.rps, nginxRates.plain.rps)} plain, ${pct(leanBr.rps, nginxRates.br.rps)} br`,
      `${fmt(leanPlain)} / ${fmt(nginxRates.plain)} and ${fmt(leanBr)} / ${fmt(nginxRates.br)} req/s; target ≥ 50 %`,
    ]);
  }

  const ads: Array<[string, () => string]> = [
    ['/?gclid=<unique>', () => `/?gclid=${unique()}`],
    ['Naver ad URL, unique NaPm', naverAd],
    ['/?utm_* (same each time)', () => '/?utm_source=naver&utm_medium=cpc&utm_campaign=launch'],
  ];
  for (const [label, path] of ads) {
    const rate = await cannon(server.url + '/', BR, duration, connections, path);
    const leanAd = await lean(BR, path);
    row(`${label}, autocannon`, fmt(rate), `p50 ${rate.p50} ms; ${pct(rate.rps, cachedBr.rps)} of cached /${rate.non2xx ? `; ${rate.non2xx} non-2xx` : ''}`);
    row(`${label}, lean client`, fmt(leanAd), `p50 ${leanAd.p50.toFixed(2)} ms; ${pct(leanAd.rps, leanBr.rps)} of cached /`);
    summary.push([
      `${name}: ${label}`,
      `${fmt(leanAd)} req/s lean, ${fmt(rate)} autocannon`,
      `${pct(leanAd.rps, leanBr.rps)} / ${pct(rate.rps, cachedBr.rps)} of cached / (target ≥ 80 %)${label.includes('gclid') ? `; same bytes as /: ${sameBytes ? 'yes' : 'no'}` : ''}`,
    ]);
  }

  // Flood, then the cached page again; every real page in the cache before it.
  for (const path of REAL_PAGES) await rawRequest(server.url, { path, headers: BR });
  const before = await leanClient(server.url + '/', BR, duration);
  const rssBefore = server.rss();
  const stateBefore = await pageCacheState(server);
  const rendersBefore = stateBefore?.renders;
  const floodStarted = performance.now();
  const queryStatuses = await flood(server.url, floodCount, () => `/?${unique()}=${unique()}&q=${unique()}`);
  const pathStatuses = await flood(server.url, floodCount, () => `/${unique()}/${unique()}`);
  const floodSeconds = (performance.now() - floodStarted) / 1000;
  const after = await leanClient(server.url + '/', BR, duration);
  const rssAfter = server.rss();
  const stateAfter = await pageCacheState(server);
  const rendersAfterFlood = stateAfter?.renders;
  const statuses = (map: Map<number, number>) => [...map].map(([status, count]) => `${count}×${status}`).join(' ');
  row(
    `flood: ${floodCount} random queries + ${floodCount} random paths`,
    `${floodSeconds.toFixed(1)} s`,
    `queries ${statuses(queryStatuses)}; paths ${statuses(pathStatuses)}; renders ${rendersBefore === undefined ? 'n/a' : rendersAfterFlood! - rendersBefore}`,
  );
  row('cached / br before → after the flood, lean', `${fmt(before)} → ${fmt(after)}`, `${pct(after.rps, before.rps)}; RSS ${mb(rssBefore)} → ${mb(rssAfter)}`);
  row(
    'pages held before → after the flood',
    stateBefore && stateAfter ? `${stateBefore.pages} → ${stateAfter.pages}` : 'n/a',
    `${REAL_PAGES.length + 1} real pages cached before it; + 1 is the 404 page, nothing evicted`,
  );
  summary.push([
    `${name}: cached / after the flood`,
    pct(after.rps, before.rps),
    `of before (target ≥ 80 %); RSS ${mb(rssBefore)} → ${mb(rssAfter)}; flood of ${2 * floodCount} took ${floodSeconds.toFixed(0)} s`,
  ]);

  // Ageing: long enough for the cached page to age out (30 s) inside the run. The lean client's
  // latencies are exact (autocannon's are whole milliseconds, and p50 is 1 ms here).
  const rendersBeforeAgeing = await renders(server);
  const ageing = await leanClient(server.url + '/', BR, options.ageingSeconds);
  const rendersAfterAgeing = await renders(server);
  const renderCount = rendersBeforeAgeing === undefined ? 'n/a' : String(rendersAfterAgeing! - rendersBeforeAgeing);
  const ageingLine = `p50 ${ageing.p50.toFixed(2)} ms, p99 ${ageing.p99.toFixed(2)} ms`;
  row(
    `ageing run, ${options.ageingSeconds} s on /, lean client`,
    fmt(ageing),
    `${ageingLine} (${(ageing.p99 / ageing.p50).toFixed(1)} × p50); renders ${renderCount}`,
  );
  summary.push([
    `${name}: ${options.ageingSeconds} s ageing run on /`,
    ageingLine,
    `p99 ${(ageing.p99 / ageing.p50).toFixed(1)} × p50 (target ≤ 5); renders ${renderCount} (target 1 or 2)`,
  ]);
  return { leanBr, leanPlain, cachedBr };
}

export async function benchPageCache(options: PageCacheBenchOptions): Promise<Summary> {
  const summary: Summary = [];
  const rows: Array<Array<string | number>> = [];
  const servers: Array<[string, RunningServer, number]> = [];
  let nginx: Awaited<ReturnType<PageCacheBenchOptions['nginx']>>;
  try {
    servers.push(['this build', await startServer(), options.flood]);
    if (options.baselineDir) servers.push(['baseline', await startServer({ root: options.baselineDir }), options.floodBaseline]);
    const [, current] = servers[0];
    const files = new Map([
      ['page-0.html', (await rawRequest(current.url, { path: '/', headers: PLAIN })).body],
      ['page-0.html.br', (await rawRequest(current.url, { path: '/', headers: BR })).body],
    ]);
    nginx = await options.nginx(files);
    const nginxRate = (file: string, headers: Record<string, string>) =>
      bestOf(options.rounds, options.duration, (seconds) => leanClient(`${nginx!.url}/${file}`, headers, seconds));
    const nginxRates = nginx ? { br: await nginxRate('page-0.html.br', BR), plain: await nginxRate('page-0.html', PLAIN) } : undefined;
    if (nginxRates) {
      rows.push([
        'nginx',
        'same bytes as a file, lean client',
        `${fmt(nginxRates.plain)} plain, ${fmt(nginxRates.br)} br`,
        `p50 ${nginxRates.plain.p50.toFixed(2)} / ${nginxRates.br.p50.toFixed(2)} ms`,
      ]);
    }
    const results = [];
    for (const [name, server, floodCount] of servers) results.push(await benchOne(name, server, options, floodCount, rows, summary, nginxRates));
    if (results.length === 2) {
      const [now, before] = results;
      summary.push([
        'this build / baseline, cached /',
        `${(now.leanPlain.rps / before.leanPlain.rps).toFixed(2)}× plain, ${(now.leanBr.rps / before.leanBr.rps).toFixed(2)}× br`,
        `lean client; autocannon br ${(now.cachedBr.rps / before.cachedBr.rps).toFixed(2)}×`,
      ]);
    }
    console.log(
      `\nPage cache under ad traffic (${options.duration} s per row, ${options.connections} connections; lean client: 10 keep-alive sockets, ` +
        `best of ${options.rounds} rounds of ${Math.max(3, options.duration / options.rounds).toFixed(1)} s)\n`,
    );
    console.log(table(['server', 'measure', 'value', 'detail'], rows));
  } finally {
    nginx?.stop();
    for (const [, server] of servers) await server.stop();
  }
  return summary;
}
