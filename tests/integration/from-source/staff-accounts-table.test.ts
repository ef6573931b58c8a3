/**
 * Staff accounts are one table of the sales database, `staff_accounts`, on the embedded SQLite
 * file and on PostgreSQL alike: an account is a row any SQL reads; the table an older embedded
 * release left (no `mobile`, a role check without 팀장) takes the new shape with every row kept;
 * the `staffAccount` documents an older PostgreSQL release kept are in the table once, however
 * often the copy runs; and a change made through another instance counts at that account's
 * next request there.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NO_MIGRATIONS } from 'kysely/migration';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { CLI_ACTOR } from '../../../web/server/auth/staff-accounts';
import { openStaffServices } from '../../../web/server/auth/staff-services';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources, type ContentSources } from '../../../web/server/content/index';
import { copySalesDocuments, keepOldDocuments } from '../../../web/server/database/documents-move';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, salesMigrator } from '../../../web/server/database/index';
import { migrate } from '../../../web/server/postgres/index';
import { STAFF_ROLES } from '../../../web/shared/staff-roles';
import { freshDatabaseUrl } from '../../support/postgres';
import { TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';

const PASSWORD = 'model house 2026';
/** The columns of a row, as SQL reads them on either database. */
const ROW_COLUMNS = 'email, name, role, password_hash, disabled, created_at, updated_at, mobile';

let dataDir: string;
const cleanups: Array<() => Promise<unknown> | unknown> = [];

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'staff-table-'));
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** An instance's stores and staff accounts, as the server opens them. */
async function instance(env: Record<string, string> = {}) {
  const config = loadConfig({ ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir, ...env });
  const sources: ContentSources = await createContentSources(config);
  cleanups.push(() => closeContentSources(sources));
  const services = await openStaffServices(sources, config);
  cleanups.push(() => services.close());
  return { sources, staff: services.staff };
}

describe('staff accounts on PostgreSQL', () => {
  it("are rows of staff_accounts; every role is taken; a change made on another instance counts there at the account's next read of it", async () => {
    const url = await freshDatabaseUrl();
    const one = await instance({ DATABASE_URL: url });
    const other = await instance({ DATABASE_URL: url });
    for (const [index, role] of STAFF_ROLES.entries()) {
      expect(
        await one.staff.add(
          { email: `${role}@example.kr`, name: `직원${index}`, role, password: PASSWORD, mobile: index === 0 ? '010-2345-6789' : '' },
          CLI_ACTOR,
        ),
      ).toEqual({ ok: true });
    }
    expect(await one.staff.add({ email: 'SALES@example.kr', name: '다시', role: 'sales', password: PASSWORD }, CLI_ACTOR)).toEqual({
      ok: false,
      error: 'accountExists',
    });

    const { rows } = await one.sources.database!.query(`SELECT ${ROW_COLUMNS} FROM staff_accounts ORDER BY email`);
    expect(rows.map(({ email, name, role, disabled, mobile }) => ({ email, name, role, disabled, mobile }))).toEqual(
      STAFF_ROLES.map((role, index) => ({
        email: `${role}@example.kr`,
        name: `직원${index}`,
        role,
        disabled: 0,
        mobile: index === 0 ? '01023456789' : null,
      })).sort((a, b) => a.email.localeCompare(b.email)),
    );
    expect(rows[0].password_hash).toMatch(/^scrypt\$/);

    await other.staff.learn('sales@example.kr');
    expect(other.staff.find('sales@example.kr')).toMatchObject({ role: 'sales', disabled: false });
    expect(await one.staff.setDisabled('sales@example.kr', true, CLI_ACTOR)).toEqual({ ok: true });
    expect(other.staff.find('sales@example.kr')?.disabled, 'before the next request reads it').toBe(false);
    await other.staff.learn('sales@example.kr');
    expect(other.staff.find('sales@example.kr')?.disabled).toBe(true);
  });

  it('the staffAccount documents of an older release are in the table once, whatever the number of starts and copies; a later change is kept', async () => {
    const url = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    cleanups.push(() => pool.end());
    // As the release before the sales tables left it: no sales table, the accounts as documents.
    expect((await salesMigrator(salesDatabaseOnPostgres(pool)).migrateTo(NO_MIGRATIONS)).error).toBeUndefined();
    await keepOldDocuments(salesDatabaseOnPostgres(pool), [
      {
        _id: 'staffAccount.a',
        _type: 'staffAccount',
        email: 'kim@example.kr',
        name: '김상담',
        role: 'sales',
        passwordHash: 'hash-kim',
        disabled: true,
        createdAt: '2026-01-02T00:00:00.000Z',
        updatedAt: '2026-01-03T00:00:00.000Z',
        mobile: '01012345678',
      },
      {
        _id: 'staffAccount.b',
        _type: 'staffAccount',
        email: 'park@example.kr',
        name: '박팀장',
        role: 'manager',
        passwordHash: 'hash-park',
        disabled: false,
        createdAt: '2026-01-04T00:00:00.000Z',
        updatedAt: '2026-01-04T00:00:00.000Z',
      },
      // Not an account: no password to sign in with.
      { _id: 'staffAccount.c', _type: 'staffAccount', email: 'half@example.kr', name: '반쪽', role: 'sales' },
    ]);

    const ran = await Promise.all(Array.from({ length: 3 }, () => migrate(url)));
    expect(ran.flat().filter((name) => name === '0004-staff-accounts')).toHaveLength(1);
    const read = async () => (await pool.query(`SELECT ${ROW_COLUMNS} FROM staff_accounts ORDER BY email`)).rows;
    const moved = [
      {
        email: 'kim@example.kr',
        name: '김상담',
        role: 'sales',
        password_hash: 'hash-kim',
        disabled: 1,
        created_at: '2026-01-02T00:00:00.000Z',
        updated_at: '2026-01-03T00:00:00.000Z',
        mobile: '01012345678',
      },
      {
        email: 'park@example.kr',
        name: '박팀장',
        role: 'manager',
        password_hash: 'hash-park',
        disabled: 0,
        created_at: '2026-01-04T00:00:00.000Z',
        updated_at: '2026-01-04T00:00:00.000Z',
        mobile: null,
      },
    ];
    expect(await read()).toEqual(moved);

    await pool.query(`UPDATE staff_accounts SET disabled = 0 WHERE email = 'kim@example.kr'`);
    // `npm run leads -- import-sanity` copies again after bringing an old dataset's documents in.
    await copySalesDocuments(salesDatabaseOnPostgres(pool).db);
    expect(await read()).toEqual([{ ...moved[0], disabled: 0 }, moved[1]]);
  });
});

