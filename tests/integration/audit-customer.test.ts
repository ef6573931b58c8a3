/**
 * The audit trail filtered by customer (`lead`: the records whose target is that lead), on both
 * stores' trails, page and stream alike; other filters still apply beside it.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PostgresAuditTrail } from '../../web/server/audit/postgres-trail';
import { SqliteAuditTrail, type AuditTrail } from '../../web/server/audit/trail';
import { openSqlite } from '../../web/server/sqlite';
import { freshDatabaseUrl } from '../support/postgres';

const pools: pg.Pool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
});

const trails: Array<[string, () => Promise<AuditTrail>]> = [
  ['embedded SQLite', async () => new SqliteAuditTrail(openSqlite(':memory:'))],
  [
    'PostgreSQL',
    async () => {
      const pool = new pg.Pool({ connectionString: await freshDatabaseUrl() });
      pools.push(pool);
      return new PostgresAuditTrail(pool);
    },
  ],
];

describe.each(trails)('the audit trail of one customer on %s', (_name, open) => {
  it("lists and streams only that lead's records, newest first on the page", async () => {
    const audit = await open();
    const record = (actor: string, action: 'leadView' | 'leadChange' | 'leadMemo', target: string, detail?: string) =>
      audit.record({ actor, action, ip: '10.0.0.1', target, detail });
    await record('kim@example.com', 'leadView', 'lead-a');
    await record('kim@example.com', 'leadChange', 'lead-a', '상태 신규 → 연락 중');
    await record('lee@example.com', 'leadView', 'lead-b');
    await record('lee@example.com', 'leadMemo', 'lead-a', '5자');
    await audit.record({ actor: 'admin@example.com', action: 'accountCreate', ip: '10.0.0.1', target: 'lead-a@example.com' });

    const page = await audit.list({ lead: 'lead-a' });
    expect(page.entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['lee@example.com', 'leadMemo'],
      ['kim@example.com', 'leadChange'],
      ['kim@example.com', 'leadView'],
    ]);
    expect((await audit.list({ lead: 'lead-a', actor: 'kim@example.com', action: 'leadChange' })).entries.map((entry) => entry.detail)).toEqual(['상태 신규 → 연락 중']);
    const streamed = [];
    for await (const entry of audit.stream({ lead: 'lead-b' })) streamed.push(entry.target);
    expect(streamed).toEqual(['lead-b']);
    expect((await audit.list({ lead: 'lead-none' })).entries).toEqual([]);
  });
});
