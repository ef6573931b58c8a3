/**
 * The embedded store's leads.sqlite, opened by a connection of its own for the sales tables (staff
 * accounts among them) and for the audit trail (tables beside the documents table). Several
 * processes may hold it at once — the server and the admin CLI — so an account the CLI adds or
 * disables counts at the server's next read of it; WAL and a busy timeout let them take turns writing.
 */
import path from 'node:path';
import { preparePrivateDatabaseFile } from '../data-dir';
import { openSqlite, type SqliteDatabase } from '../sqlite';

export const LEADS_DATABASE_FILE = 'leads.sqlite';

export function openConsoleDatabase(dataDir: string): SqliteDatabase {
  const file = path.join(dataDir, LEADS_DATABASE_FILE);
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
