/**
 * Two instances of the site on one PostgreSQL database (DATABASE_URL) and one Content Lake
 * stand-in, as a load balancer spreads one visitor's requests over them: the server's own app
 * (createApp, loaded through Vite) twice, each with a data directory of its own, mounted as
 * server.js mounts it behind a trusted proxy. What one instance learns, the other acts on at once:
 * a sign-out, failed sign-ins, lead submissions and page renders against the per-address limits,
 * a reader's press article views (once an hour, at most 3 readers per address),
 * a Studio publish announced by the webhook (also after the listening connection was cut), an
 * article or a view count an instance writes itself (announced by that instance); and a daily
 * purge runs on one instance only.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../web/server/app';
import { readSeedDocuments } from '../../../web/server/content/seed';
import { createFormTokenSigner } from '../../../web/server/leads/form-token';
import { LISTENER } from '../../../web/server/postgres/content-changes';
import { oncePerPeriod } from '../../../web/server/postgres/daily-jobs';
import { startDailyJob } from '../../../web/server/daily-timer';
import { PRESS_VIEWS_PER_ADDRESS } from '../../../web/server/press/api';
import { PostgresPressViewGate } from '../../../web/server/press/shared-views';
import type { ViewRequest } from '../../../web/server/http/view-gate';
import { STAFF_SESSION_PATH } from '../../../web/shared/staff-session';
import { ContentLake } from '../../support/content-lake';
import { sharedInstanceEnv } from '../../support/instances';
import { freshDatabaseUrl } from '../../support/postgres';
import { appFromSources } from '../../support/source-modules';

const EMAIL = 'instances@example.kr';
const PASSWORD = 'two-instances-password';
const WEBHOOK_SECRET = 'webhook-secret-for-the-instances-test';
const PRESS_PAGE = '/cheonghak/press';
const LEAD_FORM_SECRET = 'lead-form-secret-shared-by-both-instances';
/** Page renders one address may cause in 10 minutes, on all instances together. */
const RENDER_LIMIT = 6;

type Instance = { url: string; app: App; server: Server; dataDir: string };

let databaseUrl: string;
let sanity: ContentLake;
let a: Instance;
let b: Instance;
/** What `npm run staff` is run with on the servers' machine: their database and content. */
let cliEnv: Record<string, string>;

async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'instance-'));
  const { createApp, loadConfig } = await appFromSources();
  const app = await createApp(loadConfig({ ...env, DATA_DIR: dataDir }));
  const handler = express();
  // As server.js behind the load balancer: the visitor's address from X-Forwarded-For.
  handler.set('trust proxy', 'loopback');
  handler.use(app.handler);
  const server = createServer((req, res) => {
    if (!app.answerFromCache(req, res)) handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, app, server, dataDir };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  instance.server.closeAllConnections();
  await new Promise((resolve) => instance.server.close(resolve));
  await instance.app.shutdown();
  rmSync(instance.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  sanity = new ContentLake();
  const apiHost = await sanity.start({ production: await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() }) });
  const env = {
    ...(await sharedInstanceEnv({ databaseUrl, sanity, apiHost, email: EMAIL, password: PASSWORD, webhookSecret: WEBHOOK_SECRET })),
    LEAD_FORM_SECRET,
    LEAD_MIN_FILL_MS: '0',
    LEAD_RATE_LIMIT_IP: '2/600',
    PAGE_RENDER_LIMIT_IP: `${RENDER_LIMIT}/600`,
  };
  cliEnv = { ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'instance-cli-')) };
  a = await startInstance(env);
  b = await startInstance(env);
}, 180_000);

afterAll(async () => {
  await stopInstance(a);
  await stopInstance(b);
  await sanity?.stop();
  if (cliEnv) rmSync(cliEnv.DATA_DIR, { recursive: true, force: true });
});

