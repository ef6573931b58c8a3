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
 * The 상담사's messages are sent by staff-messages.ts, group messages by group-message-sending.ts,
 * and every text goes to the provider through text-delivery.ts.
 */
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { messageTemplatesQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import type { LeadNotifier } from './lead-notification';
import type { MessageReason } from '../../shared/outbound-messages';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import { messageKey, type MessageJob, type MessageLog, type MessageOutcome } from './message-log';
import type { MessageProvider } from './solapi';
import { bookingOfMessageKey, VISIT_MESSAGE_EVENTS } from '../customers/visit-messages';
import { messageSubjectOf, type MessageSubject } from './message-subject';
import { visitLabel } from './visit-label';
import { GROUP_MESSAGE_EVENTS, type GroupMessageEvent } from '../../shared/group-messages';
import { sendGroupMessage } from './group-message-sending';
import { sendDistributionNotice, sendToStaff } from './staff-messages';
import { deliverText } from './text-delivery';
import { MOBILE_DIGITS } from '../../shared/phone-format';

const BATCH = 50;
const DAY_MS = 24 * 3600_000;
const SEOUL_OFFSET_MS = 9 * 3600_000;

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
    if (job.event === 'staffDistribution') return sendDistributionNotice(this.options, this.now, job, provider);
    const [subject, settings] = await Promise.all([messageSubjectOf(this.options.sales, job.leadId), this.options.content.fetch(messageTemplatesQuery)]);
    // An erased customer's rows are gone (and with them their registrations).
    if (!subject) return { status: 'skipped', reason: 'noRecipient' };
    if (job.recipient) return sendToStaff(this.options, this.now, job, job.recipient, subject, settings, provider);
    if (!subject.consented) return { status: 'skipped', reason: 'noConsent' };
    if (isGroupEvent(job.event))
      return sendGroupMessage(
        this.options.sales,
        this.now,
        (groupJob, groupSubject) => this.customerHold(groupJob, groupSubject),
        job,
        job.event,
        subject,
        settings.phone ?? '',
        provider,
      );
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
    if (!MOBILE_DIGITS.test(to)) return { status: 'failed', reason: 'badNumber' };
    const held = await this.customerHold(job, subject);
    if (held) return { status: 'skipped', reason: held };
    const values: Record<string, string> = {
      이름: subject.name,
      방문일시: visitAt ? visitLabel(visitAt) : '',
      대표번호: settings.phone ?? '',
    };
    return deliverText(job, provider, { to, templateId: templateCode, text: template.text }, values, this.now);
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
}
