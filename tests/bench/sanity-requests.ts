/**
 * `npx tsx tests/bench/sanity-requests.ts` — how many Sanity requests one instance makes, by kind
 * (API or API CDN; query or mutation), idle and under visitor traffic, measured against the
 * Content Lake stand-in reached through Sanity's real host names (the site runs as in
 * production, SANITY_USE_CDN=true). Each phase runs for SANITY_BENCH_SECONDS (default 120) and is
 * extrapolated to 30 days. Traffic: page views at SANITY_BENCH_VIEWS_PER_DAY (default 100,000) spread
 * evenly over the day, each a GET of a page (in turn, over the site's pages) plus its page-view beacon;
 * SANITY_BENCH_PRESS_SHARE (default 0.3) of them are press articles (press traffic), each with the
 * view call its page makes, from a reader address of its own (behind the load balancer), so each
 * counts (the view counts are rows of the sales database, never writes to the content dataset).
 *
 * The API CDN as Sanity documents it (tests/support/content-lake.ts): any write to a published
 * document invalidates the whole dataset's cached answers, 45 s after the write; the table's last
 * rows give the CDN's hit rate (answers from its cache, of the queries sent to it).
 */
import { readSeedDocuments } from '../../web/server/content/seed';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN } from '../support/content-lake';
import { startServer } from '../support/built-server';
import { table } from './report';

const SECONDS = Number(process.env.SANITY_BENCH_SECONDS ?? 120);
const VIEWS_PER_DAY = Number(process.env.SANITY_BENCH_VIEWS_PER_DAY ?? 100_000);
const MONTH_SECONDS = 30 * 24 * 3600;
const PRESS_SHARE = Number(process.env.SANITY_BENCH_PRESS_SHARE ?? 0.3);
const ARTICLE_IDS = ['press-sample-01', 'press-sample-02', 'press-sample-03'];
const BROWSER = 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0.0.0 Mobile Safari/537.36';
const PAGES = [
  '/',
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

const lake = new ContentLake({ cdnPropagationMs: 45_000 });
await lake.start({ production: await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() }) });
const server = await startServer({
  env: {
    ...lake.childEnv,
    TRUST_PROXY: 'loopback',
    SANITY_PROJECT_ID: lake.projectId,
    SANITY_API_TOKEN: EDITOR_TOKEN,
    SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
    SESSION_SECRET: 'session-secret-for-the-sanity-bench-000000',
  },
});

type Counts = Record<string, number>;
function count(from: number): Counts {
  const counts: Counts = {};
  for (const request of lake.requests.slice(from)) {
    const key = `${request.cdn ? 'API CDN' : 'API'} ${request.endpoint ?? '?'}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (request.cdnCache) counts[`API CDN ${request.cdnCache}`] = (counts[`API CDN ${request.cdnCache}`] ?? 0) + 1;
  }
  return counts;
}

async function phase(run: (until: number) => Promise<void>): Promise<Counts> {
  const from = lake.requests.length;
  await run(Date.now() + SECONDS * 1000);
  return count(from);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

try {
  // Start-up reads and the daily purges' first run (a minute after start) are in neither phase.
  await pause(65_000);
  const idle = await phase((until) => pause(until - Date.now()));
  const intervalMs = (86_400 / VIEWS_PER_DAY) * 1000;
  let views = 0;
  const traffic = await phase(async (until) => {
    const start = Date.now();
    while (Date.now() < until) {
      // On schedule, whatever each view took.
      await pause(start + views * intervalMs - Date.now());
      const press = Math.floor((views + 1) * PRESS_SHARE) > Math.floor(views * PRESS_SHARE);
      const article = ARTICLE_IDS[views % ARTICLE_IDS.length];
      const page = press ? `/cheonghak/press/${article}` : PAGES[views % PAGES.length];
      const reader = { 'user-agent': BROWSER, 'x-forwarded-for': `10.${(views >> 16) & 255}.${(views >> 8) & 255}.${views & 255}` };
      views += 1;
      await (await fetch(`${server.url}${page}`, { headers: reader })).arrayBuffer();
      const fromPage = { ...reader, origin: server.url, 'sec-fetch-site': 'same-origin' };
      if (press) await (await fetch(`${server.url}/api/press/${article}/view?site=cheonghak`, { method: 'POST', headers: fromPage })).arrayBuffer();
      await fetch(`${server.url}/api/measure`, {
        method: 'POST',
        headers: { ...fromPage, 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ page, landing: views % 3 === 1, referrer: '', campaign: '' }),
      });
    }
  });
  const perMonth = (n: number) => Math.round((n / SECONDS) * MONTH_SECONDS).toLocaleString('en');
  const kinds = [...new Set([...Object.keys(idle), ...Object.keys(traffic)])].sort();
  console.log(
    `${SECONDS} s per phase; traffic: ${views} page views (${VIEWS_PER_DAY.toLocaleString('en')}/day, ${PRESS_SHARE * 100} % press articles) with their beacons\n`,
  );
  console.log(
    table(
      ['requests', 'idle (measured)', 'idle / 30 days', 'traffic (measured)', 'traffic / 30 days'],
      kinds.map((kind) => [kind, idle[kind] ?? 0, perMonth(idle[kind] ?? 0), traffic[kind] ?? 0, perMonth(traffic[kind] ?? 0)]),
    ),
  );
  const hitRate = (counts: Counts) => {
    const queries = counts['API CDN query'] ?? 0;
    return queries ? `${(((counts['API CDN hit'] ?? 0) / queries) * 100).toFixed(1)} % of ${queries}` : 'no CDN queries';
  };
  console.log(`\nAPI CDN hit rate: idle ${hitRate(idle)}; traffic ${hitRate(traffic)}`);
} finally {
  await server.stop();
  await lake.stop();
}
