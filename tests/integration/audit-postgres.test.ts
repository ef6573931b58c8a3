/**
 * The audit trail in PostgreSQL is append-only in the database itself: for the table's owner by
 * triggers (no UPDATE, no TRUNCATE, no DELETE of a record younger than a year), and for the
 * site's own role by its grants (deploy/postgres/app-role.sql, run here with psql as documented),
 * which leave it only INSERT, SELECT and the purge function.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PostgresAuditTrail } from '../../web/server/audit/postgres-trail';
import { openStaffServices } from '../../web/server/auth/staff-services';
import { loadConfig } from '../../web/server/config';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import { freshDatabaseUrl } from '../support/postgres';
import { postgresBinaries } from '../support/postgres-server';

const DAY_MS = 86_400_000;
let url: string;
let pool: pg.Pool;

beforeEach(async () => {
  url = await freshDatabaseUrl();
  pool = new pg.Pool({ connectionString: url });
});

afterEach(async () => {
  await pool.end();
});

const failure = (promise: Promise<unknown>) => promise.then(() => 'succeeded', (error: Error) => error.message);

describe('audit trail in PostgreSQL', () => {
  it('refuses UPDATE, TRUNCATE and an early DELETE even to the owner; the purge deletes only what is past the retention', async () => {
    let clock = Date.now() - 400 * DAY_MS;
    const audit = new PostgresAuditTrail(pool, () => clock);
    await audit.record({ actor: 'admin@example.kr', action: 'signIn', ip: '10.0.0.1', target: 'old' });
    clock = Date.now();
    await audit.record({ actor: 'admin@example.kr', action: 'leadView', ip: '10.0.0.1', target: 'recent' });

    expect(await failure(pool.query(`UPDATE audit_events SET actor = 'someone-else'`))).toMatch(/append-only/);
    expect(await failure(pool.query('TRUNCATE audit_events'))).toMatch(/append-only/);
    expect(await failure(pool.query(`DELETE FROM audit_events WHERE target = 'recent'`))).toMatch(/kept 365 days/);
    // Purging everything older than tomorrow reaches the recent record too: refused as a whole.
    expect(await failure(audit.purgeOlderThan(new Date(Date.now() + DAY_MS).toISOString()))).toMatch(/kept 365 days/);
    expect(await audit.purgeOlderThan(new Date(Date.now() - 365 * DAY_MS).toISOString())).toBe(1);
    expect((await audit.list({})).entries.map((entry) => entry.target)).toEqual(['recent']);
  });

  it("the site's role (deploy/postgres/app-role.sql) records and reads, purges through the function, and cannot change or delete a record", async () => {
    const role = `app_${Date.now()}`;
    await pool.query(`CREATE ROLE ${role} LOGIN`);
    execFileSync(path.join(postgresBinaries(), 'psql'), ['--no-psqlrc', '--quiet', '-v', 'ON_ERROR_STOP=1', '-v', `app_role=${role}`, '-f', 'deploy/postgres/app-role.sql', url]);
    const asApp = new URL(url);
    asApp.username = role;
    const appPool = new pg.Pool({ connectionString: asApp.toString() });
    try {
      let clock = Date.now() - 400 * DAY_MS;
      const audit = new PostgresAuditTrail(appPool, () => clock);
      await audit.record({ actor: 'sales@example.kr', action: 'leadView', ip: '10.0.0.2', target: 'old' });
      clock = Date.now();
      await audit.record({ actor: 'sales@example.kr', action: 'leadView', ip: '10.0.0.2', target: 'recent' });
      expect(await failure(appPool.query(`UPDATE audit_events SET actor = 'x'`))).toMatch(/permission denied/);
      expect(await failure(appPool.query(`DELETE FROM audit_events WHERE target = 'old'`))).toMatch(/permission denied/);
      expect(await failure(appPool.query('TRUNCATE audit_events'))).toMatch(/permission denied/);
      expect(await audit.purgeOlderThan(new Date(Date.now() - 365 * DAY_MS).toISOString())).toBe(1);
      expect((await audit.list({})).entries.map((entry) => entry.target)).toEqual(['recent']);
      // The rest of the site's tables stay writable for it.
      await appPool.query(`INSERT INTO documents (id, type, doc, rev, seq) VALUES ('lead-role', 'lead', '{}', 'r1', 0)`);
      // A table a later migration adds (as the owner) is usable at once, without running the grants again.
      await pool.query('CREATE TABLE added_later (id serial PRIMARY KEY, note text)');
      await appPool.query(`INSERT INTO added_later (note) VALUES ('new')`);
      expect((await appPool.query('SELECT note FROM added_later')).rows).toEqual([{ note: 'new' }]);
    } finally {
      await appPool.end();
    }
  });

  it('with DATABASE_URL the staff services keep accounts and the trail in PostgreSQL, nothing in DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-postgres-'));
    const leads = await openPostgresDocumentStore({ pool });
    const services = await openStaffServices({ leads, database: pool }, { dataDir, admin: loadConfig({}).admin });
    try {
      await services.audit.record({ actor: 'admin@example.kr', action: 'signIn', ip: '10.0.0.1' });
      const { rows } = await pool.query<{ actor: string }>('SELECT actor FROM audit_events');
      expect(rows).toEqual([{ actor: 'admin@example.kr' }]);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      services.close();
      await leads.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
