import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from '@sanity/webhook';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../../web/server/content/seed';
import { createFormTokenSigner } from '../../../web/server/leads/form-token';
import { MEASURE_PATH } from '../../../web/shared/measure';
import { STAFF_SESSION_PATH } from '../../../web/shared/staff-session';
import { freePort, startServer, type RunningServer } from '../../support/built-server';
import { ContentLake } from '../../support/content-lake';
import { startLoadBalancer, UPSTREAM_HEADER, type LoadBalancer } from '../../support/nginx';
import { sharedInstanceEnv } from '../../support/instances';
import { freshDatabaseUrl } from '../../support/postgres';

/**
 * The production shape: two built instances on one PostgreSQL database and one Content Lake
 * stand-in, behind nginx (round robin, deploy/nginx/cheonghak.conf). What one instance
 * acknowledges, the database keeps, whatever happens to that instance afterwards; and what one
 * instance learns (a sign-out, failed sign-ins, a visitor's leads and views, a Studio publish),
 * the other acts on at its next request.
 *
 * The shared-state steps go through nginx, which alternates the instances request by request; the
 * test's config (only) names the instance that answered in a header, and each step checks that
 * both answered. Were the state kept per instance, one of the two answers would differ.
 */
const SECRET = 'instances-test-lead-form-secret';
const EMAIL = 'instances@example.kr';
const PASSWORD = 'two-instances-password';
const WEBHOOK_SECRET = 'instances-test-webhook-secret';
/** Leads one address may send in 10 minutes, on all instances together. */
const LEADS_PER_ADDRESS = 2;

const PRESS_PAGE = '/cheonghak/press';
const LEADS = 2_000;
const CONCURRENCY = 40;
const KILL_AFTER = 500;
/** A lead whose answer was lost (instance killed mid-request) is sent again with the same token. */
const MAX_ATTEMPTS = 20;

/** The first column of the first row. */
async function query(url: string, sql: string, params: unknown[] = []): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, unknown>>(sql, params);
    return rows[0] ? Object.values(rows[0])[0] : undefined;
  } finally {
    await client.end();
  }
}

/** A visitor's address of its own (10.x.y.z), so the per-address lead limit never refuses the load. */
const addressOf = (index: number) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;

type Answer = { status: number; upstream: string; response: Response };

/** A request through nginx, with the instance that answered. */
async function throughNginx(url: string, init: RequestInit = {}): Promise<Answer> {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, upstream: response.headers.get(UPSTREAM_HEADER) ?? '', response };
}

/** Both instances answered these requests. */
function expectBothInstances(answers: Answer[], ports: number[]): void {
  expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(ports.map((port) => `127.0.0.1:${port}`)));
}

