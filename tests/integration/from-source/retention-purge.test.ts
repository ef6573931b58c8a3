/**
 * The retention purge as the operator's daily cron runs it (`npm run leads -- purge`) on
 * PostgreSQL: the expired customers, their registrations and memos, and their rows in the
 * messages' log are deleted, the purge is in the audit trail, and after a checkpoint no file of
 * the database holds the purged names, numbers or memo text (the tables are rewritten; a DELETE
 * and VACUUM alone leave the bytes in the heap and the indexes). Run with a role that does not own
 * the tables, it says so and exits 1.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStaffServices } from '../../../web/server/auth/staff-services';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources } from '../../../web/server/content/index';
import { register } from '../../../web/server/customers/registration';
import { SalesMessageLog } from '../../../web/server/messages/index';
import { leadsCli } from '../../support/leads-cli';
import { rewritePersonalDataTables, type OlderSession } from '../../../web/server/postgres/rewrite-tables';
import { freshDatabaseUrl } from '../../support/postgres';
import { postgresBinaries, withClient } from '../../support/postgres-server';
import { registrationMessages } from '../../support/registration-messages';

const EXPIRED = [
  { id: 'lead-expired-1', name: '소멸가', phone: '01066612345' },
  { id: 'lead-expired-2', name: '소멸나', phone: '01066654321' },
];
const KEPT = { id: 'lead-recent', name: '보관중', phone: '01012340000' };
/** Long past any retention period the Studio allows. */
const LONG_AGO = '2019-03-01T01:00:00.000Z';

let dataDir: string;
let url: string;
beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'retention-'));
  url = await freshDatabaseUrl();
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

/** A memo's text on each expired customer, which the purge deletes with them. */
const memoOf = (name: string) => `${name} 고객 잔금 문의 메모`;

async function seed(env: Record<string, string>): Promise<void> {
  const config = loadConfig(env);
  const sources = await createContentSources(config);
  const messages = new SalesMessageLog(sources.sales);
  try {
    const now = new Date().toISOString();
    for (const [{ id, name, phone }, createdAt] of [...EXPIRED.map((entry) => [entry, LONG_AGO] as const), [KEPT, now] as const]) {
      const outcome = await register(
        sources.sales,
        {
          id,
          name,
          phone,
          createdAt,
          formKind: 'popup',
          message: `${name} 문의 ${phone}`,
          consent: { marketing: false, noticeVersion: '2026-11', agreedAt: createdAt },
        },
        { assignee: null, today: createdAt.slice(0, 10) },
      );
      if (outcome.status !== 'created') throw new Error(`${id} not registered: ${outcome.status}`);
      await sources.sales.db
        .insertInto('memos')
        .values({
          id: `memo-${id}`,
          customer_id: outcome.customerId,
          at: createdAt,
          author_email: 'sales@example.kr',
          author_name: '김상담',
          text: memoOf(name),
        })
        .execute();
    }
    await messages.enqueue(
      [...EXPIRED, KEPT].map(({ id, phone }) => ({ key: `registration:${id}`, leadId: id, event: 'registration' as const, recipient: phone })),
      Date.now(),
    );
  } finally {
    await messages.close();
    await closeContentSources(sources);
  }
}

/** The files of this database (heap, TOAST, indexes) that hold one of `markers`, after a checkpoint. */
async function databaseFilesHolding(markers: string[]): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CHECKPOINT');
    const { rows } = await client.query<{ dir: string; oid: number }>(
      "SELECT current_setting('data_directory') AS dir, oid FROM pg_database WHERE datname = current_database()",
    );
    const directory = path.join(rows[0].dir, 'base', String(rows[0].oid));
    const holding = readdirSync(directory).filter((file) => {
      const bytes = readFileSync(path.join(directory, file));
      return markers.some((marker) => bytes.includes(Buffer.from(marker)));
    });
    // Named by their relation, so that a failure says which table or index kept the bytes.
    const { rows: relations } = await client.query<{ node: string; name: string }>(
      'SELECT pg_relation_filenode(oid)::text AS node, relname AS name FROM pg_class WHERE pg_relation_filenode(oid) IS NOT NULL',
    );
    const nameOf = new Map(relations.map((relation) => [relation.node, relation.name]));
    return holding.map((file) => `${nameOf.get(file.split(/[._]/)[0]!) ?? 'no relation'} (${file})`);
  } finally {
    await client.end();
  }
}

