import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite, type SqliteDatabase } from '../../web/server/sqlite';

const [major, minor] = process.versions.node.split('.').map(Number);
const hasBuiltinSqlite = major > 22 || (major === 22 && minor >= 13);

describe('openSqlite', () => {
  let database: SqliteDatabase | undefined;
  let dir: string | undefined;
  afterEach(() => {
    if (database?.isOpen) database.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it(`uses ${hasBuiltinSqlite ? "Node's built-in node:sqlite" : 'better-sqlite3'} on Node ${process.versions.node}`, () => {
    database = openSqlite(':memory:');
    expect(database.engine).toBe(hasBuiltinSqlite ? 'node:sqlite' : 'better-sqlite3');
  });

  it('runs statements with positional parameters and reports changes', () => {
    database = openSqlite(':memory:');
    database.exec('CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER)');
    const insert = database.prepare('INSERT INTO t (id, n) VALUES (?, ?)');
    expect(insert.run('a', 1).changes).toBe(1);
    insert.run('b', 2);
    expect(database.prepare('UPDATE t SET n = n + 1').run().changes).toBe(2);
    expect(database.prepare('SELECT n FROM t WHERE id = ?').get<{ n: number }>('b')).toEqual({ n: 3 });
    expect(
      database
        .prepare('SELECT id FROM t ORDER BY id')
        .all<{ id: string }>()
        .map((row) => row.id),
    ).toEqual(['a', 'b']);
    expect(database.prepare('SELECT n FROM t WHERE id = ?').get('none')).toBeUndefined();
  });

  it('commits a transaction as a whole and rolls it back on a throw', () => {
    database = openSqlite(':memory:');
    database.exec('CREATE TABLE t (id TEXT PRIMARY KEY)');
    const insert = database.prepare('INSERT INTO t (id) VALUES (?)');
    expect(database.transaction(() => (insert.run('a'), insert.run('b'), 'done'))).toBe('done');
    expect(() =>
      database!.transaction(() => {
        insert.run('c');
        insert.run('a'); // duplicate key: the whole transaction goes
      }),
    ).toThrow();
    expect(database.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 });
  });

  it('keeps what it committed in a WAL file across a reopen, and closes once', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'sqlite-adapter-'));
    const file = path.join(dir, 'db.sqlite');
    database = openSqlite(file);
    database.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (v TEXT)');
    database.prepare('INSERT INTO t VALUES (?)').run('kept');
    database.close();
    expect(database.isOpen).toBe(false);
    database = openSqlite(file);
    expect(database.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(database.prepare('SELECT v FROM t').all()).toEqual([{ v: 'kept' }]);
  });
});
