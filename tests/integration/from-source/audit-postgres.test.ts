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
import { PostgresAuditTrail, storeAuditRetention } from '../../../web/server/audit/postgres-trail';
import { openStaffServices } from '../../../web/server/auth/staff-services';
import { loadConfig } from '../../../web/server/config';
import { salesDatabaseOnPostgres } from '../../../web/server/database/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { postgresBinaries } from '../../support/postgres-server';

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

/** A login role set up by deploy/postgres/app-role.sql, run with psql as documented; a pool connected as it. */
async function appRolePool(): Promise<pg.Pool> {
  const role = `app_${Date.now()}`;
  await pool.query(`CREATE ROLE ${role} LOGIN`);
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
  return new pg.Pool({ connectionString: asApp.toString() });
}

/** A record `daysAgo` old, written by the schema's owner (as an import does). */
async function ownerRecord(daysAgo: number, target: string): Promise<void> {
  await pool.query(`INSERT INTO audit_events (at, actor, action, ip, target) VALUES ($1, 'sales@example.kr', 'leadView', '10.0.0.2', $2)`, [
    new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    target,
  ]);
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => 'succeeded',
    (error: Error) => error.message,
  );

describe('audit trail in PostgreSQL', () => {
  it('refuses UPDATE, TRUNCATE and an early DELETE even to the owner; the purge deletes only what is past the retention', async () => {
    await ownerRecord(800, 'old');
    const audit = new PostgresAuditTrail(pool);
    await audit.record({ actor: 'admin@example.kr', action: 'leadView', ip: '10.0.0.1', target: 'recent' });

    expect(await failure(pool.query(`UPDATE audit_events SET actor = 'someone-else'`))).toMatch(/append-only/);
    expect(await failure(pool.query('TRUNCATE audit_events'))).toMatch(/append-only/);
    expect(await failure(pool.query(`DELETE FROM audit_events WHERE target = 'recent'`))).toMatch(/kept 365 days/);
    expect(await audit.purgeExpired({ retentionDays: 730, now: Date.now() })).toMatchObject({ deleted: 1 });
    expect((await audit.list({})).entries.map((entry) => entry.target)).toEqual(['recent']);
  });

  it("the site's role (deploy/postgres/app-role.sql) records and reads, purges through the function, and cannot change or delete a record", async () => {
    const appPool = await appRolePool();
    try {
      await ownerRecord(400, 'old');
      await ownerRecord(800, 'expired');
      const audit = new PostgresAuditTrail(appPool);
      await audit.record({ actor: 'sales@example.kr', action: 'leadView', ip: '10.0.0.2', target: 'recent' });
      expect(await failure(appPool.query(`UPDATE audit_events SET actor = 'x'`))).toMatch(/permission denied/);
      expect(await failure(appPool.query(`DELETE FROM audit_events WHERE target = 'old'`))).toMatch(/permission denied/);
      expect(await failure(appPool.query('TRUNCATE audit_events'))).toMatch(/permission denied/);
      expect(await audit.purgeExpired({ retentionDays: 730, now: Date.now() })).toMatchObject({ deleted: 1, retentionDays: 730 });
      expect((await audit.list({})).entries.map((entry) => entry.target)).toEqual(['recent', 'old']);
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

  it("the site's role cannot back-date a record: its time is the database's", async () => {
    const appPool = await appRolePool();
    try {
      const backDated = appPool.query(
        `INSERT INTO audit_events (at, actor, action, ip) VALUES ('2020-01-01T00:00:00.000Z', 'sales@example.kr', 'leadView', '10.0.0.2')`,
      );
      expect(await failure(backDated)).toMatch(/permission denied/);
      // Its own clock is not asked either: a trail told it is 2020 still records now.
      const before = new Date().toISOString();
      await new PostgresAuditTrail(appPool, () => Date.UTC(2020, 0, 1))
        .record({ actor: 'sales@example.kr', action: 'leadView', ip: '10.0.0.2' })
        .catch(() => undefined);
      await appPool.query(`INSERT INTO audit_events (actor, action, ip) VALUES ('sales@example.kr', 'leadView', '10.0.0.2')`);
      const { rows } = await pool.query<{ at: string }>('SELECT at FROM audit_events');
      expect(rows.length).toBeGreaterThanOrEqual(1);
      for (const row of rows) expect(row.at >= before.slice(0, 19)).toBe(true);
    } finally {
      await appPool.end();
    }
  });

  it("the site's role cannot purge with a retention of its own: the function reads the one the schema's owner set", async () => {
    const appPool = await appRolePool();
    try {
      await ownerRecord(400, 'kept');
      // Asking for the legal minimum while AUDIT_RETENTION_DAYS is 730.
      const cutoff = new Date(Date.now() - 365 * DAY_MS).toISOString();
      await appPool.query('SELECT purge_audit_events($1)', [cutoff]).catch(() => undefined);
      expect(await failure(appPool.query('UPDATE audit_retention SET days = 365'))).toMatch(/permission denied/);
      expect(await new PostgresAuditTrail(appPool).purgeExpired({ retentionDays: 365, now: Date.now() })).toMatchObject({ deleted: 0, retentionDays: 730 });
      expect((await new PostgresAuditTrail(pool).list({})).entries.map((entry) => entry.target)).toEqual(['kept']);
      // The owner's `npm run db:migrate` stores AUDIT_RETENTION_DAYS; the purge follows it.
      await storeAuditRetention(pool, 390);
      expect(await new PostgresAuditTrail(appPool).purgeExpired({ retentionDays: 730, now: Date.now() })).toMatchObject({ deleted: 1, retentionDays: 390 });
    } finally {
      await appPool.end();
    }
  });

  it('with DATABASE_URL the staff services keep accounts and the trail in PostgreSQL, nothing in DATA_DIR', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'audit-postgres-'));
    const services = await openStaffServices({ sales: salesDatabaseOnPostgres(pool), database: pool }, { dataDir, admin: loadConfig({}).admin });
    try {
      await services.audit.record({ actor: 'admin@example.kr', action: 'signIn', ip: '10.0.0.1' });
      const { rows } = await pool.query<{ actor: string }>('SELECT actor FROM audit_events');
      expect(rows).toEqual([{ actor: 'admin@example.kr' }]);
      expect(await services.staff.insert({ email: 'admin@example.kr', name: '관리자', role: 'admin', passwordHash: 'x' })).toBe(true);
      expect((await pool.query('SELECT email FROM staff_accounts')).rows).toEqual([{ email: 'admin@example.kr' }]);
      expect(readdirSync(dataDir)).toEqual([]);
    } finally {
      await services.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
