/**
 * The leads' retention (개인정보 보호법 §21): leads older than the period of the lead settings are
 * deleted, with their rows in the messages' log and the outbox entries the store refused; the purge
 * is recorded in the audit trail, whether the server's daily job or the operator's CLI runs it.
 */
import { log } from '../observability/log';
import { expiredLeadIdsQuery, leadSettingsQuery } from '../../sanity/queries';
import type { AuditTrail } from '../audit/trail';
import type { ContentSource } from '../content/types';
import type { LeadOutbox } from './outbox';

export type RetentionStores = {
  content: ContentSource;
  leads: ContentSource;
  outbox: LeadOutbox;
  audit?: AuditTrail;
  messageLog?: { forget(leadIds: string[]): Promise<number> };
};

/** Deletes leads older than the retention period; how many, before when, and the period. */
export async function purgeExpiredLeads(
  { content, leads, outbox, audit, messageLog }: RetentionStores,
  now: number,
): Promise<{ deleted: number; before: string; retentionDays: number }> {
  const retentionDays = (await content.fetch(leadSettingsQuery))?.retentionDays;
  if (!retentionDays || retentionDays < 1) {
    throw new Error('관심고객 등록 설정에 보관 기간(일)이 없습니다: Studio에서 입력해 주세요.');
  }
  const cutoff = now - retentionDays * 24 * 3600_000;
  const before = new Date(cutoff).toISOString();
  const refused = await outbox.purgeRefused(cutoff);
  if (refused > 0) log.info({ job: 'leads', deleted: refused }, 'leads: retention purge deleted refused outbox entries');
  const ids = await leads.fetch(expiredLeadIdsQuery, { before });
  for (let start = 0; start < ids.length; start += 100) {
    const batch = ids.slice(start, start + 100);
    await leads.mutate(batch.map((id) => ({ delete: { id } })));
    await messageLog?.forget(batch);
  }
  if (ids.length > 0) {
    await audit?.record({ actor: 'system', action: 'purge', ip: 'local', target: 'lead', detail: `${ids.length}건, ${before} 이전 (보관 ${retentionDays}일)` });
  }
  return { deleted: ids.length, before, retentionDays };
}
