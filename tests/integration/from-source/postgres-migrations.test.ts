/**
 * The schema is migrated at start by every instance: instances that start together on a new
 * database queue for node-pg-migrate's lock, and each migration runs once.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createContentSources } from '../../../web/server/content/index';
import { DependencyState } from '../../../web/server/observability/dependency-state';
import { migrate, openPostgres } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { withClient } from '../../support/postgres-server';

describe('PostgreSQL migrations', () => {
  it('four instances migrating one new database at once run each migration once', async () => {
    const url = await freshDatabaseUrl();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The template is already migrated: start from an empty schema, as a new database is.
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
      const runs = await Promise.all([1, 2, 3, 4].map(() => migrate(url)));
      const ran = runs.flat();
      expect(ran.length).toBeGreaterThan(0);
      expect(new Set(ran).size).toBe(ran.length);
      // The SQL files' tree and the sales tables' tree, each recorded once.
      const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations UNION ALL SELECT name FROM sales_migrations');
      expect(rows.map((row) => row.name).toSorted()).toEqual(ran.toSorted());
      expect(ran).toContain('0001-ad-spend');
      expect(await migrate(url)).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('a CLI refuses to run, in Korean and English and without the password, when the database cannot be reached', async () => {
    const url = 'postgres://app:s3cret-password@127.0.0.1:1/site';
    const dataDir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    const failure = await createContentSources({ dataDir, database: { url, poolMax: 2 } }).then(
      () => null,
      (error: unknown) => error as Error,
    );
    rmSync(dataDir, { recursive: true, force: true });
    expect(failure?.message).toMatch(/^PostgreSQL\(DATABASE_URL\)에 연결하지 못했습니다 \/ PostgreSQL \(DATABASE_URL\) could not be reached/);
    expect(failure?.message).not.toContain('s3cret-password');
  });

  it('a migration that fails for another reason than the connection stops the start, in Korean and English', async () => {
    const url = await freshDatabaseUrl();
    const { pool, migrate: migrateAtStart } = openPostgres({ url, poolMax: 2 }, new DependencyState('postgres'));
    await withClient(url, (client) => client.query("UPDATE schema_migrations SET name = 'renamed' WHERE id = (SELECT min(id) FROM schema_migrations)"));
    const failure = await migrateAtStart().then(
      () => null,
      (error: unknown) => error as Error,
    );
    await pool.end();
    expect(failure?.message).toMatch(
      /^PostgreSQL\(DATABASE_URL\)의 스키마를 맞추지 못해 시작하지 않습니다 \/ Not starting: the PostgreSQL \(DATABASE_URL\) migrations failed/,
    );
  });

  it("the site's sessions read without parallel workers (a short query's workers cost more than they save)", async () => {
    const { pool } = openPostgres({ url: await freshDatabaseUrl(), poolMax: 2 }, new DependencyState('postgres'));
    try {
      const { rows } = await pool.query<{ max_parallel_workers_per_gather: string }>('SHOW max_parallel_workers_per_gather');
      expect(rows[0]?.max_parallel_workers_per_gather).toBe('0');
    } finally {
      await pool.end();
    }
  });
});
