/**
 * Sends the customers' and the 담당자's messages: a confirmation when a registration is stored (a
 * booking's when it came with a visit), the customer's notice of a visit staff booked, moved or
 * cancelled, the day before a visit a reminder, and to the 담당자 a new or returning customer and
 * a booking. Each is a job in the message log (the outbox), queued in the transaction of the
 * change that causes it (a registration, CustomerWork) or by the reminders' job, and sent by a
 * delivery loop beside the requests: the customer, their visit and the template are read at
 * sending time from the customer tables, the provider's errors retried with backoff, and what
 * became of each message (sent, failed, not sent and why) stays in the send log. A job names a
 * registration (its confirmation, the 담당자's messages as it was stored) or a customer
 * (reminders, staff's work). Log lines name that id only: never a number or name.
 */
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { messageTemplatesQuery } from '../../sanity/queries';
import type { MessageTemplatesQueryResult } from '../../sanity/sanity.types';
import { maskName } from '../../shared/audit-readable';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import type { LeadNotifier } from './lead-notification';
import { templateVariables, type MessageEvent, type MessageReason } from '../../shared/outbound-messages';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import { MESSAGE_MAX_ATTEMPTS, messageKey, nextAttemptAt, type MessageJob, type MessageLog, type MessageOutcome } from './message-log';
import type { MessageProvider } from './solapi';
import { bookingOfMessageKey, VISIT_MESSAGE_EVENTS } from '../customers/visit-messages';
import { messageSubjectOf, type MessageSubject } from './message-subject';
import { visitLabel } from './visit-label';
import { adQuietHours, GROUP_MESSAGE_EVENTS, type GroupMessageEvent } from '../../shared/group-messages';

const BATCH = 50;
const DAY_MS = 24 * 3600_000;
const SEOUL_OFFSET_MS = 9 * 3600_000;
/** A Korean mobile number, digits only. */
const MOBILE = /^01[016789]\d{7,8}$/;

export type MessageDispatcherOptions = {
  log: MessageLog;
  /** The customer tables: a message's customer, number, name and visit are read at sending time. */
  sales: Pick<SalesDatabase, 'db'>;
  /** Where leadSettings' templates and siteSettings' 대표번호 are. */
  content: ContentSource;
  /** Unset: messages are off and each is logged as not sent (꺼짐). */
  provider?: MessageProvider;
  /** A staff account's 휴대폰 (digits), read at sending time; null when it has none. */
  staffMobile?: (email: string) => Promise<string | null>;
  /** Messages to customers sent per Seoul day across the site at most (default 300). */
  customerDailyCap?: number;
  now?: () => number;
};

export const DEFAULT_CUSTOMER_DAILY_CAP = 300;
/** A customer who was sent a confirmation within this long gets no other (a week). */
const NUMBER_QUIET_MS = 7 * DAY_MS;

/** The Seoul calendar day after `now`, YYYY-MM-DD. */
export function seoulTomorrow(now: number): string {
  return new Date(now + SEOUL_OFFSET_MS + DAY_MS).toISOString().slice(0, 10);
}

const STAFF_VISIT_EVENTS: ReadonlySet<string> = new Set(VISIT_MESSAGE_EVENTS);

function isGroupEvent(event: string): event is GroupMessageEvent {
  return (GROUP_MESSAGE_EVENTS as readonly string[]).includes(event);
}

/** The visit day a reminder's key names (`reminder:<customer>:<YYYY-MM-DD>`). */
function reminderDay(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}

export class MessageDispatcher implements LeadNotifier {
  private readonly now: () => number;
  private delivering: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** The Seoul day whose cap this instance last reported reached (one alert line a day). */
  private capReportedOn: string | null = null;
  readonly customerDailyCap: number;

  constructor(private readonly options: MessageDispatcherOptions) {
    this.now = options.now ?? Date.now;
    this.customerDailyCap = options.customerDailyCap ?? DEFAULT_CUSTOMER_DAILY_CAP;
  }

  /** Today's (Seoul) messages to customers across the site, and the cap: the console alerts staff once it is reached. */
  async customerQuota(): Promise<{ sent: number; cap: number }> {
    const sent = await this.options.log.customerMessagesSince(Date.parse(seoulDayStart(seoulDay(this.now()))));
    return { sent, cap: this.customerDailyCap };
  }

