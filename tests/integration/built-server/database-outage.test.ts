/**
 * A PostgreSQL outage is not a site outage. The production shape (two built instances behind
 * nginx running deploy/nginx/cheonghak.conf, one PostgreSQL server of this file's own, the Content
 * Lake stand-in), visitors sending leads as the form does (a token, the fill time, POST; on a
 * refusal the form keeps what was typed and 다시 시도 sends it again) and readers fetching pages,
 * while PostgreSQL is stopped (`pg_ctl stop -m fast`, what `systemctl stop postgresql` does) for
 * OUTAGE_SECONDS and started again:
 *
 * - every GET is answered without a 5xx, and no instance exits;
 * - every lead is acknowledged (201) or refused with 503, Retry-After and a Korean message, and
 *   sent again until acknowledged: none lost, none stored twice;
 * - an instance started while the database is down starts, serves pages and refuses leads in Korean;
 * - every instance takes leads again within 5 s of the database's return, on its own.
 *
 * OUTAGE_SECONDS defaults to 15 for the suite; `OUTAGE_SECONDS=60 npx vitest run --project server
 * tests/integration/built-server/database-outage.test.ts` runs the full minute (docs/operations.md §5).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../../web/server/content/seed';
import { createFormTokenSigner } from '../../../web/server/leads/form-token';
import { freePort, startServer, type RunningServer } from '../../support/built-server';
import { ContentLake } from '../../support/content-lake';
import { sharedInstanceEnv } from '../../support/instances';
import { startLoadBalancer, type LoadBalancer } from '../../support/nginx';
import { pauseServer, resumeServer, startServer as startPostgres, stopServer, TEMPLATE, withClient, type RunningPostgres } from '../../support/postgres-server';

const OUTAGE_MS = Number(process.env.OUTAGE_SECONDS ?? 15) * 1000;
const VISITORS = 20;
const READERS = 4;
/** The form's fill time: the server refuses a lead sent sooner after its token (LEAD_MIN_FILL_MS). */
const FILL_MS = 2000;
/** How long a visitor waits before pressing 다시 시도 after a refusal. */
const RETRY_PAUSE_MS = 1000;
const RECOVERY_LIMIT_MS = 5000;
const SECRET = 'outage-test-lead-form-secret';
const PHONE_PREFIX = '0105';
const PAGES = ['/', '/BusinessGuide/intro', '/Promotion/Customer', '/api/leads/form', '/healthz', '/robots.txt'];
const KOREAN = /[가-힣]/;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Tally = {
  sent: number;
  acknowledged: Map<string, string>;
  refusedInKorean: number;
  otherPostAnswers: string[];
  gets: number;
  get5xx: string[];
};

