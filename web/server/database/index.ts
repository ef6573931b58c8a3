/**
 * The sales database: the relational tables of ./tables.ts and ./aggregate-tables.ts behind one
 * typed query layer (Kysely), on the embedded SQLite file or on PostgreSQL (DATABASE_URL), with one
 * migrations tree run on both. Dialect differences stay here; the stores above write one query for both.
 */
import { LRUCache } from 'lru-cache';
import { Migrator } from 'kysely/migration';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type DialectAdapter,
  type SqliteDialectConfig,
} from 'kysely';
import type pg from 'pg';
import { groupCommit, POSTGRES_COUNTER_SHARDS, type GroupCommit } from './group-commit';
import { openLeadsDatabase } from './leads-file';
import type { SqliteDatabase, SqliteStatement } from '../sqlite';
import { salesMigrations } from './migrations/index';
import type { SalesTables } from './tables';

export type { PageViewTallyTable } from './aggregate-tables';
export type { SalesTables, StaffAccountTable } from './tables';

export type SalesDatabase = {
  db: Kysely<SalesTables>;
  dialect: 'sqlite' | 'postgres';
  /**
   * Runs a unit of work in a transaction it may share with others waiting at the time (group
   * commit, ./group-commit.ts): for the writes that come many at once, the forms' registrations.
   */
  inGroupCommit: GroupCommit<SalesTables>;
  /** Closes what this module opened: the SQLite connection; a PostgreSQL pool stays its owner's. */
  close(): Promise<void>;
};

/** Where the migrations tree records what it ran (beside node-pg-migrate's own table on PostgreSQL). */
const MIGRATION_TABLE = 'sales_migrations';
const MIGRATION_LOCK_TABLE = 'sales_migrations_lock';

/**
 * SQLite's default transaction takes its write lock at the first write, and fails at once if
 * another connection (the admin CLI) got there first; IMMEDIATE takes it at the start and waits
 * out the busy timeout instead.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

/**
 * SQLite changes its schema inside a transaction as PostgreSQL does; Kysely's adapter says it
 * does not, so its migrator would run each migration bare. Said here, a migration run is one
 * IMMEDIATE transaction: a failed one leaves nothing half done, and a second process starting
 * on the same file (the admin CLI) waits, then finds the migrations run.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class SalesSqliteDialect extends SqliteDialect {
  constructor(private readonly sqliteConfig: SqliteDialectConfig) {
    super(sqliteConfig);
  }

  override createDriver(): SqliteDriver {
    return new ImmediateSqliteDriver(this.sqliteConfig);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/** The sales tables in an open SQLite database (either engine), which the result then owns. */
export function salesDatabaseOnSqlite(database: SqliteDatabase): SalesDatabase {
  // SQLite enforces foreign keys (and their cascades) only when the connection asks.
  database.exec('PRAGMA foreign_keys = ON');
  // Kysely hands each query over as text: preparing it anew each time took two fifths of a
  // registration's processor time. The same few dozen query shapes come back all the time.
  const statements = new LRUCache<string, SqliteStatement>({ max: 500 });
  const db = new Kysely<SalesTables>({
    dialect: new SalesSqliteDialect({
      database: {
        close: () => database.close(),
        // Kysely hands the parameters over as one array; both engines take them spread.
        prepare: (sql) => {
          const statement = statements.get(sql) ?? statements.set(sql, database.prepare(sql)).get(sql)!;
          return {
            reader: statement.reader,
            all: (parameters) => statement.all(...(parameters as SqliteParameters)),
            run: (parameters) => statement.run(...(parameters as SqliteParameters)),
            iterate: (parameters) => statement.iterate(...(parameters as SqliteParameters)),
          };
        },
      },
    }),
  });
  return { db, dialect: 'sqlite', inGroupCommit: groupCommit(db, { concurrency: 1, shards: 1 }), close: () => db.destroy() };
}

type SqliteParameters = Parameters<ReturnType<SqliteDatabase['prepare']>['run']>;

/**
 * Groups of registrations committing at once on PostgreSQL: each holds a pooled connection until it
 * commits, so they take a third of the pool at most and the rest stays for the console's reads. Two,
 * not three: the groups are larger, so a lead costs fewer statements and commits (the lead POST
 * bench, 40 connections: 0.93 of the baseline's rate against 0.86 with three; database CPU per lead
 * 0.42–0.47 ms against 0.50), and instances sharing the server each bring their own two.
 */
const postgresConcurrentGroups = (pool: pg.Pool) => Math.min(2, Math.max(1, Math.floor((pool.options.max ?? 10) / 3)));

/** The sales tables on PostgreSQL, through a pool its owner ends. */
export function salesDatabaseOnPostgres(pool: pg.Pool): SalesDatabase {
  const db = new Kysely<SalesTables>({ dialect: new PostgresDialect({ pool }) });
  // Kysely's destroy() would end the shared pool: nothing of this module's own to close.
  return {
    db,
    dialect: 'postgres',
    inGroupCommit: groupCommit(db, { concurrency: postgresConcurrentGroups(pool), shards: POSTGRES_COUNTER_SHARDS }),
    close: async () => undefined,
  };
}

/** The migrations tree of the sales tables on this database (also for stepping back, `migrateDown`). */
export function salesMigrator(database: Pick<SalesDatabase, 'db'>): Migrator {
  return new Migrator({ db: database.db, provider: salesMigrations, migrationTableName: MIGRATION_TABLE, migrationLockTableName: MIGRATION_LOCK_TABLE });
}

/**
 * Runs the migrations not yet run, in order; on PostgreSQL an advisory lock makes instances that
 * start together run each once. Returns the names run; a failed one throws (and rolls back).
 */
export async function migrateSalesTables(database: Pick<SalesDatabase, 'db'>): Promise<string[]> {
  const { error, results = [] } = await salesMigrator(database).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** The sales tables beside the embedded leads documents, brought up to date before use. */
export async function openEmbeddedSalesDatabase(dataDir: string, options: { log?: (line: string) => void } = {}): Promise<SalesDatabase> {
  const sales = salesDatabaseOnSqlite(openLeadsDatabase(dataDir));
  try {
    for (const name of await migrateSalesTables(sales)) options.log?.(`sales table migration ${name}`);
    return sales;
  } catch (error) {
    await sales.close();
    throw new Error(
      `내장 데이터베이스의 스키마를 맞추지 못해 시작하지 않습니다 / Not starting: the embedded database's migrations failed: ${(error as Error).message}`,
      { cause: error },
    );
  }
}
