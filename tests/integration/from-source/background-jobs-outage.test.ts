/**
 * Every timer and listener of the server, with PostgreSQL stopped under it (a server of this
 * file's own, `pg_ctl stop -m fast` as `systemctl stop postgresql` does): its rounds fail, are
 * counted, and the process goes on (no rejection reaches the process); once the database is
 * back, the work resumes on its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareFirstAdmin } from '../../../web/server/auth/accounts';
import { scryptParametersFor } from '../../../web/server/auth/password';
import { StaffAccounts } from '../../../web/server/auth/staff-accounts';
import { StaffStore } from '../../../web/server/auth/staff-store';
import { nowOrWhenAvailable } from '../../../web/server/content/when-available';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import { salesDatabaseOnPostgres } from '../../../web/server/database/index';
import { startDailyJob } from '../../../web/server/daily-timer';
import { postgresLimiters } from '../../../web/server/http/rate-limit';
import { silentNotifier } from '../../../web/server/leads/notifier';
import { OutboxDelivery } from '../../../web/server/leads/outbox-delivery';
import { PostgresLeadOutbox } from '../../../web/server/leads/postgres-outbox';
import type { LeadDocument } from '../../../web/server/leads/store';
import { MessageDispatcher } from '../../../web/server/messages/dispatcher';
import { SalesMessageLog } from '../../../web/server/messages/message-log';
import { log } from '../../../web/server/observability/log';
import { metrics } from '../../../web/server/observability/metrics';
import { AnnouncingContentSource, ContentChanges } from '../../../web/server/postgres/content-changes';
import { oncePerPeriod } from '../../../web/server/postgres/daily-jobs';
import { migrate, migrateWhenReachable, reportConnectionErrors } from '../../../web/server/postgres/index';
import { DependencyState } from '../../../web/server/observability/dependency-state';
import { ViewCounter } from '../../../web/server/press/view-counter';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { hashTestPassword } from '../../support/passwords';
import { pauseServer, resumeServer, startServer, stopServer, TEMPLATE, withClient, type RunningPostgres } from '../../support/postgres-server';
import { registrationMessages } from '../../support/registration-messages';

let stateDir: string;
let postgres: RunningPostgres;
let url: string;
let stopped = false;
const cleanups: Array<() => unknown> = [];
const rejections: unknown[] = [];
const recordRejection = (reason: unknown) => rejections.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', recordRejection);
  stateDir = mkdtempSync(path.join(tmpdir(), 'jobs-outage-postgres-'));
  postgres = await startServer(stateDir);
  await withClient(`${postgres.url}/postgres`, (client) => client.query(`CREATE DATABASE jobs TEMPLATE ${TEMPLATE}`));
  url = `${postgres.url}/jobs`;
}, 120_000);

afterEach(async () => {
  if (stopped) startDatabase();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(() => {
  process.off('unhandledRejection', recordRejection);
  if (postgres) stopServer(postgres);
  if (stateDir) rmSync(stateDir, { recursive: true, force: true });
  expect(rejections, 'rejections nothing handled').toEqual([]);
});

function stopDatabase(): void {
  pauseServer(postgres);
  stopped = true;
}

function startDatabase(): void {
  resumeServer(postgres);
  stopped = false;
}

function pool(): pg.Pool {
  const created = new pg.Pool({ connectionString: url, max: 4 });
  // As the server's pool: a connection the database drops is reported, not thrown.
  reportConnectionErrors(created, () => undefined);
  cleanups.push(() => created.end());
  return created;
}

const failures = (job: string) => async () => (await metrics.backgroundFailures.get()).values.find((value) => value.labels.job === job)?.value ?? 0;

function lead(id: string): LeadDocument {
  const createdAt = new Date().toISOString();
  return {
    _id: id,
    _type: 'lead',
    name: '홍길동',
    phone: '01012345678',
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
  };
}

describe('background work while PostgreSQL is stopped under it', () => {
  it("a checked-out connection the database drops between two queries (a transaction's, its caller awaiting something else) is reported, not thrown", async () => {
    const lost: Error[] = [];
    const over = new pg.Pool({ connectionString: url, max: 1 });
    reportConnectionErrors(over, (error) => lost.push(error));
    cleanups.push(() => over.end());
    const client = await over.connect();
    await client.query('BEGIN');
    stopDatabase();
    await expect.poll(() => lost.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    await expect(client.query('COMMIT')).rejects.toThrow();
    client.release(true);
  });

  it('the outbox delivery: its rounds fail and are counted, the loop goes on, and the waiting lead is delivered once the database is back', async () => {
    const over = pool();
    const sales = salesDatabaseOnPostgres(over);
    const outbox = new PostgresLeadOutbox(over);
    // Due in a moment: the first rounds find the database gone, not the lead.
    await outbox.add(lead('lead-outage-outbox'), null, Date.now() + 500);
    const delivery = new OutboxDelivery(outbox, sales, silentNotifier, Date.now);
    cleanups.push(() => delivery.stop());
    const before = await failures('outbox-delivery')();
    stopDatabase();
    delivery.start(100);
    await expect.poll(failures('outbox-delivery'), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(before + 3);
    startDatabase();
    const storedPhone = () =>
      sales.db
        .selectFrom('registrations')
        .innerJoin('customers', 'customers.id', 'registrations.customer_id')
        .select('customers.phone')
        .where('registrations.id', '=', 'lead-outage-outbox')
        .executeTakeFirst()
        .then(
          (row) => row?.phone ?? null,
          () => null,
        );
    await expect.poll(storedPhone, { timeout: 10_000, interval: 100 }).toBe('01012345678');
    // Settled in the delivery's own transaction, which commits just after the lead is stored.
    await expect.poll(() => outbox.find('lead-outage-outbox'), { timeout: 5_000, interval: 50 }).toBeNull();
  });

  it('a daily job (the purges, the reminders): a run that fails is counted, the timer goes on and the next run succeeds', async () => {
    let runs = 0;
    const stop = startDailyJob(
      'outage-test-job',
      async () => {
        runs += 1;
        return null;
      },
      // A period of 200 ms: every run claims a new one.
      { intervalMs: 200, firstDelayMs: 0, gate: oncePerPeriod(pool()) },
    );
    cleanups.push(stop);
    await expect.poll(() => runs, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(1);
    const before = await failures('outage-test-job')();
    stopDatabase();
    await expect.poll(failures('outage-test-job'), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(before + 2);
    const runsDuringOutage = runs;
    startDatabase();
    await expect.poll(() => runs, { timeout: 10_000, interval: 50 }).toBeGreaterThan(runsDuringOutage);
  });

  it('the message dispatcher: its rounds fail and are counted; a message queued after the return is settled', async () => {
    const over = pool();
    const sales = salesDatabaseOnPostgres(over);
    const log = new SalesMessageLog(sales);
    const content = await openEmbeddedStore({ file: ':memory:' });
    cleanups.push(() => content.close());
    const dispatcher = new MessageDispatcher({ log, sales, content });
    cleanups.push(() => dispatcher.stop());
    const before = await failures('messages')();
    stopDatabase();
    dispatcher.start(100);
    await expect.poll(failures('messages'), { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(before + 3);
    startDatabase();
    await expect
      .poll(
        () =>
          log.enqueue([{ key: 'registration:lead-outage-message', leadId: 'lead-outage-message', event: 'registration' }], Date.now()).then(
            () => true,
            () => false,
          ),
        { timeout: 10_000, interval: 100 },
      )
      .toBe(true);
    // No provider: settled as not sent (꺼짐) by the next round of the same loop.
    await expect.poll(async () => (await registrationMessages(sales, 'lead-outage-message'))[0]?.status, { timeout: 10_000, interval: 100 }).toBe('skipped');
  });

  it('counted press views: kept in memory while the database is away, written once it is back', async () => {
    const sales = salesDatabaseOnPostgres(pool());
    const counter = new ViewCounter(sales, { intervalMs: 100 });
    cleanups.push(() => counter.stop());
    const writes = vi.spyOn(sales.db, 'insertInto');
    counter.start();
    stopDatabase();
    for (let view = 0; view < 3; view++) counter.record('press-outage', 'cheonghak');
    await expect.poll(() => writes.mock.calls.length, { timeout: 10_000, interval: 50 }).toBeGreaterThanOrEqual(3);
    startDatabase();
    await expect
      .poll(
        () => withClient(url, async (client) => (await client.query(`SELECT views FROM press_view_counts WHERE article_id = 'press-outage'`)).rows[0]?.views),
        { timeout: 10_000, interval: 100 },
      )
      .toBe('3');
  });

  it('the staff accounts opened while the database is down start, and load once it is back', async () => {
    const elsewhere = new StaffStore(salesDatabaseOnPostgres(pool()));
    const account = {
      email: 'outage@example.kr',
      name: '김상담',
      role: 'sales' as const,
      passwordHash: 'x',
      disabled: false,
      createdAt: '2026-01-01',
      updatedAt: '2026-01-01',
      mobile: null,
    };
    expect(await elsewhere.insert(account)).toBe(true);
    stopDatabase();
    const staff = new StaffStore(salesDatabaseOnPostgres(pool()));
    cleanups.push(() => staff.close());
    await staff.start();
    expect(staff.find(account.email)).toBeNull();
    startDatabase();
    const back = Date.now();
    await expect.poll(() => staff.find(account.email)?.name, { timeout: 10_000, interval: 50 }).toBe('김상담');
    expect(Date.now() - back).toBeLessThan(5_000);
  });

  it('the migrations of an instance starting while the database refuses connections: tried again, run once it is back', async () => {
    const state = new DependencyState('postgres');
    const refusal = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    let attempts = 0;
    const stopWaiting = await migrateWhenReachable(
      async () => {
        attempts += 1;
        if (attempts < 3) throw refusal;
        await migrate(url);
      },
      state,
      true,
    );
    cleanups.push(stopWaiting);
    expect(state.isUp).toBe(false);
    await expect.poll(() => state.isUp, { timeout: 10_000, interval: 50 }).toBe(true);
    expect(attempts).toBe(3);
    // Without waiting (the CLIs), the refusal is the answer.
    await expect(migrateWhenReachable(async () => Promise.reject(refusal), new DependencyState('postgres'), false)).rejects.toBe(refusal);
  });

  it("an instance starting while the database is away starts, and writes the environment's admin account once it is back", async () => {
    const store = new StaffStore(salesDatabaseOnPostgres(pool()));
    const staff = new StaffAccounts(store, new MemoryAuditTrail());
    cleanups.push(() => staff.close());
    const admin = {
      email: 'outage-admin@example.kr',
      passwordHash: await hashTestPassword('a-long-enough-password'),
      passwordHashing: scryptParametersFor(12),
    };
    stopDatabase();
    // StaffAuth.start's first step: it must not fail the start while the database is away.
    await nowOrWhenAvailable(
      'first admin account',
      () => prepareFirstAdmin({ staff, admin, authDir: stateDir, allowLocalAdmin: false, log: () => undefined }),
      100,
    );
    startDatabase();
    const stored = () =>
      withClient(url, async (client) => (await client.query(`SELECT role FROM staff_accounts WHERE email = $1`, [admin.email])).rows[0]?.role);
    await expect.poll(stored, { timeout: 10_000, interval: 100 }).toBe('admin');
  });

  it('the content-change listener: lost with the database, back within seconds of its return, and purges for what it missed', async () => {
    let purges = 0;
    const changes = await ContentChanges.start(url, pool(), () => (purges += 1));
    cleanups.push(() => changes.close());
    expect(changes.listening).toBe(true);
    stopDatabase();
    await expect.poll(() => changes.listening, { timeout: 10_000, interval: 50 }).toBe(false);
    startDatabase();
    const back = Date.now();
    await expect.poll(() => changes.listening, { timeout: 5_000, interval: 50 }).toBe(true);
    expect(Date.now() - back).toBeLessThan(5_000);
    expect(purges).toBeGreaterThanOrEqual(1);
  });

  it('a content-change listener started while the database is down starts, and listens once it is back', async () => {
    stopDatabase();
    const changes = await ContentChanges.start(url, pool(), () => undefined);
    cleanups.push(() => changes.close());
    expect(changes.listening).toBe(false);
    startDatabase();
    await expect.poll(() => changes.listening, { timeout: 5_000, interval: 50 }).toBe(true);
  });

  it('a content write with the database away is stored and answered; its announcement to the other instances is dropped without a log line per write', async () => {
    const content = await openEmbeddedStore({ file: ':memory:' });
    cleanups.push(() => content.close());
    const changes = await ContentChanges.start(url, pool(), () => undefined);
    cleanups.push(() => changes.close());
    const announcing = new AnnouncingContentSource(content, changes);
    const warnings = vi.spyOn(log, 'warn');
    cleanups.push(() => warnings.mockRestore());
    stopDatabase();
    for (const count of [1, 2, 3]) {
      await announcing.mutate([{ createOrReplace: { _id: 'page-outage', _type: 'page', title: `점검 ${count}` } }]);
    }
    expect(content.getDocument('page-outage')?.title).toBe('점검 3');
    expect(warnings).not.toHaveBeenCalled();
  });

  it('the shared rate limits count in memory while the database is away', async () => {
    const limiter = postgresLimiters(pool())('outage-limit', { max: 2, windowMs: 60_000 });
    stopDatabase();
    expect([await limiter.tryHit('10.0.0.1'), await limiter.tryHit('10.0.0.1'), await limiter.tryHit('10.0.0.1')]).toEqual([true, true, false]);
  });
});
