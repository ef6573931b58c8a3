/**
 * `npm run bench` — loopback benchmarks, all measured in one run on this machine, ending with one
 * summary table of the headline numbers (the detail tables come first).
 *
 * 1. HTTP: autocannon against anonymous pages (`/`, `/FloorPlan/59A`), plain and brotli: the
 *    app's page cache, the app rendering from scratch, and nginx (NGINX_PATH, default
 *    /usr/sbin/nginx; skipped with a note when missing) sending the same bytes as a file; the
 *    ratio cache / nginx.
 * 2. The page cache under ad traffic (tests/bench/page-cache.ts): click-ID URLs, a flood of random
 *    queries and paths, an ageing run, and cached `/` measured with a lean keep-alive client too,
 *    this build against BENCH_BASELINE_DIR (a built checkout of other code) and nginx in one run.
 * 3. Press and measurement HTTP: req/s of the SSR list, GET /api/press, POST /api/press/:id/view
 *    and the page-view beacon POST /api/measure (with the server time per beacon it implies).
 * 4. Embedded store: the home-page queries of web/sanity/queries.ts (names starting with `home`,
 *    `siteSettings`, `pressList`) on an in-memory store seeded from content/ plus 1k, 10k and 100k
 *    press articles, each cold (first run after a write) and warm (cached); and the press list
 *    through PressService (both paging strategies) at each size.
 * 5. Lead POST: req/s and p99 of durable lead writes (tests/bench/leads.ts).
 * 6. Customer reads: the console's reads over the customer tables (list per filter set, 오늘 할 일,
 *    caller search, a month's numbers and funnel) over 1,000,000 registrations on SQLite and
 *    PostgreSQL (tests/bench/customers.ts).
 * 7. Instance memory: the built server's resident memory and start-up (to /readyz) on a data
 *    directory with BENCH_CUSTOMER_REGISTRATIONS registrations against an empty one
 *    (tests/bench/instance-memory.ts).
 *
 * Environment (all optional):
 *   BENCH_DURATION=10       seconds per autocannon run
 *   BENCH_CONNECTIONS=10    concurrent connections
 *   BENCH_PIPELINING=1      requests in flight per connection
 *   NGINX_PATH=/usr/sbin/nginx
 *   BENCH_SIZES=1000,10000,100000   press-article counts for the query bench
 *   BENCH_QUERY_RUNS=50     samples per query and mode
 *   BENCH_SEED=content/production.ndjson  seed dataset for the query bench
 *   BENCH_BASELINE_DIR=     a checkout built with `npm run build` to compare the page cache and the lead POST (each build twice, A B B A) with
 *   BENCH_FLOOD=10000       random queries (and as many random paths) in the flood
 *   BENCH_FLOOD_BASELINE=1000   the same against the baseline (which may render each one)
 *   BENCH_AGEING=40         seconds of the ageing run
 *   BENCH_ROUNDS=3          rounds of each lean-client row (best counts), BENCH_DURATION seconds in all
 *   BENCH_CUSTOMER_REGISTRATIONS=1000000  registrations in the customer reads bench
 *   BENCH_CUSTOMER_RUNS=20  samples per customer read
 *   BENCH_SKIP_HTTP=1 / BENCH_SKIP_PAGE_CACHE=1 / BENCH_SKIP_QUERIES=1 / BENCH_SKIP_LEADS=1 / BENCH_SKIP_CUSTOMERS=1 / BENCH_SKIP_INSTANCE_MEMORY=1
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { encodePressCursor } from '../../web/server/press/cursor';
import { PressService } from '../../web/server/press/service';
import { ViewCounter } from '../../web/server/press/view-counter';
import * as queries from '../../web/sanity/queries';
import { ROOT, ensureFreshBuild, freePort, startServer, type RunningServer } from '../support/built-server';
import { percentile, table } from './report';
import { rawRequest } from '../support/http';
import { inMemorySalesDatabase } from '../support/sales-database';
import { benchLeadPost } from './leads';
import { benchCustomers } from './customers';
import { benchInstanceMemory } from './instance-memory';
import { benchPageCache } from './page-cache';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PIPELINING = Number(process.env.BENCH_PIPELINING ?? 1);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const QUERY_RUNS = Number(process.env.BENCH_QUERY_RUNS ?? 50);
const SEED = resolve(ROOT, process.env.BENCH_SEED ?? 'content/production.ndjson');

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** The headline numbers of every part, printed together at the end: [measure, value, detail]. */
const summary: Array<[string, string, string]> = [];
const httpSummary = (route: string, result: autocannon.Result) =>
  summary.push([route, `${result.requests.average.toFixed(0)} req/s`, `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`]);

