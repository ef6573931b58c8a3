/** The audit trail's retention: the daily purge by age, in the server itself. */
import { startDailyJob, type DailyJobOptions } from '../daily-timer';
import type { AuditTrail } from './trail';

export { SqliteAuditTrail, type AuditTrail } from './trail';

/** Deletes audit records past the retention period and records that it did (actor `system`). */
export async function purgeExpiredAudit(audit: AuditTrail, retentionDays: number, now = Date.now()): Promise<number> {
  const purge = await audit.purgeExpired({ retentionDays, now });
  if (purge.deleted > 0) {
    await audit.record({
      actor: 'system',
      action: 'purge',
      ip: 'local',
      target: 'auditEvent',
      detail: `${purge.deleted}건, ${purge.before} 이전 (보관 ${purge.retentionDays}일)`,
    });
  }
  return purge.deleted;
}

/** The audit purge in the server itself: a minute after start, then once a day. Returns the stop. */
export function startDailyAuditPurge(audit: AuditTrail, retentionDays: number, options: DailyJobOptions = {}): () => void {
  return startDailyJob(
    'audit',
    async () => {
      const deleted = await purgeExpiredAudit(audit, retentionDays);
      return deleted > 0 ? `retention purge deleted ${deleted} records` : null;
    },
    options,
  );
}
