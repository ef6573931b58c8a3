/**
 * The leads' retention (개인정보 보호법 §21): customers who have not registered within the period
 * of the lead settings are deleted with everything on them, with their rows in the messages' log
 * and the outbox entries the store refused; the purge is recorded in the audit trail (in its
 * transaction), whether the server's daily job or the operator's CLI runs it.
 */
import { log } from '../observability/log';
import { leadSettingsQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';
import { purgeExpiredCustomers } from '../customers/customer-erasure';
import type { SalesDatabase } from '../database/index';
import type { LeadOutbox } from './outbox';

export type RetentionStores = {
  content: ContentSource;
  sales: SalesDatabase;
  outbox: LeadOutbox;
  messageLog?: { forget(leadIds: string[]): Promise<number> };
};

/** Deletes what is older than the retention period; how many registrations, before when, and the period. */
export async function purgeExpiredLeads(
  { content, sales, outbox, messageLog }: RetentionStores,
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
  const ids = await purgeExpiredCustomers(sales, before, retentionDays, now);
  await messageLog?.forget(ids);
  return { deleted: ids.length, before, retentionDays };
}
