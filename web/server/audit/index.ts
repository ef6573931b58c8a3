/**
 * The staff accounts and the audit trail on the configured backend, for the server and the CLIs:
 * embedded, both live in leads.sqlite (one connection of their own); Sanity, in the leads dataset.
 */
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { ContentSource } from '../content/types';
import type { AuditTrail } from '../console/types';
import { openConsoleDatabase } from '../auth/console-database';
import { StaffAccounts } from '../auth/staff-accounts';
import { SanityStaffStore, SqliteStaffStore } from '../auth/staff-store';
import { SanityAuditTrail, SqliteAuditTrail } from './trail';

export { SanityAuditTrail, SqliteAuditTrail } from './trail';

export type StaffServices = { staff: StaffAccounts; audit: AuditTrail; close(): void };

/** The backend of the leads store: the embedded one needs only DATA_DIR. */
export type StaffBackend = { mode: 'embedded' } | { mode: 'sanity'; leads: ContentSource };

export async function openStaffServices(
  sources: StaffBackend,
  config: Pick<ServerConfig, 'dataDir' | 'admin'>,
  options: { now?: () => number } = {},
): Promise<StaffServices> {
  const accountOptions = { environmentAdmin: config.admin.email, now: options.now };
  if (sources.mode === 'sanity') {
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

const DAY_MS = 24 * 3600_000;

/** Deletes audit records past the retention period and records that it did (actor `system`). */
export async function purgeExpiredAudit(audit: AuditTrail, retentionDays: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionDays * DAY_MS).toISOString();
  const deleted = await audit.purgeOlderThan(before);
  if (deleted > 0) {
    await audit.record({ actor: 'system', action: 'purge', ip: 'local', target: 'auditEvent', detail: `${deleted}건, ${before} 이전 (보관 ${retentionDays}일)` });
  }
  return deleted;
}

/** The audit purge in the server itself: a minute after start, then once a day. Returns the stop. */
export function startDailyAuditPurge(audit: AuditTrail, retentionDays: number, intervalMs = DAY_MS, firstDelayMs = 60_000): () => void {
  let timer: NodeJS.Timeout;
  let stopped = false;
  const run = (delay: number) => {
    timer = setTimeout(() => {
      purgeExpiredAudit(audit, retentionDays).then(
        (deleted) => deleted > 0 && console.log(`[audit] retention purge deleted ${deleted} records`),
        (error: unknown) => console.error(`[audit] retention purge failed: ${(error as Error).message}`),
      );
      if (!stopped) run(intervalMs);
    }, delay);
    timer.unref();
  };
  run(firstDelayMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
