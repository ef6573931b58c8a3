/**
 * The SQLite connection every embedded store opens: Node's built-in `node:sqlite` where the
 * runtime has it (Node 22.13+, so production on Node 24 needs no native module), else
 * better-sqlite3 (Node 20). better-sqlite3 12 aborts the process on Node ≥ 24.19 when a statement
 * is garbage-collected, and 13 does not run on Node 20, so no single version of it serves both.
 *
 * Only the small surface the stores use is exposed, with one behaviour on both engines.
 */
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteValue = string | number | bigint | null | Uint8Array;
export type SqliteRow = Record<string, SqliteValue>;

export interface SqliteStatement {
  /** Whether the statement returns rows (a SELECT, or a change with RETURNING). */
  readonly reader: boolean;
  run(...params: SqliteValue[]): { changes: number; lastInsertRowid: number | bigint };
  get<Row = SqliteRow>(...params: SqliteValue[]): Row | undefined;
  all<Row = SqliteRow>(...params: SqliteValue[]): Row[];
  iterate<Row = SqliteRow>(...params: SqliteValue[]): IterableIterator<Row>;
}

export interface SqliteDatabase {
  /** Which library answers: `node:sqlite` or `better-sqlite3`. */
  readonly engine: 'node:sqlite' | 'better-sqlite3';
  readonly isOpen: boolean;
  exec(sql: string): void;
  prepare(sql: string): SqliteStatement;
  /** Runs `fn` in one transaction (BEGIN IMMEDIATE … COMMIT); a throw rolls it back and rethrows. */
  transaction<T>(fn: () => T): T;
  close(): void;
}

/** The part of `node:sqlite` used here (@types/node 20, the oldest runtime, does not describe it). */
type NodeSqliteModule = {
  DatabaseSync: new (file: string) => {
    readonly isOpen: boolean;
    /** Node 22.16+; older builtins answer undefined. */
    readonly isTransaction?: boolean;
    exec(sql: string): void;
    prepare(sql: string): NodeSqliteStatement;
    close(): void;
  };
};

/** What both libraries' connections and statements have in common. */
type Driver = {
  isOpen(): boolean;
  inTransaction(): boolean;
  exec(sql: string): void;
  prepare(sql: string): { statement: DriverStatement; reader: boolean };
  close(): void;
};
type DriverStatement = {
  run(...params: SqliteValue[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: SqliteValue[]): unknown;
  all(...params: SqliteValue[]): unknown[];
  iterate(...params: SqliteValue[]): IterableIterator<unknown>;
};
/** node:sqlite tells whether a statement returns rows by its result columns (Node 22.16+). */
type NodeSqliteStatement = DriverStatement & { columns(): unknown[] };

function builtinSqlite(): NodeSqliteModule | undefined {
  try {
    return process.getBuiltinModule?.('node:sqlite') as NodeSqliteModule | undefined;
  } catch {
    // Node 22.5–22.12 keeps it behind --experimental-sqlite.
    return undefined;
  }
}

export function openSqlite(file: string): SqliteDatabase {
  const builtin = builtinSqlite();
  if (builtin) {
    const database = new builtin.DatabaseSync(file);
    return new Connection('node:sqlite', {
      isOpen: () => database.isOpen,
      inTransaction: () => database.isTransaction ?? true,
      exec: (sql) => database.exec(sql),
      prepare: (sql) => {
        const statement = database.prepare(sql);
        return { statement, reader: statement.columns().length > 0 };
      },
      close: () => database.close(),
    });
  }
  const database = new (betterSqlite3())(file);
  return new Connection('better-sqlite3', {
    isOpen: () => database.open,
    inTransaction: () => database.inTransaction,
    exec: (sql) => void database.exec(sql),
    prepare: (sql) => {
      const statement = database.prepare<SqliteValue[]>(sql);
      return { statement, reader: statement.reader };
    },
    close: () => void database.close(),
  });
}

/** better-sqlite3 is an optional dependency: Node 22.13+ never needs it, so its build may be missing. */
function betterSqlite3(): typeof BetterSqlite3 {
  try {
    return createRequire(import.meta.url)('better-sqlite3') as typeof BetterSqlite3;
  } catch (error) {
    throw new Error(
      `SQLite를 열 수 없습니다: Node ${process.versions.node}에는 node:sqlite가 없고 better-sqlite3도 설치되지 않았습니다. Node 24로 실행하거나 npm install을 다시 실행해 주세요.\n` +
        `Cannot open SQLite: Node ${process.versions.node} has no node:sqlite and better-sqlite3 is not installed. Run on Node 24, or run npm install again.`,
      { cause: error },
    );
  }
}

class Connection implements SqliteDatabase {
  constructor(
    readonly engine: SqliteDatabase['engine'],
    private readonly driver: Driver,
  ) {}

  get isOpen(): boolean {
    return this.driver.isOpen();
  }

  exec(sql: string): void {
    this.driver.exec(sql);
  }

  prepare(sql: string): SqliteStatement {
    const { statement, reader } = this.driver.prepare(sql);
    return {
      reader,
      run: (...params) => {
        const { changes, lastInsertRowid } = statement.run(...params);
        return { changes: Number(changes), lastInsertRowid };
      },
      get: <Row>(...params: SqliteValue[]) => statement.get(...params) as Row | undefined,
      all: <Row>(...params: SqliteValue[]) => statement.all(...params) as Row[],
      iterate: <Row>(...params: SqliteValue[]) => statement.iterate(...params) as IterableIterator<Row>,
    };
  }

  transaction<T>(fn: () => T): T {
    this.exec('BEGIN IMMEDIATE');
    try {
      const result = fn();
      this.exec('COMMIT');
      return result;
    } catch (error) {
      // A failed COMMIT may have ended the transaction already; the original error is what counts.
      if (this.driver.inTransaction()) this.exec('ROLLBACK');
      throw error;
    }
  }

  /** Closing twice is harmless on both engines (node:sqlite throws on the second, better-sqlite3 does not). */
  close(): void {
    if (this.isOpen) this.driver.close();
  }
}
