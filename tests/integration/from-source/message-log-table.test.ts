/**
 * The messages' outbox and send log is one table of the sales database on both engines: the file
 * an older embedded release kept (`messages.sqlite`) moves into leads.sqlite at start, once (a row
 * deleted since never comes back from it), and PostgreSQL's rows keep their times when the
 * columns turn from timestamptz to milliseconds.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources } from '../../../web/server/content/index';
import { groupCommit } from '../../../web/server/database/group-commit';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, salesMigrator, type SalesDatabase } from '../../../web/server/database/index';
import { SalesMessageLog } from '../../../web/server/messages/message-log';
import { migrate } from '../../../web/server/postgres/index';
import { openSqlite } from '../../../web/server/sqlite';
import { freshDatabaseUrl } from '../../support/postgres';
import { registrationMessages } from '../../support/registration-messages';

const SENT_AT = Date.UTC(2026, 10, 20, 3, 4, 5, 678);
const ROWS = [
  { key: 'registration:lead-a', lead_id: 'lead-a', event: 'registration', status: 'sent', reason: null, provider_code: null, attempts: 1 },
  { key: 'staffNewLead:lead-a:stored', lead_id: 'lead-a', event: 'staffNewLead', status: 'skipped', reason: 'noStaffNumber', provider_code: null, attempts: 1 },
  { key: 'booking:lead-b', lead_id: 'lead-b', event: 'booking', status: 'pending', reason: 'providerError', provider_code: 'ServiceUnavailable', attempts: 2 },
];

let dataDir: string;

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'message-log-'));
});

afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const entries = (sales: SalesDatabase, leadId: string) =>
  registrationMessages(sales, leadId).then((rows) => rows.map(({ event, status, attempts, updatedAt }) => ({ event, status, attempts, updatedAt })));

describe('the message log of an older release', () => {
  it('embedded: messages.sqlite moves into leads.sqlite at the first start and goes; a row deleted since stays deleted', async () => {
    // The file as the release before staff messages left it: no recipient column.
    const old = openSqlite(path.join(dataDir, 'messages.sqlite'));
    old.exec(`CREATE TABLE lead_messages (key TEXT PRIMARY KEY, lead_id TEXT NOT NULL, event TEXT NOT NULL, status TEXT NOT NULL DEFAULT 'pending', reason TEXT,
      provider_code TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL)`);
    const insert = old.prepare(
      'INSERT INTO lead_messages (key, lead_id, event, status, reason, provider_code, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const row of ROWS) insert.run(row.key, row.lead_id, row.event, row.status, row.reason, row.provider_code, row.attempts, SENT_AT, SENT_AT, SENT_AT);
    old.close();

    const config = loadConfig({ DATA_DIR: dataDir });
    const first = await createContentSources(config);
    const log = new SalesMessageLog(first.sales);
    expect(await entries(first.sales, 'lead-a')).toEqual([
      { event: 'registration', status: 'sent', attempts: 1, updatedAt: new Date(SENT_AT).toISOString() },
      { event: 'staffNewLead', status: 'skipped', attempts: 1, updatedAt: new Date(SENT_AT).toISOString() },
    ]);
    expect(existsSync(path.join(dataDir, 'messages.sqlite'))).toBe(false);
    // The customer's data deleted on request: their rows go, and no later start brings them back.
    expect(await log.forget(['lead-a'])).toBe(2);
    await closeContentSources(first);

    const second = await createContentSources(config);
    try {
      expect(await entries(second.sales, 'lead-a')).toEqual([]);
      expect(await entries(second.sales, 'lead-b')).toEqual([{ event: 'booking', status: 'pending', attempts: 2, updatedAt: new Date(SENT_AT).toISOString() }]);
    } finally {
      await closeContentSources(second);
    }
  });

  it('PostgreSQL: the rows keep their times (to the millisecond) when the columns become milliseconds', async () => {
    const url = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      await migrate(url);
      const sales = salesDatabaseOnPostgres(pool);
      expect((await salesMigrator(sales).migrateTo('0005-press-view-counts')).error).toBeUndefined();
      for (const row of ROWS) {
        await pool.query(
          'INSERT INTO lead_messages (key, lead_id, event, status, reason, provider_code, attempts, next_attempt_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $8)',
          [row.key, row.lead_id, row.event, row.status, row.reason, row.provider_code, row.attempts, new Date(SENT_AT)],
        );
      }
      expect(await migrate(url)).toContain('0006-message-log');
      const log = new SalesMessageLog(sales);
      expect(await entries(sales, 'lead-b')).toEqual([{ event: 'booking', status: 'pending', attempts: 2, updatedAt: new Date(SENT_AT).toISOString() }]);
      // Due since SENT_AT: the pending one is handed out once.
      const handed: string[] = [];
      await log.drain(SENT_AT + 1, 10, async (job) => {
        handed.push(job.key);
        return { status: 'sent' };
      });
      expect(handed).toEqual(['booking:lead-b']);
    } finally {
      await pool.end();
    }
  });
});

describe('settling a delivery round', () => {
  it('the jobs not sent in a chunk settle in one statement per outcome, each row with its own reason', async () => {
    const sales = await openEmbeddedSalesDatabase(dataDir);
    try {
      // Every UPDATE of the log, as the database is sent it.
      const updates: string[] = [];
      const counted = sales.db.withPlugin({
        transformQuery: ({ node }) => {
          if (node.kind === 'UpdateQueryNode') updates.push(node.kind);
          return node;
        },
        transformResult: async ({ result }) => result,
      });
      const log = new SalesMessageLog({ db: counted, inGroupCommit: groupCommit(counted, { concurrency: 1, shards: 1 }) });
      const leads = Array.from({ length: 12 }, (_, index) => `lead-${String(index).padStart(2, '0')}`);
      await log.enqueue(
        leads.map((leadId) => ({ key: `registration:${leadId}`, leadId, event: 'registration' as const })),
        SENT_AT,
      );
      await log.drain(SENT_AT, 50, async (job) => ({ status: 'skipped', reason: job.leadId === 'lead-03' ? 'noConsent' : 'off' }));

      // Two chunks (10 and 2): a claim each, and one settlement per distinct outcome in each.
      expect(updates).toHaveLength(2 + 2 + 1);
      const rows = await sales.db.selectFrom('lead_messages').select(['lead_id', 'status', 'reason', 'attempts']).orderBy('lead_id').execute();
      expect(rows).toEqual(leads.map((leadId) => ({ lead_id: leadId, status: 'skipped', reason: leadId === 'lead-03' ? 'noConsent' : 'off', attempts: 1 })));
    } finally {
      await sales.close();
    }
  });
});