// ---------------------------------------------------------------------------------------------
// HTTP

async function cannon(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return new Promise((resolveRun, reject) => {
    autocannon({ url, connections: CONNECTIONS, pipelining: PIPELINING, duration: DURATION, headers }, (error, result) =>
      error ? reject(error) : resolveRun(result),
    );
  });
}

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const PAGES = ['/', '/FloorPlan/59A'];
const ENCODINGS = [
  { name: 'identity', headers: { 'accept-encoding': 'identity' } },
  { name: 'br', headers: { 'accept-encoding': 'gzip, deflate, br' } },
] as const;

/**
 * nginx serving given bytes as files: one worker (the app is one Node process), no access log;
 * `<name>.br` files go out with `Content-Encoding: br` (Debian's nginx has no brotli module, so
 * the app's own brotli bytes are served as they are). Undefined when nginx is not installed.
 */
async function startNginx(files: Map<string, Buffer>): Promise<{ url: string; stop(): void } | undefined> {
  if (!existsSync(NGINX)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  // nginx started as root serves files as its worker user (nobody): the folder must be readable.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'www'), { mode: 0o755 });
  for (const [name, bytes] of files) writeFileSync(join(dir, 'www', name), bytes, { mode: 0o644 });
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'worker_processes 1; daemon off; pid nginx.pid; error_log stderr error;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off; default_type text/html; keepalive_requests 100000;',
      `  server { listen 127.0.0.1:${port}; root ${join(dir, 'www')};`,
      '    location ~ \\.br$ { add_header Content-Encoding br; add_header Vary Accept-Encoding; } }',
      '}',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', 'nginx.conf'], { stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    if (
      await fetch(`${url}/page-0.html`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((done) => setTimeout(done, 50));
  }
  return {
    url,
    stop() {
      child.once('exit', () => rmSync(dir, { recursive: true, force: true }));
      child.kill('SIGTERM');
    },
  };
}

async function measured(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  // A short warm-up (JIT, caches) that is not measured.
  await new Promise<void>((done, reject) => autocannon({ url, connections: CONNECTIONS, amount: 200, headers }, (e) => (e ? reject(e) : done())));
  const result = await cannon(url, headers);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return result;
}

/**
 * Anonymous pages three ways, side by side: the app answering from its page cache, the app
 * rendering from scratch (a request with a session cookie bypasses the cache; the bogus session
 * is refused, so the page is the anonymous one), and nginx sending the same bytes as a file.
 */
async function benchHttp(): Promise<void> {
  ensureFreshBuild();
  let server: RunningServer | undefined;
  let nginx: Awaited<ReturnType<typeof startNginx>>;
  process.once('SIGINT', () => {
    nginx?.stop();
    void server?.stop().finally(() => process.exit(130));
  });
  try {
    // From scratch means rendering on every request: the per-address render limit off.
    server = await startServer({ env: { PAGE_RENDER_LIMIT_IP: '0/60' } });
    const files = new Map<string, Buffer>();
    for (const [index, path] of PAGES.entries()) {
      for (const encoding of ENCODINGS) {
        const response = await rawRequest(server.url, { path, headers: encoding.headers });
        files.set(`page-${index}.html${encoding.name === 'br' ? '.br' : ''}`, response.body);
      }
    }
    nginx = await startNginx(files);
    const rows: Array<Array<string | number>> = [];
    for (const [index, path] of PAGES.entries()) {
      for (const encoding of ENCODINGS) {
        const bytes = files.get(`page-${index}.html${encoding.name === 'br' ? '.br' : ''}`)!.length;
        const cached = await measured(server.url + path, encoding.headers);
        const scratch = await measured(server.url + path, { ...encoding.headers, cookie: 'staff_session=bench' });
        const file = nginx ? await measured(`${nginx.url}/page-${index}.html${encoding.name === 'br' ? '.br' : ''}`, encoding.headers) : undefined;
        const ratio = file ? cached.requests.average / file.requests.average : undefined;
        rows.push([
          path,
          encoding.name,
          bytes,
          file ? file.requests.average.toFixed(0) : 'no nginx',
          cached.requests.average.toFixed(0),
          scratch.requests.average.toFixed(0),
          ratio === undefined ? '–' : `${(ratio * 100).toFixed(0)} %`,
          `${cached.latency.p99} / ${scratch.latency.p99}`,
        ]);
        httpSummary(`${path} ${encoding.name} (page cache)`, cached);
        if (ratio !== undefined)
          summary.push([
            `${path} ${encoding.name}: cache / nginx`,
            `${(ratio * 100).toFixed(0)} %`,
            `target ≥ 50 %; from scratch ${scratch.requests.average.toFixed(0)} req/s`,
          ]);
      }
    }
    console.log(
      `\nAnonymous pages on loopback: ${DURATION} s per cell, ${CONNECTIONS} connections, pipelining ${PIPELINING}; ` +
        `server, nginx (1 worker) and load generator share ${(await import('node:os')).cpus().length} cores` +
        (nginx ? '' : `\n(nginx not found at ${NGINX}: apt-get install nginx-light, or set NGINX_PATH)`) +
        '\n',
    );
    console.log(table(['page', 'encoding', 'bytes', 'nginx req/s', 'cache req/s', 'from scratch req/s', 'cache / nginx', 'p99 ms cache / scratch'], rows));
  } finally {
    nginx?.stop();
    await server?.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Press HTTP: the list page, its JSON API and the view counter endpoint; the page-view beacon

const BEACON = JSON.stringify({
  page: '/FloorPlan/59A',
  landing: true,
  referrer: 'https://m.search.naver.com',
  campaign: 'utm_source=naver&utm_medium=cpc&utm_campaign=bench',
});

async function benchPressHttp(): Promise<void> {
  ensureFreshBuild();
  // Behind a (loopback) proxy, so each beacon can come from an address of its own (X-Forwarded-For).
  const server = await startServer({ env: { TRUST_PROXY: 'loopback' } });
  try {
    const targets = [
      { route: 'GET /cheonghak/press (SSR list)', path: '/cheonghak/press', method: 'GET' as const },
      { route: 'GET /api/press?site=cheonghak (JSON)', path: '/api/press?site=cheonghak', method: 'GET' as const },
      // As the press page sends it (same origin); one visitor, so after the first it is answered but not counted.
      {
        route: 'POST /api/press/:id/view',
        path: '/api/press/press-sample-03/view?site=cheonghak',
        method: 'POST' as const,
        headers: { origin: server.url, 'user-agent': 'Mozilla/5.0 Chrome/131.0 bench' },
      },
      // As sendBeacon sends it, each from one of 65,536 addresses (a campaign day's many visitors, under the per-address limit).
      {
        route: 'POST /api/measure (page-view beacon)',
        path: '/api/measure',
        method: 'POST' as const,
        body: BEACON,
        headers: {
          origin: server.url,
          'sec-fetch-site': 'same-origin',
          'content-type': 'text/plain;charset=UTF-8',
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile bench',
        },
        setupRequest: (request: autocannon.Request): autocannon.Request => ({
          ...request,
          headers: {
            ...(request.headers as Record<string, string>),
            'x-forwarded-for': `10.0.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
          },
        }),
      },
    ];
    const rows: Array<Array<string | number>> = [];
    for (const target of targets) {
      const result = await new Promise<autocannon.Result>((done, reject) =>
        autocannon(
          {
            url: server.url + target.path,
            method: target.method,
            headers: target.headers,
            ...('body' in target ? { body: target.body, requests: [{ setupRequest: target.setupRequest }] } : {}),
            connections: CONNECTIONS,
            pipelining: PIPELINING,
            duration: DURATION,
          },
          (error, run) => (error ? reject(error) : done(run)),
        ),
      );
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${target.route}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      rows.push([target.route, result.requests.average.toFixed(0), result.latency.p50, result.latency.p99, result.requests.total]);
      httpSummary(target.route, result);
      if ('body' in target) {
        // The server is one thread: at most this much of its time per beacon (autocannon shares the cores).
        summary.push([
          'page-view beacon, server time',
          `≤ ${ms(1000 / result.requests.average)} ms`,
          '1000 / req/s; a day of 1,000,000 page views ≈ 12 a second on average',
        ]);
      }
    }
    const views = await (
      await fetch(`${server.url}/api/press/press-sample-03/view?site=cheonghak`, { method: 'POST', headers: targets[2].headers as Record<string, string> })
    ).json();
    console.log(`\nPress HTTP on loopback (${DURATION} s each, ${CONNECTIONS} connections); press-sample-03 now shows ${views.views} views\n`);
    console.log(table(['route', 'req/s', 'p50 ms', 'p99 ms', 'requests'], rows));
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// Embedded store queries

type Store = Awaited<ReturnType<typeof openEmbeddedStore>>;

const PRESS_PARAMS = { siteId: 'cheonghak', limit: 10, cursorDate: null, cursorId: null };

function benchedQueries(): Array<{ name: string; query: string }> {
  return Object.entries(queries)
    .filter(([name, value]) => typeof value === 'string' && /^(home|siteSettings|pressList)/.test(name))
    .map(([name, value]) => ({ name, query: value as string }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function articleDate(i: number): string {
  // Spread over ~3 years, several per day, some sharing a timestamp (the cursor's tie-break).
  return new Date(Date.UTC(2025, 0, 1) - Math.floor(i / 3) * 600_000).toISOString();
}

async function insertArticles(store: Store, from: number, to: number): Promise<number> {
  const started = performance.now();
  const BATCH = 1000;
  for (let start = from; start < to; start += BATCH) {
    const mutations = [];
    for (let i = start; i < Math.min(to, start + BATCH); i++) {
      mutations.push({
        create: {
          _id: `bench-press-${String(i).padStart(6, '0')}`,
          _type: 'pressArticle',
          siteId: 'cheonghak',
          title: `청학 파크 에디션 보도자료 ${i + 1}`,
          summary: `인천 연수구 청학동 652세대 재개발 단지 소식 ${i + 1}번째 기사 요약입니다.`,
          date: articleDate(i),
          views: 0,
        },
      });
    }
    await store.mutate(mutations);
  }
  return performance.now() - started;
}

type Stats = { median: number; p99: number; n: number };
const stats = (samples: number[]): Stats => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99), n: sorted.length };
};

async function benchQueries(): Promise<void> {
  const list = benchedQueries();
  if (list.length === 0) throw new Error('no home*/siteSettings*/pressList* query exported by web/sanity/queries.ts');
  const store = await openEmbeddedStore({ file: ':memory:', seedFile: SEED, rootDir: ROOT });
  const rows: Array<Array<string | number>> = [];
  const writeRows: Array<Array<string | number>> = [];
  const pressRows: Array<Array<string | number>> = [];
  try {
    let inserted = 0;
    for (const size of SIZES) {
      const added = size - inserted;
      const insertMs = await insertArticles(store, inserted, size);
      inserted = size;
      const total = (await store.fetch('count(*[_type == "pressArticle"])')) as number;
      console.log(`store: ${size} bench press articles inserted (${total} pressArticle documents) in ${ms(insertMs)} ms`);

      // Cold = the first read after a write with the result cache dropped: a write alone may leave
      // cached results of queries that only read other types (e.g. homePage after a press patch).
      const writeSamples: number[] = [];
      let n = 0;
      const touch = async () => {
        const id = `bench-press-${String(n++ % size).padStart(6, '0')}`;
        const t0 = performance.now();
        await store.mutate([{ patch: { id, inc: { views: 1 } } }]);
        writeSamples.push(performance.now() - t0);
        store.invalidate();
      };

      for (const { name, query } of list) {
        const params = name.startsWith('pressList') ? PRESS_PARAMS : {};
        const cold: number[] = [];
        const warm: number[] = [];
        let result: unknown;
        for (let run = 0; run < QUERY_RUNS; run++) {
          await touch();
          let t0 = performance.now();
          result = await store.fetch(query, params);
          cold.push(performance.now() - t0);
          t0 = performance.now();
          await store.fetch(query, params);
          warm.push(performance.now() - t0);
        }
        if (result == null || (Array.isArray(result) && result.length === 0)) {
          throw new Error(`${name} returned ${JSON.stringify(result)} at ${size} articles`);
        }
        const c = stats(cold);
        const w = stats(warm);
        rows.push([size, name, ms(c.median), ms(c.p99), ms(w.median), ms(w.p99), c.n]);
      }
      pressRows.push(...(await benchPressList(store, size)));
      const wr = stats(writeSamples);
      writeRows.push([size, ms(wr.median), ms(wr.p99), wr.n, ms((insertMs / Math.max(1, added)) * 1000)]);
    }
  } finally {
    await store.close();
  }
  console.log(`\nEmbedded store (in-memory SQLite + groq-js), home-page queries; cold = first read after a write + cache drop\n`);
  console.log(table(['articles', 'query', 'cold p50 ms', 'cold p99 ms', 'warm p50 ms', 'warm p99 ms', 'runs'], rows));
  console.log(`\nPress list through PressService (what the routes and /api/press run): first page and a page in the middle;`);
  console.log(`cold = after a new article (order re-read), after-views = after a view flush (a sales table only), warm = cached\n`);
  console.log(table(['articles', 'paging', 'page', 'cold p50 ms', 'after-views p50 ms', 'warm p50 ms', 'runs'], pressRows));
  console.log(`\nWrites: one patch (inc views) per cold sample; bulk insert in transactions of 1000\n`);
  console.log(table(['articles', 'patch p50 ms', 'patch p99 ms', 'runs', 'insert ms/1000 docs'], writeRows));
}

/**
 * List latency through the service at this size: each paging strategy, first and middle page;
 * cold after an article write, after a view flush (which must not evict the list), and warm.
 */
async function benchPressList(store: Store, size: number): Promise<Array<Array<string | number>>> {
  const rows: Array<Array<string | number>> = [];
  const viewCounts = await inMemorySalesDatabase();
  const runs = Math.max(3, Math.min(QUERY_RUNS, size >= 100_000 ? 5 : 20));
  for (const paging of ['order-index', 'cursor-query'] as const) {
    const counter = new ViewCounter(viewCounts, { intervalMs: 3_600_000 });
    const press = new PressService(store, counter, paging);
    // A cursor halfway down the list, reached by walking the index once.
    const order = await store.fetch(queries.pressOrderQuery, { siteId: 'cheonghak' });
    const middle = Math.floor(order.length / 2);
    const pages = [
      { label: 'first', cursor: null },
      { label: `at ${middle}`, cursor: encodePressCursor({ date: order[middle - 1].date ?? '', id: order[middle - 1]._id, position: middle }) },
    ];
    for (const { label, cursor } of pages) {
      const cold: number[] = [];
      const afterViews: number[] = [];
      const warm: number[] = [];
      for (let run = 0; run < runs; run++) {
        await store.mutate([
          { createOrReplace: { _id: 'bench-press-touch', _type: 'pressArticle', siteId: 'bench-other', title: 't', summary: 's', date: articleDate(run) } },
        ]);
        let t0 = performance.now();
        await press.list('cheonghak', cursor);
        cold.push(performance.now() - t0);
        counter.record(order[0]._id, 'cheonghak');
        await counter.flush();
        t0 = performance.now();
        await press.list('cheonghak', cursor);
        afterViews.push(performance.now() - t0);
        t0 = performance.now();
        await press.list('cheonghak', cursor);
        warm.push(performance.now() - t0);
      }
      rows.push([size, paging, label, ms(stats(cold).median), ms(stats(afterViews).median), ms(stats(warm).median), runs]);
      if (paging === 'order-index' && label === 'first') {
        summary.push([`press list, ${size} articles`, `${ms(stats(cold).median)} ms`, `cold p50 (after a new article); warm ${ms(stats(warm).median)} ms`]);
      }
    }
  }
  await viewCounts.close();
  return rows;
}

// ---------------------------------------------------------------------------------------------

const started = performance.now();
try {
  if (process.env.BENCH_SKIP_HTTP !== '1') await benchHttp();
  if (process.env.BENCH_SKIP_PAGE_CACHE !== '1') {
    ensureFreshBuild();
    summary.push(
      ...(await benchPageCache({
        duration: DURATION,
        connections: CONNECTIONS,
        rounds: Number(process.env.BENCH_ROUNDS ?? 3),
        baselineDir: process.env.BENCH_BASELINE_DIR || undefined,
        flood: Number(process.env.BENCH_FLOOD ?? 10_000),
        floodBaseline: Number(process.env.BENCH_FLOOD_BASELINE ?? 1_000),
        ageingSeconds: Number(process.env.BENCH_AGEING ?? 40),
        nginx: startNginx,
      })),
    );
  }
  if (process.env.BENCH_SKIP_HTTP !== '1') await benchPressHttp();
  if (process.env.BENCH_SKIP_QUERIES !== '1') await benchQueries();
  if (process.env.BENCH_SKIP_LEADS !== '1') {
    for (const { store, build, result } of await benchLeadPost({
      duration: DURATION,
      connections: CONNECTIONS,
      baselineDir: process.env.BENCH_BASELINE_DIR || undefined,
    })) {
      httpSummary(`POST /api/leads (durable, ${store}, ${build})`, result);
    }
  }
  if (process.env.BENCH_SKIP_CUSTOMERS !== '1') {
    summary.push(
      ...(await benchCustomers({
        registrations: Number(process.env.BENCH_CUSTOMER_REGISTRATIONS ?? 1_000_000),
        runs: Number(process.env.BENCH_CUSTOMER_RUNS ?? 20),
      })),
    );
  }
  if (process.env.BENCH_SKIP_INSTANCE_MEMORY !== '1') {
    summary.push(...(await benchInstanceMemory({ registrations: Number(process.env.BENCH_CUSTOMER_REGISTRATIONS ?? 1_000_000) })));
  }
  console.log(`\nSummary (one run, ${CONNECTIONS} connections, ${DURATION} s per HTTP row)\n`);
  console.log(table(['measure', 'value', 'detail'], summary));
  console.log(`\nbench finished in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
