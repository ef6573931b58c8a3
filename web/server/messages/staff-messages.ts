/** Sending the 상담사's messages: a customer's registration or booking (name masked), and a 균등 배분's notice. */
import { messageTemplatesQuery } from '../../sanity/queries';
import type { MessageTemplatesQueryResult } from '../../sanity/sanity.types';
import { maskName } from '../../shared/audit-readable';
import type { MessageEvent } from '../../shared/outbound-messages';
import type { MessageDispatcherOptions } from './dispatcher';
import type { MessageJob, MessageOutcome } from './message-log';
import type { MessageSubject } from './message-subject';
import type { MessageProvider } from './solapi';
import { deliverText } from './text-delivery';
import { MOBILE_DIGITS } from '../../shared/phone-format';
import { visitLabel } from './visit-label';

/** What a staff message reads at sending time. */
export type StaffMessageSources = Pick<MessageDispatcherOptions, 'sales' | 'content' | 'staffMobile'>;

/**
 * To the 상담사 the job names, at their account's 휴대폰: the customer's name masked and the visit,
 * never the customer's number.
 */
export async function sendToStaff(
  sources: StaffMessageSources,
  now: () => number,
  job: MessageJob,
  recipient: string,
  subject: MessageSubject,
  settings: MessageTemplatesQueryResult,
  provider: MessageProvider,
): Promise<MessageOutcome> {
  const ready = await staffReady(sources, job, recipient, settings);
  if ('status' in ready) return ready;
  // A booking's message names the visit; it is gone when the visit was cancelled since.
  if (job.event === 'staffBooking' && !subject.bookedVisitAt) return { status: 'skipped', reason: 'notBooked' };
  const values: Record<string, string> = {
    이름: maskName(subject.name),
    방문일시: subject.bookedVisitAt ? visitLabel(subject.bookedVisitAt) : '',
    대표번호: settings.phone ?? '',
  };
  return deliverText(job, provider, ready, values, now);
}

/**
 * A 균등 배분's notice to one 상담사 (the job names the distribution): how many customers it gave
 * them, counted from the distribution's assignment rows, and no customer's name.
 */
export async function sendDistributionNotice(
  sources: StaffMessageSources,
  now: () => number,
  job: MessageJob,
  provider: MessageProvider,
): Promise<MessageOutcome> {
  if (!job.recipient) return { status: 'skipped', reason: 'noRecipient' };
  const [given, settings] = await Promise.all([
    sources.sales.db
      .selectFrom('assignments')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('distribution_id', '=', job.leadId)
      .where('assignee_email', '=', job.recipient)
      .executeTakeFirstOrThrow(),
    sources.content.fetch(messageTemplatesQuery),
  ]);
  // Every customer of it erased since: nothing left to tell.
  if (Number(given.count) === 0) return { status: 'skipped', reason: 'noRecipient' };
  const ready = await staffReady(sources, job, job.recipient, settings);
  if ('status' in ready) return ready;
  return deliverText(job, provider, ready, { 고객수: String(Number(given.count)), 대표번호: settings.phone ?? '' }, now);
}

/** The template and the 상담사's 휴대폰 a staff message needs, or why it is not sent. */
async function staffReady(
  sources: StaffMessageSources,
  job: MessageJob,
  recipient: string,
  settings: MessageTemplatesQueryResult,
): Promise<{ to: string; templateId: string; text: string } | MessageOutcome> {
  // Staff messages are all of the settings' events (a group message is never a staff one).
  const template = settings.templates?.[job.event as MessageEvent];
  const templateCode = template?.templateCode?.trim();
  if (!template?.enabled || !templateCode || !template.text?.trim()) return { status: 'skipped', reason: 'noTemplate' };
  const to = (await sources.staffMobile?.(recipient)) ?? null;
  if (!to) return { status: 'skipped', reason: 'noStaffNumber' };
  if (!MOBILE_DIGITS.test(to)) return { status: 'failed', reason: 'badNumber' };
  return { to, templateId: templateCode, text: template.text };
}
