/**
 * The embedded database file, leads.sqlite in DATA_DIR: the sales tables and the audit trail,
 * through connections opened here. Several
 * processes may hold it at once — the server and the admin CLI — so an account the CLI adds or
 * disables counts at the server's next read of it; WAL and a busy timeout let them take turns writing.
 */
import path from 'node:path';
import { preparePrivateDatabaseFile } from '../data-dir';
import { openSqlite, type SqliteDatabase } from '../sqlite';

export function leadsDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'leads.sqlite');
}

export function openLeadsDatabase(dataDir: string): SqliteDatabase {
  const file = leadsDatabaseFile(dataDir);
  preparePrivateDatabaseFile(file);
  const database = openSqlite(file);
  try {
    database.exec('PRAGMA busy_timeout = 5000');
    database.exec('PRAGMA journal_mode = WAL');
    // Personal data (addresses in the audit trail): a purged row must not stay readable in the file.
    database.exec('PRAGMA secure_delete = ON');
    database.exec('PRAGMA synchronous = FULL');
    return database;
  } catch (error) {
    database.close();
    throw error;
  }
}