describe('two instances behind nginx on one PostgreSQL database', () => {
  let databaseUrl: string;
  let env: Record<string, string>;
  const ports: number[] = [];
  const instances: RunningServer[] = [];
  let balancer: LoadBalancer;

  let sanity: ContentLake;

  beforeAll(async () => {
    databaseUrl = await freshDatabaseUrl();
    sanity = new ContentLake();
    const apiHost = await sanity.start({ production: await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() }) });
    env = {
      ...(await sharedInstanceEnv({ databaseUrl, sanity, apiHost, email: EMAIL, password: PASSWORD, webhookSecret: WEBHOOK_SECRET })),
      VIEW_FLUSH_INTERVAL_MS: '200',
      // The purge test waits for the timers' first run: a minute after start by default.
      DAILY_PURGE_FIRST_DELAY_MS: '5000',
      LEAD_FORM_SECRET: SECRET,
      LEAD_MIN_FILL_MS: '0',
      LEAD_RATE_LIMIT_IP: `${LEADS_PER_ADDRESS}/600`,
      LEAD_RATE_LIMIT_PHONE: '0/1',
      LEAD_BOOKING_LIMIT_IP: '0/1',
      // Every booking of this test comes from one address: the slot's cap per network is another test's.
      LEAD_BOOKING_LIMIT_SLOT_NETWORK: '0/1',
      TRUST_PROXY: 'loopback',
    };
    ports.push(await freePort(), await freePort());
    instances.push(...(await Promise.all(ports.map((port) => startServer({ env, port })))));
    balancer = await startLoadBalancer(ports.map((port) => `127.0.0.1:${port}`));
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await sanity?.stop();
  });

  it(`${LEADS} leads at concurrency ${CONCURRENCY}, one instance killed (kill -9) and restarted mid-run: every acknowledged lead stored exactly once`, async () => {
    const signer = createFormTokenSigner(SECRET);
    const acknowledged = new Map<number, string>();
    let next = 0;
    let retried = 0;
    let restart: Promise<void> | undefined;

    const send = async (index: number) => {
      const body = JSON.stringify({
        formToken: signer.issue(`instances-${index}`),
        formKind: 'popup',
        name: '다중인스턴스',
        phone: `010${String(20_000_000 + index).slice(-8)}`,
        privacyConsent: true,
        ageConfirmed: true,
        website: '',
        sourcePage: '/',
      });
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        try {
          const response = await fetch(`${balancer.url}/api/leads`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(index) },
            body,
          });
          const answer = (await response.json()) as { id?: string };
          if (response.status === 201 && answer.id) {
            acknowledged.set(index, answer.id);
            return;
          }
          expect([502, 503, 504], `lead ${index}: ${response.status} ${JSON.stringify(answer)}`).toContain(response.status);
        } catch (error) {
          if (!(error instanceof TypeError)) throw error;
        }
        retried += 1;
      }
      throw new Error(`lead ${index}: no answer after ${MAX_ATTEMPTS} attempts`);
    };

    const worker = async () => {
      while (next < LEADS) {
        const index = next++;
        await send(index);
        if (acknowledged.size >= KILL_AFTER && !restart) {
          restart = (async () => {
            const killed = instances[1];
            await killed.kill();
            instances[1] = await startServer({ env, port: ports[1] });
          })();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await restart;

    const ids = [...acknowledged.values()];
    expect(acknowledged.size).toBe(LEADS);
    expect(new Set(ids).size).toBe(LEADS);
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: string; phone: string }>(
        `SELECT registrations.id, customers.phone FROM registrations JOIN customers ON customers.id = registrations.customer_id`,
      );
      const stored = new Map(rows.map((row) => [row.id, row.phone]));
      // Every acknowledged lead is there, once (ids are the primary key), and nothing else is.
      expect(ids.filter((id) => !stored.has(id))).toEqual([]);
      expect(rows).toHaveLength(LEADS);
      expect(new Set(rows.map((row) => row.phone)).size).toBe(LEADS);
    } finally {
      await client.end();
    }
    console.log(`instances: ${LEADS} acknowledged, ${retried} attempts repeated after a lost answer`);
  }, 600_000);

  /** A slot a week ahead, as an admin adds it on the console. */
  const addSlot = async (id: string, capacity: number, time: string) => {
    const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    await query(databaseUrl, `INSERT INTO visit_slots (id, date, time, capacity, created_at) VALUES ($1, $2, $3, $4, $5)`, [
      id,
      date,
      time,
      capacity,
      new Date().toISOString(),
    ]);
  };
  const book = (index: number, slotId: string, phone: string) =>
    fetch(`${balancer.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': addressOf(LEADS + index) },
      body: JSON.stringify({
        formToken: createFormTokenSigner(SECRET).issue(`booking-${index}`),
        formKind: 'customer',
        name: '예약고객',
        phone,
        visitSlot: slotId,
        message: '모델하우스 방문 예약합니다.',
        privacyConsent: true,
        ageConfirmed: true,
        website: '',
        sourcePage: '/Promotion/Customer',
      }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as { error?: string } }));

  it('24 bookings of a 6-place slot at once, spread over both instances: 6 accepted, the slot says 6', async () => {
    await addSlot('slot-six', 6, '14:00');
    const answers = await Promise.all(Array.from({ length: 24 }, (_, index) => book(index, 'slot-six', `010${String(30_000_000 + index).slice(-8)}`)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(6);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.error)).toEqual(Array(18).fill('slotFull'));
    expect(await query(databaseUrl, `SELECT booked::text FROM visit_slots WHERE id = 'slot-six'`)).toBe('6');
    expect(await query(databaseUrl, `SELECT count(*)::text FROM bookings WHERE slot_id = 'slot-six' AND status = 'booked'`)).toBe('6');
  });

  it('24 bookings by one customer at once over four slots, spread over both instances: one place taken, all 24 registrations kept on that customer', async () => {
    for (const [hour, slot] of ['a', 'b', 'c', 'd'].entries()) await addSlot(`slot-${slot}`, 10, `1${hour}:00`);
    const phone = '01040404040';
    const answers = await Promise.all(Array.from({ length: 24 }, (_, index) => book(100 + index, `slot-${'abcd'[index % 4]}`, phone)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(24).fill(201));
    expect(await query(databaseUrl, `SELECT sum(booked)::text FROM visit_slots WHERE id IN ('slot-a', 'slot-b', 'slot-c', 'slot-d')`)).toBe('1');
    expect(
      await query(databaseUrl, `SELECT count(*)::text FROM bookings JOIN customers ON customers.id = bookings.customer_id WHERE customers.phone = $1`, [phone]),
    ).toBe('1');
    expect(
      await query(
        databaseUrl,
        `SELECT count(*)::text FROM registrations JOIN customers ON customers.id = registrations.customer_id WHERE customers.phone = $1`,
        [phone],
      ),
    ).toBe('24');
  });

  const post = (pathname: string, body: string, headers: Record<string, string>) =>
    // nginx passes the Host with its port: a browser on the site sends the same as its Origin.
    throughNginx(`${balancer.url}${pathname}`, { method: 'POST', headers: { origin: balancer.url, ...headers }, body });
  const signIn = (password: string, address: string) =>
    post(PRESS_PAGE, new URLSearchParams({ intent: 'login', email: EMAIL, password }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': address,
    });
  /** "계속 사용": 200 with a live session, 401 without. */
  const extendSession = (cookie: string) => post(STAFF_SESSION_PATH, '', { cookie });

  it('signed out through one instance, the session is refused by both', async () => {
    // nginx leaves an upstream it saw fail (the killed instance) out for fail_timeout: the steps
    // below need both in the rotation again, so wait until two requests in a row reach both.
    await expect
      .poll(async () => new Set([(await throughNginx(`${balancer.url}/healthz`)).upstream, (await throughNginx(`${balancer.url}/healthz`)).upstream]).size, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(2);
    const signedIn = await signIn(PASSWORD, '198.51.100.10');
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.response.headers
      .getSetCookie()
      .find((line) => /^(__Host-)?staff_session=/.test(line))!
      .split(';')[0];
    const live = [await extendSession(cookie), await extendSession(cookie)];
    expect(live.map((answer) => answer.status)).toEqual([200, 200]);
    expectBothInstances(live, ports);

    const signedOut = await post(PRESS_PAGE, new URLSearchParams({ intent: 'logout' }).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      cookie,
    });
    expect(signedOut.status).toBe(302);
    // Per instance, the one that did not sign the session out would still answer 200.
    const refused = [await extendSession(cookie), await extendSession(cookie)];
    expect(refused.map((answer) => answer.status)).toEqual([401, 401]);
    expectBothInstances(refused, ports);
  });

  it('failed sign-ins from one address count on both instances: after 5, the right password is refused by both', async () => {
    const failed = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) failed.push(await signIn(`wrong ${attempt}`, '203.0.113.20'));
    expect(failed.map((answer) => answer.status)).toEqual(Array(5).fill(401));
    // Per instance, each would have counted 2 or 3 failures and let the right password in.
    const refused = [await signIn(PASSWORD, '203.0.113.20'), await signIn(PASSWORD, '203.0.113.20')];
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expectBothInstances(refused, ports);
    expect((await signIn(PASSWORD, '203.0.113.21')).status, 'another address').toBe(302);
  });

  it(`leads from one address count against one limit (${LEADS_PER_ADDRESS} per 10 minutes) on both instances`, async () => {
    const signer = createFormTokenSigner(SECRET);
    const submit = (index: number) =>
      post(
        '/api/leads',
        JSON.stringify({
          formToken: signer.issue(`one-address-${index}`),
          formKind: 'popup',
          name: '홍길동',
          phone: `0101234000${index}`,
          privacyConsent: true,
          ageConfirmed: true,
          website: '',
        }),
        { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.30' },
      );
    const answers = [await submit(1), await submit(2), await submit(3)];
    // Per instance, the third lead would be the second one the instance it lands on has seen.
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 429]);
    expect(((await answers[2].response.json()) as { error: string }).error).toBe('rateLimited');
    expectBothInstances(answers, ports);
  });

  it('a Studio publish announced to one instance shows on both at their next request', async () => {
    let visitor = 0;
    /** The number the home page's call links dial, as a new visitor sees it, and who answered. */
    const phones = async () => {
      const answers = [];
      for (let index = 0; index < 2; index += 1) {
        visitor += 1;
        const answer = await throughNginx(`${balancer.url}/`, { headers: { 'x-forwarded-for': `192.0.2.${visitor}` } });
        answers.push({ ...answer, phone: /href="tel:(\d+)"/.exec(await answer.response.text())?.[1] });
      }
      expectBothInstances(answers, ports);
      return answers.map((answer) => answer.phone);
    };
    expect(await phones()).toEqual(['16000000', '16000000']);
    sanity.dataset('production').mutate([{ patch: { id: 'siteSettings', set: { phone: '1588-4321' } } }]);
    expect(await phones(), 'both serve their cached page before the webhook').toEqual(['16000000', '16000000']);

    const body = JSON.stringify({ _id: 'siteSettings', _type: 'siteSettings' });
    const signature = await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET);
    const delivered = await throughNginx(`${balancer.url}/api/sanity/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature },
      body,
    });
    expect(delivered.status).toBe(200);
    // Per instance, the one the webhook did not reach would serve its cached page for an hour.
    expect(await phones()).toEqual(['15884321', '15884321']);
  });

  it('a visitor whose page views land on both instances is counted once that day', async () => {
    const campaign = 'utm_source=nginx&utm_campaign=two-instances';
    const views = [];
    for (let index = 0; index < 4; index += 1) {
      views.push(
        await post(MEASURE_PATH, JSON.stringify({ page: '/', landing: index === 0, referrer: '', campaign }), {
          'content-type': 'text/plain;charset=UTF-8',
          'sec-fetch-site': 'same-origin',
          'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36',
          'x-forwarded-for': '198.51.100.50',
        }),
      );
    }
    expect(views.map((answer) => answer.status)).toEqual(Array(4).fill(204));
    expectBothInstances(views, ports);
    // Each instance flushes its counts every 200 ms; per instance, each would count the visitor once.
    const totals = () =>
      query(
        databaseUrl,
        `SELECT json_build_object('views', sum(views), 'visitors', sum(visitors))::text FROM page_view_tallies WHERE utm_campaign = 'two-instances'`,
      );
    await expect.poll(totals, { timeout: 10_000, interval: 100 }).toBe('{"views" : 4, "visitors" : 1}');
  });

  it("each daily purge is claimed for the day once, by one instance's timer", async () => {
    // The timers fire 5 s after each start (DAILY_PURGE_FIRST_DELAY_MS above); each claims the day
    // in daily_job_runs under an advisory lock before it runs (the once-only claim itself:
    // instances-postgres.test.ts). An instance purging on its own would leave no claim here. (The
    // hourly message reminders claim their hour in the same table.)
    const today = Math.floor(Date.now() / 86_400_000);
    const claims = () => query(databaseUrl, `SELECT string_agg(job || ':' || period, ',' ORDER BY job) FROM daily_job_runs WHERE job IN ('audit', 'leads')`);
    await expect.poll(claims, { timeout: 90_000, interval: 500 }).toBe(`audit:${today},leads:${today}`);
  }, 100_000);
});