describe('a PostgreSQL outage under load, two instances behind nginx', () => {
  let stateDir: string;
  let postgres: RunningPostgres;
  let databaseUrl: string;
  let sanity: ContentLake;
  let env: Record<string, string>;
  const instances: RunningServer[] = [];
  const metricsPorts: number[] = [];
  let balancer: LoadBalancer;
  /** One sample of an instance's metrics (METRICS_PORT, loopback), summed over the series that match `labels`. */
  const sample = async (number: number, name: string, labels = ''): Promise<number> => {
    const text = await (await fetch(`http://127.0.0.1:${metricsPorts[number]}/metrics`)).text();
    const lines = text
      .split('\n')
      .filter((line) => line.startsWith(name) && (line.startsWith(`${name} `) || line.startsWith(`${name}{`)) && line.includes(labels));
    return lines.reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
  };
  const readiness = async (instance: RunningServer, path = '/readyz') => {
    const response = await fetch(`${instance.url}${path}`);
    return { httpStatus: response.status, ...((await response.json()) as { status: string; serves?: { pages: boolean; leads: boolean } }) };
  };

  beforeAll(async () => {
    stateDir = mkdtempSync(path.join(tmpdir(), 'outage-postgres-'));
    postgres = await startPostgres(stateDir);
    await withClient(`${postgres.url}/postgres`, (client) => client.query(`CREATE DATABASE site TEMPLATE ${TEMPLATE}`));
    databaseUrl = `${postgres.url}/site`;
    sanity = new ContentLake();
    const apiHost = await sanity.start({
      production: await readSeedDocuments('content/production.ndjson', {
        rootDir: process.cwd(),
      }),
    });
    env = {
      ...(await sharedInstanceEnv({
        databaseUrl,
        sanity,
        apiHost,
        email: 'outage@example.kr',
        password: 'outage-test-password',
        webhookSecret: 'outage-webhook-secret',
      })),
      LEAD_FORM_SECRET: SECRET,
      LEAD_MIN_FILL_MS: String(FILL_MS),
      LEAD_RATE_LIMIT_IP: '0/1',
      LEAD_RATE_LIMIT_PHONE: '0/1',
      PAGE_RENDER_LIMIT_IP: '0/1',
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    };
    const ports = [await freePort(), await freePort()];
    metricsPorts.push(await freePort(), await freePort(), await freePort());
    instances.push(
      ...(await Promise.all(
        ports.map((port, number) => startServer({ env: { ...env, METRICS_PORT: String(metricsPorts[number]) }, port, captureStderr: true })),
      )),
    );
    balancer = await startLoadBalancer(ports.map((port) => `127.0.0.1:${port}`));
  }, 240_000);

  afterAll(async () => {
    await balancer?.stop();
    await Promise.all(instances.map((instance) => instance.stop()));
    await sanity?.stop();
    if (postgres) stopServer(postgres);
    if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  });

  it(`PostgreSQL stopped for ${OUTAGE_MS / 1000} s: 0 5xx for GETs, no instance exits, every lead acknowledged once or refused in Korean, recovery within 5 s`, async () => {
    const tally: Tally = {
      sent: 0,
      acknowledged: new Map(),
      refusedInKorean: 0,
      otherPostAnswers: [],
      gets: 0,
      get5xx: [],
    };
    let running = true;
    let paused = false;
    /** Set when the test ends early: every loop stops at once. */
    let stopped = false;

    /** One visitor: a token, the fill time, POST; on 503 the same form again until it is acknowledged. */
    const visitor = async (number: number) => {
      for (let lead = 0; running && !stopped; lead += 1) {
        const index = number * 10_000 + lead;
        const form = await fetch(`${balancer.url}/api/leads/form`).catch((error: unknown) => ({
          status: 599,
          error,
          json: () => Promise.resolve({}),
        }));
        tally.gets += 1;
        if (form.status >= 500) {
          tally.get5xx.push(`/api/leads/form ${form.status}`);
          await pause(RETRY_PAUSE_MS);
          continue;
        }
        const { token } = (await form.json()) as { token: string };
        await pause(FILL_MS);
        tally.sent += 1;
        const body = JSON.stringify({
          formToken: token,
          formKind: 'popup',
          name: '장애중방문자',
          phone: `${PHONE_PREFIX}${String(index).padStart(7, '0')}`,
          privacyConsent: true,
          ageConfirmed: true,
          website: '',
          sourcePage: '/',
        });
        while (running || !tally.acknowledged.has(String(index))) {
          if (stopped) return;
          const response = await fetch(`${balancer.url}/api/leads`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': '10.9.0.1',
            },
            body,
          }).catch(
            (error: unknown) =>
              new Response(JSON.stringify({ noAnswer: String(error) }), {
                status: 599,
              }),
          );
          const answer = (await response.json().catch(() => ({}))) as {
            id?: string;
            error?: string;
            message?: string;
          };
          if (response.status === 201 && answer.id) {
            tally.acknowledged.set(String(index), answer.id);
            break;
          }
          if (response.status === 503 && answer.error === 'unavailable' && KOREAN.test(answer.message ?? '') && response.headers.get('retry-after'))
            tally.refusedInKorean += 1;
          else tally.otherPostAnswers.push(`${response.status} ${JSON.stringify(answer)}`);
          await pause(RETRY_PAUSE_MS);
        }
      }
    };

    const reader = async (number: number) => {
      for (let request = number; running && !stopped; request += 1) {
        const page = PAGES[request % PAGES.length];
        const response = await fetch(`${balancer.url}${page}`, {
          headers: { 'x-forwarded-for': `10.8.0.${number}` },
        }).catch(() => new Response(null, { status: 599 }));
        await response.arrayBuffer();
        tally.gets += 1;
        if (response.status >= 500) tally.get5xx.push(`${page} ${response.status}`);
        await pause(100);
      }
    };

    // Issued now, so they are past the fill time whenever they are sent.
    const signer = createFormTokenSigner(SECRET);
    const recoveryTokens = [0, 1, 2].map((instance) => signer.issue(`outage-recovery-${instance}`));
    const load = [...Array.from({ length: VISITORS }, (_, number) => visitor(number)), ...Array.from({ length: READERS }, (_, number) => reader(number))];

    let acknowledgedBefore = 0;
    let refusedDuringOutage = 0;
    let recoveryMs: number[] = [];
    const recoveryDetail: string[] = [];
    try {
      // Before: the load runs against a healthy database for a moment.
      await expect.poll(() => tally.acknowledged.size, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(VISITORS);

      pauseServer(postgres);
      paused = true;
      const outageStarted = Date.now();
      acknowledgedBefore = tally.acknowledged.size;

      // An instance started while the database is down starts, serves pages, refuses leads in Korean.
      const late = await startServer({ env: { ...env, METRICS_PORT: String(metricsPorts[2]) }, captureStderr: true });
      instances.push(late);
      expect((await fetch(`${late.url}/BusinessGuide/intro`)).status).toBe(200);
      const refused = await postLead(late.url, recoveryTokens[2], 2);
      expect(refused.status).toBe(503);
      expect(KOREAN.test(refused.body.message ?? ''), refused.body.message).toBe(true);

      // What the operator sees meanwhile: alive, serving pages, not taking leads; the metrics say why.
      for (const [number, instance] of instances.entries()) {
        expect((await fetch(`${instance.url}/healthz`)).status, `instance ${number + 1} /healthz`).toBe(200);
        expect(await readiness(instance)).toMatchObject({ httpStatus: 200, status: 'degraded', serves: { pages: true, leads: false } });
        expect(await readiness(instance, '/readyz/leads')).toMatchObject({ httpStatus: 503, status: 'unavailable' });
        await expect.poll(() => sample(number, 'cheonghak_dependency_up', 'dependency="postgres"'), { timeout: 5_000, interval: 100 }).toBe(0);
        expect(await sample(number, 'cheonghak_pg_listener_up', 'listener="content"')).toBe(0);
        expect(await sample(number, 'cheonghak_ready', 'check="leads"')).toBe(0);
        expect(await sample(number, 'cheonghak_leads_refused_total', 'code="unavailable"'), `instance ${number + 1} refused leads`).toBeGreaterThan(0);
      }
      await pause(Math.max(0, OUTAGE_MS - (Date.now() - outageStarted)));
      refusedDuringOutage = tally.refusedInKorean;
      resumeServer(postgres);
      paused = false;
      const back = Date.now();

      // Each instance, asked directly and all at once, on its own: takes a lead, reports ready, its
      // metrics show the database and its listening connection back. The time to the last of these.
      const recovered = async (number: number, check: () => Promise<boolean>) => {
        while (!(await check())) {
          if (Date.now() - back > 30_000) throw new Error(`instance ${number + 1} had not recovered 30 s after the database returned`);
          await pause(100);
        }
        return Date.now() - back;
      };
      recoveryMs = await Promise.all(
        instances.map(async (instance, number) => {
          const times = await Promise.all([
            recovered(number, async () => (await postLead(instance.url, recoveryTokens[number], number)).status === 201),
            recovered(number, async () => (await readiness(instance)).status === 'ready'),
            recovered(number, async () => (await sample(number, 'cheonghak_dependency_up', 'dependency="postgres"')) === 1),
            recovered(number, async () => (await sample(number, 'cheonghak_pg_listener_up', 'listener="content"')) === 1),
          ]);
          recoveryDetail.push(`instance ${number + 1}: lead ${times[0]} ms, ready ${times[1]} ms, postgres up ${times[2]} ms, listener ${times[3]} ms`);
          return Math.max(...times);
        }),
      );
      for (const number of instances.keys()) expect(await sample(number, 'cheonghak_pg_pool_connections', 'state="total"')).toBeGreaterThan(0);
      // A few seconds of load after the return, then every visitor finishes the lead under way.
      const acknowledgedAtReturn = tally.acknowledged.size;
      await expect.poll(() => tally.acknowledged.size, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(acknowledgedAtReturn + VISITORS);
      running = false;
      await Promise.all(load);
    } finally {
      stopped = true;
      if (paused) resumeServer(postgres);
      await Promise.allSettled(load);
    }

    const stored = await withClient(databaseUrl, (client) =>
      client.query<{ id: string; phone: string }>(
        `SELECT registrations.id, customers.phone FROM registrations JOIN customers ON customers.id = registrations.customer_id WHERE customers.phone LIKE '${PHONE_PREFIX}%'`,
      ),
    );
    const storedIds = new Set(stored.rows.map((row) => row.id));
    const lost = [...tally.acknowledged.values()].filter((id) => !storedIds.has(id));
    const doubled = stored.rows.length - new Set(stored.rows.map((row) => row.phone)).size;
    console.log(
      [
        `database outage of ${OUTAGE_MS / 1000} s under ${VISITORS} visitors and ${READERS} readers:`,
        `leads sent ${tally.sent}, acknowledged ${tally.acknowledged.size} (${acknowledgedBefore} before the outage), stored ${stored.rows.length}, lost ${lost.length}, doubled ${doubled}`,
        `503 with a Korean message ${tally.refusedInKorean} (${refusedDuringOutage} during the outage), other POST answers ${tally.otherPostAnswers.length}`,
        `GETs ${tally.gets}, 5xx ${tally.get5xx.length}`,
        `recovery after the database's return (a lead taken, /readyz ready, postgres and both listeners up in the metrics): ${recoveryMs.map((ms, number) => `instance ${number + 1} ${ms} ms`).join(', ')} (instance 3 started during the outage)`,
        ...recoveryDetail,
        `instance exit codes: ${instances.map((instance) => String(instance.exitCode())).join(', ')}`,
      ].join('\n  '),
    );

    expect(
      instances.map((instance) => instance.exitCode()),
      'no instance exited',
    ).toEqual(instances.map(() => undefined));
    expect(tally.get5xx, 'GETs answered 5xx').toEqual([]);
    expect(tally.otherPostAnswers, 'lead answers other than 201 and a Korean 503').toEqual([]);
    expect(refusedDuringOutage, 'leads were refused during the outage').toBeGreaterThan(0);
    expect(tally.acknowledged.size).toBe(tally.sent);
    expect(lost).toEqual([]);
    expect(doubled).toBe(0);
    expect(stored.rows.length).toBe(tally.sent);
    for (const ms of recoveryMs) expect(ms).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
  }, 300_000);
});

/** A lead sent straight to one instance (not through nginx) with a token issued earlier. */
async function postLead(
  url: string,
  token: string,
  number: number,
): Promise<{
  status: number;
  body: { id?: string; error?: string; message?: string };
}> {
  const response = await fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.7.0.${number}`,
    },
    body: JSON.stringify({
      formToken: token,
      formKind: 'popup',
      name: '복구확인',
      phone: `0106000000${number}`,
      privacyConsent: true,
      ageConfirmed: true,
      website: '',
    }),
  });
  return {
    status: response.status,
    body: (await response.json().catch(() => ({}))) as {
      id?: string;
      error?: string;
      message?: string;
    },
  };
}
