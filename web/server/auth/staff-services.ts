/**
 * The staff accounts and the audit trail on the configured backend, for the server and the CLIs.
 * The accounts are the `staff_accounts` table of the sales database: the one of the sources when
 * given (the server's, a CLI's), else the embedded one of DATA_DIR, opened here alone (the staff
 * CLI needs no content store). The audit trail is PostgreSQL's append-only
 * table with DATABASE_URL (shared by every instance), else leads.sqlite's (a connection of its own).
 */
import path from 'node:path';
import type pg from 'pg';
import type { ServerConfig } from '../config';
import { openEmbeddedSalesDatabase, type SalesDatabase } from '../database/index';
import { PostgresAuditTrail } from '../audit/postgres-trail';
import { SqliteAuditTrail, type AuditTrail } from '../audit/trail';
import type { SqliteDatabase } from '../sqlite';
import { openLeadsDatabase } from '../database/leads-file';
import { StaffAccounts } from './staff-accounts';
import { StaffStore } from './staff-store';

export type StaffServices = { staff: StaffAccounts; audit: AuditTrail; close(): Promise<void> };

/** The sources' sales database and PostgreSQL pool (DATABASE_URL), or nothing: embedded, from DATA_DIR. */
export type StaffBackend = { sales?: undefined; database?: undefined } | { sales: SalesDatabase; database?: pg.Pool };

export async function openStaffServices(
  sources: StaffBackend,
  config: Pick<ServerConfig, 'dataDir' | 'admin'>,
  options: { now?: () => number } = {},
): Promise<StaffServices> {
  const accountOptions = { environmentAdmin: config.admin.email, passwordHashing: config.admin.passwordHashing, now: options.now };
  const dataDir = path.resolve(config.dataDir);
  const ownSales = sources.sales ? undefined : await openEmbeddedSalesDatabase(dataDir);
  let auditDatabase: SqliteDatabase | undefined;
  const closeOwn = async () => {
    auditDatabase?.close();
    await ownSales?.close();
  };
  try {
    auditDatabase = sources.database ? undefined : openLeadsDatabase(dataDir);
    const audit = sources.database ? new PostgresAuditTrail(sources.database, options.now) : new SqliteAuditTrail(auditDatabase!, options.now);
    const store = new StaffStore(sources.sales ?? ownSales!);
    await store.start();
    const staff = new StaffAccounts(store, audit, accountOptions);
    return {
      staff,
      audit,
      close: async () => {
        staff.close();
        await closeOwn();
      },
    };
  } catch (error) {
    await closeOwn();
    throw error;
  }
}