  /**
   * A registration was stored: its messages were queued in its transaction, so they only need
   * sending now rather than at the next round.
   */
  notify(): void {
    if (this.stopped) return;
    this.deliver().catch((error: unknown) => {
      if (!isConnectionError(error)) log.error({ job: 'messages', err: errorField(error) }, 'messages: delivery after a registration failed');
    });
  }

  /**
   * Queues the reminders of tomorrow's booked visits (once per customer and day, however often it
   * runs) and sends them; returns how many customers.
   */
  async queueReminders(): Promise<number> {
    const day = seoulTomorrow(this.now());
    const rows = await this.options.sales.db
      .selectFrom('bookings')
      .select('customer_id')
      .distinct()
      .where('status', '=', 'booked')
      // A range, not a LIKE: the index over (visit_at, status) serves it on both databases.
      .where('visit_at', '>=', day)
      .where('visit_at', '<', seoulTomorrow(Date.parse(`${day}T00:00:00+09:00`)))
      .execute();
    await this.options.log.enqueue(
      rows.map(({ customer_id: customerId }) => ({ key: messageKey('reminder', customerId, day), leadId: customerId, event: 'reminder' as const })),
      this.now(),
    );
    await this.deliver();
    return rows.length;
  }

  /** Sends the messages that are due (one round at a time). */
  deliver(): Promise<void> {
    this.delivering ??= this.options.log
      .drain(this.now(), BATCH, async (job) => {
        const outcome = await this.send(job);
        metrics.messages.inc({ outcome: outcome.status });
        return outcome;
      })
      .finally(() => {
        this.delivering = null;
      });
    return this.delivering;
  }

