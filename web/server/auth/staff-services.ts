/**
 * The staff accounts and the audit trail on the configured backend, for the server and the CLIs:
 * embedded, both live in leads.sqlite (one connection of their own); Sanity, in the leads dataset;
 * with DATABASE_URL, in PostgreSQL: the accounts as documents of the leads store, the trail in its
 * append-only table (shared by every instance).
 */
import path from 'node:path';
import type pg from 'pg';
import type { ServerConfig } from '../config';
import type { ContentSource } from '../content/types';
import { PostgresAuditTrail } from '../audit/postgres-trail';
import { SanityAuditTrail, SqliteAuditTrail, type AuditTrail } from '../audit/trail';
import { openConsoleDatabase } from './console-database';
import { StaffAccounts } from './staff-accounts';
import { SanityStaffStore, SqliteStaffStore } from './staff-store';

export type StaffServices = { staff: StaffAccounts; audit: AuditTrail; close(): void };

/** The backend of the leads store: the embedded one needs only DATA_DIR; PostgreSQL, its pool and leads store. */
export type StaffBackend =
  | { mode: 'embedded' }
  | { mode: 'sanity'; leads: ContentSource }
  | { mode: 'embedded' | 'sanity'; leads: ContentSource; database?: pg.Pool };

export async function openStaffServices(
  sources: StaffBackend,
  config: Pick<ServerConfig, 'dataDir' | 'admin'>,
  options: { now?: () => number } = {},
): Promise<StaffServices> {
  const accountOptions = { environmentAdmin: config.admin.email, passwordHashing: config.admin.passwordHashing, now: options.now };
  if ('database' in sources && sources.database) {
    const audit = new PostgresAuditTrail(sources.database, options.now);
    const store = new SanityStaffStore(sources.leads);
    await store.start();
    const staff = new StaffAccounts(store, audit, accountOptions);
    return { staff, audit, close: () => staff.close() };
  }
  if (sources.mode === 'sanity' && 'leads' in sources) {
    const audit = new SanityAuditTrail(sources.leads, options.now);
    const store = new SanityStaffStore(sources.leads);
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
