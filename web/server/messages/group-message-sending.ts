/** Sending one customer's group message (단체 문자), with consent, status and the hour asked again now. */
import { adQuietHours, type GroupMessageEvent } from '../../shared/group-messages';
import type { MessageReason } from '../../shared/outbound-messages';
import type { SalesDatabase } from '../database/index';
import type { MessageJob, MessageOutcome } from './message-log';
import type { MessageSubject } from './message-subject';
import type { MessageProvider } from './solapi';
import { deliverText } from './text-delivery';
import { MOBILE_DIGITS } from '../../shared/phone-format';
import { visitLabel } from './visit-label';

/**
 * A group message (단체 문자): the text and code as the 팀장 confirmed them, to a customer who may
 * still be sent it — consent, status and, for an ad, the hour are asked again now: a customer who
 * withdrew marketing consent since the confirmation is not sent the ad, nor is anyone at night.
 * `customerHold`: why a customer's message is held back (the week's confirmation, the daily cap).
 */
export async function sendGroupMessage(
  sales: Pick<SalesDatabase, 'db'>,
  now: () => number,
  customerHold: (job: MessageJob, subject: MessageSubject) => Promise<MessageReason | null>,
  job: MessageJob,
  event: GroupMessageEvent,
  subject: MessageSubject,
  representative: string,
  provider: MessageProvider,
): Promise<MessageOutcome> {
  const { db } = sales;
  const [send, customer] = await Promise.all([
    db
      .selectFrom('group_sends')
      .select(['template_code', 'text'])
      .where('id', '=', job.key.slice(job.key.lastIndexOf(':') + 1))
      .executeTakeFirst(),
    db.selectFrom('customers').select(['status', 'marketing_consent']).where('id', '=', subject.customerId).executeTakeFirstOrThrow(),
  ]);
  if (!send || (event === 'groupNotice' && !send.template_code)) return { status: 'skipped', reason: 'noTemplate' };
  if (customer.status === 'invalid') return { status: 'skipped', reason: 'invalidCustomer' };
  if (event === 'groupAd' && customer.marketing_consent !== 1) return { status: 'skipped', reason: 'noMarketingConsent' };
  if (event === 'groupAd' && adQuietHours(now())) return { status: 'skipped', reason: 'adNight' };
  const to = subject.phone.replace(/\D/g, '');
  if (!MOBILE_DIGITS.test(to)) return { status: 'failed', reason: 'badNumber' };
  const held = await customerHold(job, subject);
  if (held) return { status: 'skipped', reason: held };
  const values: Record<string, string> = {
    이름: subject.name,
    방문일시: subject.bookedVisitAt ? visitLabel(subject.bookedVisitAt) : '',
    대표번호: representative,
  };
  // An ad goes as 문자 only: 알림톡 may not carry advertising.
  return deliverText(job, provider, { to, templateId: event === 'groupAd' ? null : send.template_code, text: send.text }, values, now);
}