  /** Retries what is due every `intervalMs`. */
  start(intervalMs: number): void {
    if (this.timer || this.stopped) return;
    const tick = () => {
      this.timer = setTimeout(() => {
        this.deliver()
          .catch((error: unknown) => {
            metrics.backgroundFailures.inc({ job: 'messages' });
            if (!isConnectionError(error)) log.error({ job: 'messages', err: errorField(error) }, 'messages: delivery round failed');
          })
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, intervalMs);
      this.timer.unref();
    };
    tick();
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** Waits for a round in progress. */
  async stop(): Promise<void> {
    this.close();
    await this.delivering?.catch(() => undefined);
  }

  private async send(job: MessageJob): Promise<MessageOutcome> {
    const { provider } = this.options;
    if (!provider) return { status: 'skipped', reason: 'off' };
    if (job.event === 'staffDistribution') return this.sendDistributionNotice(job, provider);
    const [subject, settings] = await Promise.all([messageSubjectOf(this.options.sales, job.leadId), this.options.content.fetch(messageTemplatesQuery)]);
    // An erased customer's rows are gone (and with them their registrations).
    if (!subject) return { status: 'skipped', reason: 'noRecipient' };
    if (job.recipient) return this.sendToStaff(job, job.recipient, subject, settings, provider);
    if (!subject.consented) return { status: 'skipped', reason: 'noConsent' };
    if (isGroupEvent(job.event)) return this.sendGroupMessage(job, job.event, subject, settings.phone ?? '', provider);
    const visitAt = subject.fromForm || !STAFF_VISIT_EVENTS.has(job.event) ? subject.bookedVisitAt : await this.staffVisitAt(job, subject.customerId);
    if (visitAt === undefined) return { status: 'skipped', reason: 'notBooked' };
    // A registration kept in the outbox while its slot filled up was stored without the visit: it is told of its registration.
    if (job.event === 'booking' && subject.fromForm && !subject.bookedVisitAt) {
      await this.options.log.enqueue([{ key: messageKey('registration', job.leadId), leadId: job.leadId, event: 'registration' }], this.now());
      return { status: 'skipped', reason: 'notBooked' };
    }
    // A visit cancelled or moved to another day since the reminder was queued.
    if (job.event === 'reminder' && !subject.bookedVisitAt?.startsWith(`${reminderDay(job.key)} `)) return { status: 'skipped', reason: 'notBooked' };
    const template = settings.templates?.[job.event];
    const templateCode = template?.templateCode?.trim();
    if (!template?.enabled || !templateCode || !template.text?.trim()) return { status: 'skipped', reason: 'noTemplate' };
    const to = subject.phone.replace(/\D/g, '');
    if (!MOBILE.test(to)) return { status: 'failed', reason: 'badNumber' };
    const held = await this.customerHold(job, subject);
    if (held) return { status: 'skipped', reason: held };
    const values: Record<string, string> = {
      이름: subject.name,
      방문일시: visitAt ? visitLabel(visitAt) : '',
      대표번호: settings.phone ?? '',
    };
    return this.deliverText(job, provider, { to, templateId: templateCode, text: template.text }, values);
  }

  /**
   * A group message (단체 문자): the text and code as the 팀장 confirmed them, to a customer who may
   * still be sent it — consent, status and, for an ad, the hour are asked again now: a customer who
   * withdrew marketing consent since the confirmation is not sent the ad, nor is anyone at night.
   */
  private async sendGroupMessage(
    job: MessageJob,
    event: GroupMessageEvent,
    subject: MessageSubject,
    representative: string,
    provider: MessageProvider,
  ): Promise<MessageOutcome> {
    const { db } = this.options.sales;
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
    if (event === 'groupAd' && adQuietHours(this.now())) return { status: 'skipped', reason: 'adNight' };
    const to = subject.phone.replace(/\D/g, '');
    if (!MOBILE.test(to)) return { status: 'failed', reason: 'badNumber' };
    const held = await this.customerHold(job, subject);
    if (held) return { status: 'skipped', reason: held };
    const values: Record<string, string> = {
      이름: subject.name,
      방문일시: subject.bookedVisitAt ? visitLabel(subject.bookedVisitAt) : '',
      대표번호: representative,
    };
    // An ad goes as 문자 only: 알림톡 may not carry advertising.
    return this.deliverText(job, provider, { to, templateId: event === 'groupAd' ? null : send.template_code, text: send.text }, values);
  }

  /**
   * The time of the visit a message about staff's booking, move or cancel names; undefined when a
   * later change overtook it (moved again or cancelled since: that change's message tells the customer).
   */
  private async staffVisitAt(job: MessageJob, customerId: string): Promise<string | undefined> {
    const booking = await this.options.sales.db
      .selectFrom('bookings')
      .select(['visit_at', 'status'])
      .where('id', '=', bookingOfMessageKey(job.key))
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    const stillSo = job.event === 'bookingCancel' ? booking?.status === 'cancelled' : booking?.status === 'booked';
    return stillSo ? booking?.visit_at : undefined;
  }

  /**
   * Why a customer's message is not sent although everything for it is there. Anyone can type
   * anyone's number into the form, so a confirmation goes to a customer (one per number) only when
   * none went to them within the week: a form repeated with a victim's number sends one message,
   * not one per registration. A reminder, and a visit staff booked, moved or cancelled, are no
   * form anyone can send, so they are not held back here. Every message counts against the site's daily cap.
   */
  private async customerHold(job: MessageJob, subject: MessageSubject): Promise<MessageReason | null> {
    const now = this.now();
    if (subject.fromForm && (await this.options.log.customerMessagesSince(now - NUMBER_QUIET_MS, { customerId: subject.customerId, exceptKey: job.key })) > 0)
      return 'sentThisWeek';
    const { sent, cap } = await this.customerQuota();
    if (sent < cap) return null;
    const today = seoulDay(now);
    if (this.capReportedOn !== today) {
      this.capReportedOn = today;
      console.error(`[messages] ALERT: ${sent} messages to customers today reached the daily cap (${cap}); the rest of the day's are not sent`);
    }
    return 'dailyCap';
  }

  /**
   * To the 상담사 the job names, at their account's 휴대폰: the customer's name masked and the visit,
   * never the customer's number.
   */
  private async sendToStaff(
    job: MessageJob,
    recipient: string,
    subject: MessageSubject,
    settings: MessageTemplatesQueryResult,
    provider: MessageProvider,
  ): Promise<MessageOutcome> {
    const ready = await this.staffReady(job, recipient, settings);
    if ('status' in ready) return ready;
    // A booking's message names the visit; it is gone when the visit was cancelled since.
    if (job.event === 'staffBooking' && !subject.bookedVisitAt) return { status: 'skipped', reason: 'notBooked' };
    const values: Record<string, string> = {
      이름: maskName(subject.name),
      방문일시: subject.bookedVisitAt ? visitLabel(subject.bookedVisitAt) : '',
      대표번호: settings.phone ?? '',
    };
    return this.deliverText(job, provider, ready, values);
  }

  /**
   * A 균등 배분's notice to one 상담사 (the job names the distribution): how many customers it gave
   * them, counted from the distribution's assignment rows, and no customer's name.
   */
  private async sendDistributionNotice(job: MessageJob, provider: MessageProvider): Promise<MessageOutcome> {
    if (!job.recipient) return { status: 'skipped', reason: 'noRecipient' };
    const [given, settings] = await Promise.all([
      this.options.sales.db
        .selectFrom('assignments')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('distribution_id', '=', job.leadId)
        .where('assignee_email', '=', job.recipient)
        .executeTakeFirstOrThrow(),
      this.options.content.fetch(messageTemplatesQuery),
    ]);
    // Every customer of it erased since: nothing left to tell.
    if (Number(given.count) === 0) return { status: 'skipped', reason: 'noRecipient' };
    const ready = await this.staffReady(job, job.recipient, settings);
    if ('status' in ready) return ready;
    return this.deliverText(job, provider, ready, { 고객수: String(Number(given.count)), 대표번호: settings.phone ?? '' });
  }

  /** The template and the 상담사's 휴대폰 a staff message needs, or why it is not sent. */
  private async staffReady(
    job: MessageJob,
    recipient: string,
    settings: MessageTemplatesQueryResult,
  ): Promise<{ to: string; templateId: string; text: string } | MessageOutcome> {
    // Staff messages are all of the settings' events (a group message is never a staff one).
    const template = settings.templates?.[job.event as MessageEvent];
    const templateCode = template?.templateCode?.trim();
    if (!template?.enabled || !templateCode || !template.text?.trim()) return { status: 'skipped', reason: 'noTemplate' };
    const to = (await this.options.staffMobile?.(recipient)) ?? null;
    if (!to) return { status: 'skipped', reason: 'noStaffNumber' };
    if (!MOBILE.test(to)) return { status: 'failed', reason: 'badNumber' };
    return { to, templateId: templateCode, text: template.text };
  }

  /** The template filled in and sent; the provider's answer as the job's outcome (retried when it was down). */
  private async deliverText(
    job: MessageJob,
    provider: MessageProvider,
    message: { to: string; templateId: string | null; text: string },
    values: Record<string, string>,
  ): Promise<MessageOutcome> {
    const variables = Object.fromEntries(templateVariables(message.text).map((name) => [`#{${name}}`, values[name] ?? '']));
    const text = message.text.replace(/#\{([^}]*)\}/g, (_, name: string) => values[name] ?? '');
    const result = await provider.send({ to: message.to, templateId: message.templateId, variables, text, key: job.key });
    if (result.ok) return { status: 'sent' };
    if (result.unknown) {
      // Sending again could be the customer's second (or sixth) copy: staff see it to check instead.
      console.error(`[messages] no answer from the provider for the ${job.event} message of lead ${job.leadId}; not sent again: ${result.code}`);
      return { status: 'unknown', reason: 'providerNoAnswer', providerCode: result.code };
    }
    const attempts = job.attempts + 1;
    if (!result.retryable) {
      console.error(`[messages] the provider refused the ${job.event} message of lead ${job.leadId}: ${result.code}`);
      return { status: 'failed', reason: 'providerRefused', providerCode: result.code };
    }
    if (attempts >= MESSAGE_MAX_ATTEMPTS) {
      console.error(`[messages] gave up on the ${job.event} message of lead ${job.leadId} after ${attempts} attempts: ${result.code}`);
      return { status: 'failed', reason: 'providerError', providerCode: result.code };
    }
    console.error(`[messages] the ${job.event} message of lead ${job.leadId} will be retried (attempt ${attempts}): ${result.code}`);
    return { status: 'retry', retryAt: nextAttemptAt(this.now(), attempts), reason: 'providerError', providerCode: result.code };
  }
}