describe('the retention purge on PostgreSQL', () => {
  it('deletes the expired customers, their registrations, memos and messages, is audited, and leaves none of their bytes in the database files', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    await seed(env);
    const markers = EXPIRED.flatMap(({ name, phone }) => [name, phone, memoOf(name)]);
    expect((await databaseFilesHolding(markers)).length, 'the seeded rows are in the files').toBeGreaterThan(0);

    // Sampled as autovacuum's ANALYZE may do at any time: no sample of a purged customer may stay behind.
    await withClient(url, (client) => client.query('ANALYZE'));
    const purge = await leadsCli(env, ['purge']);
    expect(purge, purge.output).toMatchObject({ code: 0 });
    expect(purge.output).toContain('deleted 2 leads');

    const config = loadConfig(env);
    const sources = await createContentSources(config);
    const staff = await openStaffServices(sources, config);
    try {
      expect(await sources.sales.db.selectFrom('registrations').select('id').execute()).toEqual([{ id: KEPT.id }]);
      expect(await sources.sales.db.selectFrom('customers').select('phone').execute()).toEqual([{ phone: KEPT.phone }]);
      expect(await sources.sales.db.selectFrom('memos').select('text').execute()).toEqual([{ text: memoOf(KEPT.name) }]);
      for (const { id } of EXPIRED) expect(await registrationMessages(sources.sales, id)).toEqual([]);
      expect(await registrationMessages(sources.sales, KEPT.id)).toHaveLength(1);
      const records = (await staff.audit.list({ action: 'purge' })).entries;
      expect(records.map(({ actor, target, detail }) => ({ actor, target, detail: detail?.split(',')[0] }))).toEqual([
        { actor: 'system', target: 'lead', detail: '2건' },
      ]);
    } finally {
      await staff.close();
      await closeContentSources(sources);
    }

    expect(await databaseFilesHolding(markers)).toEqual([]);
    expect((await databaseFilesHolding([KEPT.phone])).length, 'the kept lead is still stored').toBeGreaterThan(0);
  }, 120_000);

  it('waits for a transaction that began before it (its snapshot would keep the purged rows in the rewrite), then leaves none of their bytes', async () => {
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };
    await seed(env);
    const report = new pg.Client({ connectionString: url, application_name: 'monthly-report' });
    await report.connect();
    try {
      await report.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      // Reading no personal table (so it locks none), its snapshot still sees the rows the purge deletes.
      await report.query('SELECT count(*) FROM registration_tallies');
      let reportEnded: Promise<unknown> | undefined;
      const purge = await leadsCli(env, ['purge'], (output) => {
        if (!reportEnded && output.includes('monthly-report')) reportEnded = report.query('COMMIT');
      });
      await (reportEnded ?? report.query('COMMIT'));
      expect(purge, purge.output).toMatchObject({ code: 0 });
      expect(await databaseFilesHolding(EXPIRED.flatMap(({ name, phone }) => [name, phone, memoOf(name)]))).toEqual([]);
      expect(purge.output).toMatch(/먼저 시작된 트랜잭션\(pid \d+ monthly-report\)이 끝나기를 기다렸다가/);
    } finally {
      await report.end();
    }
  }, 120_000);

  it('names the session whose transaction outlived the wait, after rewriting what it could', async () => {
    await seed({ DATABASE_URL: url, DATA_DIR: dataDir });
    const report = new pg.Client({ connectionString: url, application_name: 'forgotten-psql' });
    await report.connect();
    const pool = new pg.Pool({ connectionString: url });
    try {
      await report.query('BEGIN ISOLATION LEVEL REPEATABLE READ');
      // Reading no personal table (so it locks none), its snapshot still sees the rows the purge deletes.
      await report.query('SELECT count(*) FROM registration_tallies');
      const waitedFor: OlderSession[][] = [];
      const result = await rewritePersonalDataTables(pool, { olderSnapshotsWaitMs: 0, onWaiting: (sessions) => waitedFor.push(sessions) });
      const reportPid = (report as unknown as { processID: number }).processID;
      expect(result).toEqual({ skipped: [], olderSessions: [{ pid: reportPid, name: 'forgotten-psql' }] });
      expect(waitedFor).toEqual([result.olderSessions]);
      await report.query('COMMIT');
      expect(await rewritePersonalDataTables(pool)).toEqual({ skipped: [], olderSessions: [] });
    } finally {
      await report.end();
      await pool.end();
    }
  }, 120_000);

  it("run as the site's role (which owns no table) it deletes, then says the tables could not be rewritten and exits 1", async () => {
    await seed({ DATABASE_URL: url, DATA_DIR: dataDir });
    const role = `app_${Date.now()}`;
    const owner = new pg.Client({ connectionString: url });
    await owner.connect();
    await owner.query(`CREATE ROLE ${role} LOGIN`);
    await owner.end();
    execFileSync(path.join(postgresBinaries(), 'psql'), [
      '--no-psqlrc',
      '--quiet',
      '-v',
      'ON_ERROR_STOP=1',
      '-v',
      `app_role=${role}`,
      '-f',
      'deploy/postgres/app-role.sql',
      url,
    ]);
    const asApp = new URL(url);
    asApp.username = role;

    const purge = await leadsCli({ DATABASE_URL: asApp.toString(), DATA_DIR: dataDir }, ['purge']);
    expect(purge.output).toContain('deleted 2 leads');
    expect(purge.output).toContain('스키마 소유자의 DATABASE_URL로 실행해 주세요');
    expect(purge.output).toContain("run this with the schema owner's DATABASE_URL");
    expect(purge.code).toBe(1);
  }, 120_000);
});