function post(instance: Instance, pathname: string, body: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${instance.url}${pathname}`, { method: 'POST', redirect: 'manual', headers: { origin: instance.url, ...headers }, body });
}

/** The press page's sign-in form, from a visitor at `address`. */
const signIn = (instance: Instance, password: string, address: string) =>
  post(instance, PRESS_PAGE, new URLSearchParams({ intent: 'login', email: EMAIL, password }).toString(), {
    'content-type': 'application/x-www-form-urlencoded',
    'x-forwarded-for': address,
  });

let visitor = 0;
/** The number every call link of the home page dials, as a new visitor (an address of its own: no render limit) sees it. */
const phoneOn = async (instance: Instance) => {
  visitor += 1;
  const page = await fetch(`${instance.url}/`, { headers: { 'x-forwarded-for': `192.0.2.${visitor}` } });
  return /href="tel:(\d+)"/.exec(await page.text())?.[1];
};

/** "계속 사용": 200 with a live session, 401 without. */
const extendSession = (instance: Instance, cookie: string) => post(instance, STAFF_SESSION_PATH, '', { cookie });

describe('two instances on one database', () => {
  it('signed out on A, the session is refused on B', async () => {
    const signedIn = await signIn(a, PASSWORD, '198.51.100.10');
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('staff_session='))!
      .split(';')[0];
    expect((await extendSession(b, cookie)).status, 'B knows the session').toBe(200);

    const signedOut = await post(a, PRESS_PAGE, new URLSearchParams({ intent: 'logout' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    });
    expect(signedOut.status).toBe(302);
    expect((await extendSession(b, cookie)).status, 'B refuses it').toBe(401);
    expect((await extendSession(a, cookie)).status).toBe(401);
  });

  it('a 상담사 added with the CLI signs in on A and works on B at once; disabled with the CLI, the next request on either is refused', async () => {
    const email = 'cli-added@example.kr';
    const password = 'cli-added-password-2026';
    const staffCli = (args: string[], stdin = '') => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', ...args], {
        env: { ...process.env, ...cliEnv },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      child.stdin.end(stdin);
      return new Promise<{ code: number | null; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
    };
    // Both instances read the account list now, so neither's next minutely re-read is due.
    for (const instance of [a, b]) await instance.app.loadContext.staff.list();
    expect(await staffCli(['add', email, '--role', 'sales', '--name', '최상담'], `${password}\n`)).toMatchObject({ code: 0 });
    const signedIn = await post(a, PRESS_PAGE, new URLSearchParams({ intent: 'login', email, password }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': '198.51.100.60',
    });
    expect(signedIn.status, 'signed in on A').toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('staff_session='))!
      .split(';')[0];
    expect((await extendSession(b, cookie)).status, 'B knows the new account').toBe(200);
    expect((await fetch(`${b.url}/admin/leads`, { headers: { cookie }, redirect: 'manual' })).status, 'the lead list on B').toBe(200);

    expect(await staffCli(['disable', email])).toMatchObject({ code: 0 });
    expect((await extendSession(b, cookie)).status, 'B refuses the disabled account').toBe(401);
    expect((await extendSession(a, cookie)).status, 'A too').toBe(401);
  }, 60_000);

  it('failed sign-ins from one address count on both: the 6th attempt is refused wherever it lands', async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const instance = attempt % 2 ? a : b;
      expect((await signIn(instance, `wrong ${attempt}`, '203.0.113.20')).status, `attempt ${attempt}`).toBe(401);
    }
    expect((await signIn(a, PASSWORD, '203.0.113.20')).status).toBe(429);
    expect((await signIn(b, PASSWORD, '203.0.113.20')).status).toBe(429);
    // Another address is not affected.
    expect((await signIn(b, PASSWORD, '203.0.113.21')).status).toBe(302);
  });

  it('lead submissions from one address count against one limit (2 per 10 minutes) on both', async () => {
    const submit = async (instance: Instance, phone: string) => {
      const form = (await (await fetch(`${instance.url}/api/leads/form`, { headers: { 'x-forwarded-for': '203.0.113.30' } })).json()) as { token: string };
      const body = { formToken: form.token, formKind: 'popup', name: '홍길동', phone, privacyConsent: true, ageConfirmed: true, website: '' };
      return post(instance, '/api/leads', JSON.stringify(body), { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.30' });
    };
    expect((await submit(a, '01012340001')).status).toBe(201);
    expect((await submit(b, '01012340002')).status).toBe(201);
    const third = await submit(a, '01012340003');
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: string }).error).toBe('rateLimited');
  });

  it('one phone booking two visits at once, one on each instance, gets one (one coming visit per customer)', async () => {
    const signer = createFormTokenSigner(LEAD_FORM_SECRET);
    // 16 slots a week ahead, as an admin adds them on the console.
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const slots = Array.from({ length: 16 }, (_, index) => ({
      id: `visitSlot-two-${String(index).padStart(2, '0')}`,
      time: `${String(9 + (index >> 1)).padStart(2, '0')}:${index % 2 ? '30' : '00'}`,
    }));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client
      .query(
        `INSERT INTO visit_slots (id, date, time, capacity, created_at) SELECT id, $1, time, 4, $2 FROM json_to_recordset($3) AS slot(id text, time text)`,
        [date, new Date().toISOString(), JSON.stringify(slots)],
      )
      .finally(() => client.end());
    let address = 0;
    const book = (instance: Instance, phone: string, slot: string) => {
      address += 1;
      const body = {
        formToken: signer.issue(`two-bookings-${address}`),
        formKind: 'customer',
        name: '예약고객',
        phone,
        visitSlot: slot,
        message: '모델하우스 방문 예약합니다.',
        privacyConsent: true,
        ageConfirmed: true,
        website: '',
      };
      return post(instance, '/api/leads', JSON.stringify(body), { 'content-type': 'application/json', 'x-forwarded-for': `198.18.0.${address}` }).then(
        async (response) => (response.status === 201 ? 'booked' : ((await response.json()) as { error: string }).error),
      );
    };
    // Several phones, so that a cap kept per instance would be passed by at least one pair racing.
    const phones = Array.from({ length: 8 }, (_, index) => `0107777000${index}`);
    const outcomes = await Promise.all(
      phones.map((phone, index) => Promise.all([book(a, phone, slots[2 * index].id), book(b, phone, slots[2 * index + 1].id)])),
    );
    // Both answered as bookings (a refusal told anyone the number had booked); one visit is kept per
    // customer (the second request is kept as a registration of the same customer, without a place).
    expect(outcomes).toEqual(phones.map(() => ['booked', 'booked']));
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ phone: string; registrations: number; visits: number }>(
        `SELECT customers.phone,
                (SELECT count(*)::int FROM registrations WHERE registrations.customer_id = customers.id) AS registrations,
                (SELECT count(*)::int FROM bookings WHERE bookings.customer_id = customers.id AND bookings.status = 'booked') AS visits
           FROM customers WHERE customers.phone = ANY($1) ORDER BY customers.phone`,
        [phones],
      );
      expect(rows).toEqual(phones.map((phone) => ({ phone, registrations: 2, visits: 1 })));
      const { rows: places } = await check.query<{ booked: number }>(`SELECT sum(booked)::int AS booked FROM visit_slots WHERE id = ANY($1)`, [
        slots.map((slot) => slot.id),
      ]);
      expect(places).toEqual([{ booked: phones.length }]);
    } finally {
      await check.end();
    }
  });

  it('page renders from one address count against one limit on both', async () => {
    const pages = ['/BusinessGuide/intro', '/Brand/intro', '/FloorPlan/59A', '/Promotion/Customer'];
    const render = (instance: Instance, pathname: string) => fetch(`${instance.url}${pathname}`, { headers: { 'x-forwarded-for': '203.0.113.40' } });
    // Each instance renders each page once (its own page cache): 2 renders per page.
    for (const pathname of pages.slice(0, RENDER_LIMIT / 2)) {
      expect((await render(a, pathname)).status, `${pathname} on A`).toBe(200);
      expect((await render(b, pathname)).status, `${pathname} on B`).toBe(200);
    }
    const refused = await render(a, pages[RENDER_LIMIT / 2]);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A cached page still answers.
    expect((await render(b, pages[0])).status).toBe(200);
  });

  it("a reader's view of an article counts once whichever instance it lands on; another reader's too; a bot's never", async () => {
    const article = 'press-sample-21';
    const chrome = 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
    // Counted in PostgreSQL beside the leads; the Sanity dataset is never written for a view.
    const stored = async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client
        .query<{ views: string }>('SELECT views FROM press_view_counts WHERE article_id = $1', [article])
        .finally(() => client.end());
      return Number(rows[0]?.views ?? 0);
    };
    const before = await stored();
    const datasetDocuments = sanity.dataset('production').documents().length;
    /** The view the press page sends once loaded, as Chromium sends it. */
    const view = async (instance: Instance, address: string, userAgent = chrome) => {
      const response = await post(instance, `/api/press/${article}/view?site=cheonghak`, '', {
        'sec-fetch-site': 'same-origin',
        'user-agent': userAgent,
        'x-forwarded-for': address,
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { counted: boolean }).counted;
    };
    expect(await view(a, '198.51.100.50'), 'the first view, on A').toBe(true);
    expect(await view(b, '198.51.100.50'), 'the same reader on B').toBe(false);
    expect(await view(a, '198.51.100.50'), 'the same reader back on A').toBe(false);
    expect(await view(b, '198.51.100.51'), 'another reader, on B').toBe(true);
    expect(await view(a, '198.51.100.51'), 'that reader on A').toBe(false);
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(await view(a, '198.51.100.52', googlebot)).toBe(false);
    expect(await view(b, '198.51.100.52', googlebot)).toBe(false);
    // Both instances flush their counts (every 3 s): two views in all.
    await expect.poll(stored, { timeout: 10_000, interval: 100 }).toBe(before + 2);
    expect(sanity.dataset('production').documents()).toHaveLength(datasetDocuments);
  });

  it('a Studio publish announced to A shows on B at its next request', async () => {
    expect(await phoneOn(a)).toBe('16000000');
    expect(await phoneOn(b)).toBe('16000000');

    sanity.dataset('production').mutate([{ patch: { id: 'siteSettings', set: { phone: '1588-4321' } } }]);
    expect(await phoneOn(b), 'B serves its cached page before the webhook').toBe('16000000');
    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
    const delivered = await post(a, '/api/sanity/webhook', body, { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature });
    expect(delivered.status).toBe(200);

    expect(await phoneOn(b)).toBe('15884321');
    expect(await phoneOn(a)).toBe('15884321');
  });

  it("an article created on A's press page is listed by B as soon as A answered, on its press page too: A announces its own write, no webhook comes", async () => {
    const titles = async (instance: Instance) =>
      ((await (await fetch(`${instance.url}/api/press?site=cheonghak`)).json()) as { items: Array<{ title: string }> }).items.map((item) => item.title);
    const pressPageOn = async (instance: Instance, address: string) =>
      (await fetch(`${instance.url}${PRESS_PAGE}`, { headers: { 'x-forwarded-for': address } })).text();
    const title = '두 서버에 함께 보이는 새 소식';
    // B has the list and the page cached (the content cache lives an hour here).
    expect(await titles(b)).not.toContain(title);
    expect(await pressPageOn(b, '198.51.100.70')).not.toContain(title);

    const signedIn = await signIn(a, PASSWORD, '198.51.100.71');
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers
      .getSetCookie()
      .find((line) => line.startsWith('staff_session='))!
      .split(';')[0];
    const created = await post(a, PRESS_PAGE, new URLSearchParams({ intent: 'create', title, summary: '요약', body: '본문' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    });
    expect(created.status).toBe(303);

    expect(await titles(a)).toContain(title);
    expect(await titles(b), 'B lists it once A answered').toContain(title);
    expect(await pressPageOn(b, '198.51.100.72'), "B's press page shows it").toContain(title);
  });

  it("a reader's view counted on A shows in B's list once A has written it, without a webhook", async () => {
    const article = 'press-sample-19';
    const viewsOn = async (instance: Instance) => {
      const { items } = (await (await fetch(`${instance.url}/api/press?site=cheonghak`)).json()) as { items: Array<{ _id: string; views: number }> };
      return items.find((item) => item._id === article)?.views;
    };
    // B reads the count now: cached for the hour the content cache lives here.
    const before = await viewsOn(b);
    expect(before).toBeTypeOf('number');
    const viewed = await post(a, `/api/press/${article}/view?site=cheonghak`, '', {
      'sec-fetch-site': 'same-origin',
      'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'x-forwarded-for': '198.51.100.73',
    });
    expect(((await viewed.json()) as { counted: boolean }).counted).toBe(true);
    // A writes its counts every 3 s; B shows the new count as soon as it is written.
    await expect.poll(() => viewsOn(b), { timeout: 10_000, interval: 100 }).toBe(before! + 1);
  });

  it('an instance whose listening connection was cut reconnects and purges, and hears the next change', async () => {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      sanity.dataset('production').mutate([{ patch: { id: 'siteSettings', set: { phone: '1577-0001' } } }]);
      // A failover, or a proxy dropping idle connections: both listeners are cut.
      const cut = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [
        LISTENER,
      ]);
      expect(cut.rowCount).toBe(2);
      // Back, they purge what they may have missed.
      await expect.poll(() => phoneOn(b), { timeout: 10_000, interval: 100 }).toBe('15770001');
      await expect.poll(() => phoneOn(a), { timeout: 10_000, interval: 100 }).toBe('15770001');
      await expect
        .poll(
          async () => (await admin.query('SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()', [LISTENER])).rowCount,
        )
        .toBe(2);

      sanity.dataset('production').mutate([{ patch: { id: 'siteSettings', set: { phone: '1577-0002' } } }]);
      const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
      const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
      expect((await post(a, '/api/sanity/webhook', body, { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature })).status).toBe(200);
      expect(await phoneOn(b)).toBe('15770002');
    } finally {
      await admin.end();
    }
  });
});

describe('daily jobs on several instances', () => {
  it('each day, one instance runs the purge; a failed run leaves the day to the next instance', async () => {
    const pools = [new pg.Pool({ connectionString: databaseUrl }), new pg.Pool({ connectionString: databaseUrl })];
    try {
      const [onA, onB] = pools.map(oncePerPeriod);
      let runs = 0;
      const purge = async () => {
        runs += 1;
        return 'purged';
      };
      // Job names of this test's own: the instances above run the real daily jobs on this database.
      const day = 20_000;
      const together = await Promise.all([onA('test-retention', day, purge), onB('test-retention', day, purge), onB('test-retention', day, purge)]);
      expect(runs).toBe(1);
      expect(together.filter((done) => done === 'purged')).toHaveLength(1);
      // Later the same day (the other instance's timer): nothing to do.
      expect(await onA('test-retention', day, purge)).toBeNull();
      expect(runs).toBe(1);

      // The next day: a run that fails gives the day back.
      await expect(onA('test-retention', day + 1, () => Promise.reject(new Error('store down')))).rejects.toThrow('store down');
      expect(await onB('test-retention', day + 1, purge)).toBe('purged');
      expect(runs).toBe(2);
      // Another job's day is its own.
      expect(await onB('test-audit', day + 1, purge)).toBe('purged');
      expect(runs).toBe(3);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });

  it("two instances' daily timers started together run the day's purge once", async () => {
    const pools = [new pg.Pool({ connectionString: databaseUrl }), new pg.Pool({ connectionString: databaseUrl })];
    let runs = 0;
    let settled = 0;
    const stops = pools.map((pool) => {
      const gate = oncePerPeriod(pool);
      return startDailyJob(
        'timer-purge',
        async () => {
          runs += 1;
          return null;
        },
        { firstDelayMs: 0, gate: (job, period, run) => gate(job, period, run).finally(() => (settled += 1)) },
      );
    });
    try {
      await expect.poll(() => settled, { timeout: 10_000 }).toBe(2);
      expect(runs).toBe(1);
    } finally {
      for (const stop of stops) stop();
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('press views on several instances', () => {
  const HOUR_MS = 60 * 60 * 1000;
  /** A press page's view request as the gate reads it: the reader's address and user agent. */
  const reader = (ip: string, userAgent: string): ViewRequest => ({ ip, host: 'localhost', header: (name) => (name === 'user-agent' ? userAgent : undefined) });
  const chrome = (version: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
  const tables = async (pool: pg.Pool) =>
    (
      await pool.query<{ salts: number; readers: number; addresses: number }>(
        `SELECT (SELECT count(*) FROM press_view_salts)::int AS salts, (SELECT count(*) FROM press_view_readers)::int AS readers,
                (SELECT count(*) FROM press_view_addresses)::int AS addresses`,
      )
    ).rows[0];

  it('one address counts at most 3 readers of an article an hour on all instances together; the next hour starts afresh and drops the hour before', async () => {
    const pools = [new pg.Pool({ connectionString: databaseUrl }), new pg.Pool({ connectionString: databaseUrl })];
    // Hours after the instances above counted theirs: the first view here drops those.
    let now = Date.now() + 2 * HOUR_MS;
    try {
      const [onA, onB] = pools.map((pool) => new PostgresPressViewGate(pool, PRESS_VIEWS_PER_ADDRESS, () => now));
      // A script changing its user agent at every request, spread over both instances.
      const counted = [];
      for (let request = 0; request < 8; request += 1) {
        counted.push(await (request % 2 ? onB : onA).firstPageView(reader('203.0.113.60', chrome(120 + request)), 'cheonghak/press-sample-22'));
      }
      expect(counted.filter(Boolean)).toHaveLength(PRESS_VIEWS_PER_ADDRESS);
      // Another article from that address has a cap of its own.
      expect(await onB.firstPageView(reader('203.0.113.60', chrome(120)), 'cheonghak/press-sample-23')).toBe(true);
      expect(await tables(pools[0])).toEqual({ salts: 1, readers: 9, addresses: 2 });

      now += HOUR_MS;
      expect(await onA.firstPageView(reader('203.0.113.60', chrome(120)), 'cheonghak/press-sample-22'), 'the same reader, the next hour').toBe(true);
      expect(await onB.firstPageView(reader('203.0.113.60', chrome(120)), 'cheonghak/press-sample-22'), 'and on the other instance').toBe(false);
      // Only the new hour is kept: its salt, one reader, one address.
      expect(await tables(pools[0])).toEqual({ salts: 1, readers: 1, addresses: 1 });
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
