/**
 * The staff accounts and the audit trail on the configured backend, for the server and the CLIs:
 * embedded, both live in leads.sqlite (one connection of their own); with DATABASE_URL, in
 * PostgreSQL: the accounts as documents of the leads store, the trail in its append-only table
 * (shared by every instance).
 */
import path from 'node:path';
import type pg from 'pg';
import type { ServerConfig } from '../config';
import type { ContentSource } from '../content/types';
import { PostgresAuditTrail } from '../audit/postgres-trail';
import { SqliteAuditTrail, type AuditTrail } from '../audit/trail';
import { openConsoleDatabase } from './console-database';
import { StaffAccounts } from './staff-accounts';
import { DocumentStaffStore, SqliteStaffStore } from './staff-store';

export type StaffServices = { staff: StaffAccounts; audit: AuditTrail; close(): void };

/** The backend of the leads store: the embedded one needs only DATA_DIR; PostgreSQL, its pool and leads store. */
export type StaffBackend = { database?: undefined } | { database?: pg.Pool; leads: ContentSource };

export async function openStaffServices(
  sources: StaffBackend,
  config: Pick<ServerConfig, 'dataDir' | 'admin'>,
  options: { now?: () => number } = {},
): Promise<StaffServices> {
  const accountOptions = { environmentAdmin: config.admin.email, passwordHashing: config.admin.passwordHashing, now: options.now };
  if ('leads' in sources && sources.database) {
    const audit = new PostgresAuditTrail(sources.database, options.now);
    const pool = sources.database;
    const store = new DocumentStaffStore(sources.leads, async (id) => {
      const { rows } = await pool.query<{ doc: Record<string, unknown> }>('SELECT doc FROM documents WHERE id = $1', [id]);
      return rows[0]?.doc ?? null;
    });
    await store.start();
    const staff = new StaffAccounts(store, audit, accountOptions);
    return { staff, audit, close: () => staff.close() };
  }
  const database = openConsoleDatabase(path.resolve(config.dataDir));
  const audit = new SqliteAuditTrail(database, options.now);
  const staff = new StaffAccounts(new SqliteStaffStore(database), audit, accountOptions);
  return {
    staff,
    audit,
    close: () => {
      staff.close();
      database.close();
    },
  };
}
