/**
 * The PostgreSQL connection shared by the stores that live there when DATABASE_URL is set: one
 * `pg` pool per process, and the schema brought up to date at start by node-pg-migrate, whose
 * advisory lock makes instances that start together run each migration once, one after another.
 */
import path from 'node:path';
import pg from 'pg';
import { runner } from 'node-pg-migrate';
import type { DatabaseConfig } from '../config';
import { migrateSalesTables, salesDatabaseOnPostgres } from '../database/index';
import { isConnectionError, type DependencyState } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { watchPool } from '../observability/metrics';

/** The SQL migrations, run in file-name order (`NNNN_what.sql`, `-- Up Migration` / `-- Down Migration`). */
export const MIGRATIONS_DIR = path.resolve('migrations');
const CONNECT_TIMEOUT_MS = 3_000;

/**
 * Every session of ours reads without parallel workers: the site's queries are short and many
 * run at once, and starting workers cost more than they saved (the console list's
 * status + 담당자 + source count at a million registrations: 63 ms with them, 44 ms without).
 */
export const SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0';
/** Where node-pg-migrate records the migrations it ran. */
const MIGRATIONS_TABLE = 'schema_migrations';

export type MigrateOptions = {
  /** Where the runner's progress lines go (default: nowhere; `npm run db:migrate` prints them). */
  log?: (line: string) => void;
};

/** Runs the migrations not yet run; waits while another instance holds the migration lock. Returns their names. */
export async function migrate(url: string, options: MigrateOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const ran = await runner({
    databaseUrl: url,
    dir: MIGRATIONS_DIR,
    migrationsTable: MIGRATIONS_TABLE,
    direction: 'up',
    // Instances started together queue for the lock instead of failing.
    advisoryLockMode: 'wait',
    checkOrder: true,
    singleTransaction: true,
    logger: { debug: () => undefined, info: log, warn: log, error: log },
  });
  // The relational sales tables' tree (the same on SQLite), after the SQL files it may build on.
  const pool = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    const sales = await migrateSalesTables(salesDatabaseOnPostgres(pool));
    for (const name of sales) log(`sales table migration ${name}`);
    return [...ran.map((migration) => migration.name), ...sales];
  } finally {
    await pool.end();
  }
}

/**
 * A connection the database drops is reported to `lost`, never thrown: idle ones through the
 * pool's own event, and checked-out ones between two queries (a transaction's client while its
 * caller awaits something else) through a listener of their own. Without it, `pg` throws that
 * error out of the event loop and the process ends.
 */
export function reportConnectionErrors(pool: pg.Pool, lost: (error: Error) => void): void {
  pool.on('error', lost);
  pool.on('connect', (client) => client.on('error', lost));
}

/**
 * The pool (it connects on first use) and the migrations for the store to run before its first
 * read. A database that cannot be reached is waited for by the store (the instance serves pages
 * meanwhile); a migration that fails otherwise stops the start with a Korean + English line.
 * An idle connection the server drops (restart, failover) is reported, not thrown: the pool opens
 * a new one for the next query.
 */
export function openPostgres(config: DatabaseConfig, state: DependencyState): { pool: pg.Pool; migrate: () => Promise<void> } {
  // A database that does not answer at all (a network cut, not a refusal) fails a connection
  // attempt after CONNECT_TIMEOUT_MS instead of holding the request that waits for it.
  const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, options: SESSION_OPTIONS });
  reportConnectionErrors(pool, (error) => state.lost(error));
  watchPool(pool);
  return {
    pool,
    migrate: async () => {
      let ran: string[];
      try {
        ran = await migrate(config.url);
      } catch (error) {
        if (isConnectionError(error)) throw error;
        // The URL is not repeated: it may carry the password.
        throw new Error(
          `PostgreSQL(DATABASE_URL)의 스키마를 맞추지 못해 시작하지 않습니다 / Not starting: the PostgreSQL (DATABASE_URL) migrations failed: ${(error as Error).message}`,
          { cause: error },
        );
      }
      if (ran.length > 0) log.info({ migrations: ran }, 'postgres: migrations run');
    },
  };
}

/** A database not reachable at start is tried again after this long. */
const RETRY_MS = 1_000;

/**
 * Runs `migrate` now. A database that cannot be reached is, with `wait`, tried again every
 * RETRY_MS in the background until the migrations have run (the server serves pages meanwhile; its
 * sales reads fail as the database is away), else thrown. Returns what stops the retries (at close).
 */
export async function migrateWhenReachable(migrate: () => Promise<void>, state: DependencyState, wait: boolean): Promise<() => void> {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async (): Promise<void> => {
    try {
      await migrate();
      state.back();
    } catch (error) {
      if (!isConnectionError(error) || !wait) throw error;
      state.lost(error);
      if (stopped) return;
      timer = setTimeout(() => {
        timer = null;
        if (!stopped) attempt().catch((failure: unknown) => log.error({ err: errorField(failure) }, 'postgres: migrations failed once the database was back'));
      }, RETRY_MS);
      timer.unref();
    }
  };
  await attempt();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