describe('staff accounts in the embedded leads.sqlite', () => {
  /** The table as older releases created it: before 휴대폰, and before the 팀장 role. */
  const OLD_TABLES = {
    'without mobile, without manager': `CREATE TABLE staff_accounts (
        email TEXT PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL CHECK (role IN ('admin', 'sales')), password_hash TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)), created_at TEXT NOT NULL, updated_at TEXT NOT NULL)`,
    'with mobile, without manager': `CREATE TABLE staff_accounts (
        email TEXT PRIMARY KEY, name TEXT NOT NULL, role TEXT NOT NULL CHECK (role IN ('admin', 'sales')), password_hash TEXT NOT NULL,
        disabled INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)), created_at TEXT NOT NULL, updated_at TEXT NOT NULL, mobile TEXT)`,
  };

  it.each(Object.entries(OLD_TABLES))('an older table (%s) takes the new shape at start with every row kept, and every role', async (_shape, createTable) => {
    const old = openLeadsDatabase(dataDir);
    old.exec(createTable);
    old
      .prepare('INSERT INTO staff_accounts (email, name, role, password_hash, disabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('kim@example.kr', '김상담', 'sales', 'hash-kim', 1, '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z');
    old
      .prepare('INSERT INTO staff_accounts (email, name, role, password_hash, disabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run('boss@example.kr', '관리자', 'admin', 'hash-boss', 0, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z');
    old.close();

    const sales = await openEmbeddedSalesDatabase(dataDir);
    await sales.close();

    const database = openLeadsDatabase(dataDir);
    try {
      expect(database.prepare(`SELECT ${ROW_COLUMNS} FROM staff_accounts ORDER BY email`).all()).toEqual([
        {
          email: 'boss@example.kr',
          name: '관리자',
          role: 'admin',
          password_hash: 'hash-boss',
          disabled: 0,
          created_at: '2026-01-01T00:00:00.000Z',
          updated_at: '2026-01-01T00:00:00.000Z',
          mobile: null,
        },
        {
          email: 'kim@example.kr',
          name: '김상담',
          role: 'sales',
          password_hash: 'hash-kim',
          disabled: 1,
          created_at: '2026-01-02T00:00:00.000Z',
          updated_at: '2026-01-03T00:00:00.000Z',
          mobile: null,
        },
      ]);
      for (const role of STAFF_ROLES) {
        database
          .prepare(`INSERT INTO staff_accounts (${ROW_COLUMNS}) VALUES (?, '새 직원', ?, 'x', 0, '2026-02-01', '2026-02-01', NULL)`)
          .run(`new-${role}@example.kr`, role);
      }
      expect(() => database.prepare(`UPDATE staff_accounts SET role = 'owner' WHERE email = 'kim@example.kr'`).run()).toThrow(/CHECK/);
      expect(database.prepare(`SELECT name FROM sqlite_master WHERE name LIKE 'staff_accounts%'`).all()).toEqual([{ name: 'staff_accounts' }]);
    } finally {
      database.close();
    }
  });

  it("an account the CLI (another process) adds or disables counts at that account's next read, without a restart", async () => {
    const server = await instance();
    const config = loadConfig({ ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir });
    // The embedded CLI opens leads.sqlite alone, not the content and leads stores.
    const cli = await openStaffServices({}, config);
    cleanups.push(() => cli.close());
    expect(await cli.staff.add({ email: 'kim@example.kr', name: '김상담', role: 'manager', password: PASSWORD }, CLI_ACTOR)).toEqual({ ok: true });
    await server.staff.learn('kim@example.kr');
    expect(server.staff.find('kim@example.kr')).toMatchObject({ name: '김상담', role: 'manager', disabled: false });
    expect(await cli.staff.setDisabled('kim@example.kr', true, CLI_ACTOR)).toEqual({ ok: true });
    await server.staff.learn('kim@example.kr');
    expect(server.staff.find('kim@example.kr')?.disabled).toBe(true);
  });
});
