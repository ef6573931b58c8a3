/**
 * Sends the customers' messages: a confirmation when a lead is stored (a booking's when it came
 * with a visit), and the day before a visit a reminder. Each is a job in the message log (the
 * outbox), sent by a delivery loop beside the requests: the lead, its consent and the template are
 * read at sending time, the provider's errors retried with backoff, and what became of each
 * message (sent, failed, not sent and why) stays in the lead's send log. Log lines name the lead
 * by its id only: never its number or name.
 */
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { messageLeadQuery, messageLeadsOfPhoneQuery, messageTemplatesQuery, visitsOnDayQuery } from '../../sanity/queries';
import type { MessageLeadQueryResult, MessageTemplatesQueryResult } from '../../sanity/sanity.types';
import { maskName } from '../../shared/audit-readable';
import type { ContentSource } from '../content/types';
import type { LeadNotification, LeadNotifier } from '../leads/notifier';
import { templateVariables, type MessageEvent, type MessageReason } from '../../shared/outbound-messages';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import { MESSAGE_MAX_ATTEMPTS, messageKey, nextAttemptAt, type MessageJob, type MessageLog, type MessageOutcome } from './message-log';

/** The key qualifier of a staff message about a lead assigned as it was stored. */
const STORED = 'stored';
import type { MessageProvider } from './solapi';

const BATCH = 50;
const DAY_MS = 24 * 3600_000;
const SEOUL_OFFSET_MS = 9 * 3600_000;
const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];
/** A Korean mobile number, digits only. */
const MOBILE = /^01[016789]\d{7,8}$/;

export type MessageDispatcherOptions = {
  log: MessageLog;
  /** Where leads are (their number, name, visit and consent are read at sending time). */
  leads: ContentSource;
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
/** A number that was sent a confirmation within this long gets no other (a week). */
const NUMBER_QUIET_MS = 7 * DAY_MS;

/** "2026-11-27 14:00" → "11월 27일(금) 14:00". */
export function visitLabel(visitAt: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(visitAt);
  if (!match) return visitAt;
  const [, year, month, day, time] = match;
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()];
  return `${Number(month)}월 ${Number(day)}일(${weekday}) ${time}`;
}

/** The Seoul calendar day after `now`, YYYY-MM-DD. */
export function seoulTomorrow(now: number): string {
  return new Date(now + SEOUL_OFFSET_MS + DAY_MS).toISOString().slice(0, 10);
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
   * A lead was stored: its confirmation joins the outbox, then goes out; a lead assigned as it was
   * stored (automatic assignment) tells its 상담사 too, of the lead and of its visit.
   */
  notify(lead: LeadNotification): void {
    if (this.stopped) return;
    const event: MessageEvent = lead.visitAt ? 'booking' : 'registration';
    const jobs: Parameters<MessageLog['enqueue']>[0] = [{ key: messageKey(event, lead._id), leadId: lead._id, event }];
    const assignee = lead.assignee?.email;
    if (assignee) {
      jobs.push({ key: messageKey('staffNewLead', lead._id, STORED), leadId: lead._id, event: 'staffNewLead', recipient: assignee });
      if (lead.visitAt) jobs.push({ key: messageKey('staffBooking', lead._id, STORED), leadId: lead._id, event: 'staffBooking', recipient: assignee });
    }
    this.options.log
      .enqueue(jobs, this.now())
      .then(() => this.deliver())
      .catch((error: unknown) => console.error(`[messages] queueing the ${event} message of lead ${lead._id} failed: ${(error as Error).message}`));
  }

  /** The lead was given to `email` (its revision `rev` names that assignment: a repeat of it sends nothing more). */
  staffAssigned(leadId: string, email: string, rev: string): Promise<void> {
    return this.queueStaff('staffNewLead', leadId, email, rev);
  }

  /** A visit was booked for the lead `email` works (revision `rev`). */
  staffBooked(leadId: string, email: string, rev: string): Promise<void> {
    return this.queueStaff('staffBooking', leadId, email, rev);
  }

  private async queueStaff(event: 'staffNewLead' | 'staffBooking', leadId: string, email: string, rev: string): Promise<void> {
    if (this.stopped) return;
    try {
      await this.options.log.enqueue([{ key: messageKey(event, leadId, rev), leadId, event, recipient: email }], this.now());
      await this.deliver();
    } catch (error) {
      console.error(`[messages] queueing the ${event} message of lead ${leadId} failed: ${(error as Error).message}`);
    }
  }

  /** Queues tomorrow's visits' reminders (once per lead and day, however often it runs) and sends them; returns how many visits. */
  async queueReminders(): Promise<number> {
    const day = seoulTomorrow(this.now());
    const ids = await this.options.leads.fetch(visitsOnDayQuery, { day });
    await this.options.log.enqueue(
      ids.map((leadId) => ({ key: messageKey('reminder', leadId, day), leadId, event: 'reminder' as const })),
      this.now(),
    );
    await this.deliver();
    return ids.length;
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
    const [lead, settings] = await Promise.all([
      this.options.leads.fetch(messageLeadQuery, { id: job.leadId }),
      this.options.content.fetch(messageTemplatesQuery),
    ]);
    if (!lead) return { status: 'skipped', reason: 'noRecipient' };
    if (job.recipient) return this.sendToStaff(job, job.recipient, lead, settings, provider);
    if (lead.privacy !== true) return { status: 'skipped', reason: 'noConsent' };
    // A lead kept in the outbox while its slot filled up was stored without the visit: it is told of its registration.
    if (job.event === 'booking' && lead.visitSlotStatus !== 'booked') {
      await this.options.log.enqueue([{ key: messageKey('registration', job.leadId), leadId: job.leadId, event: 'registration' }], this.now());
      return { status: 'skipped', reason: 'notBooked' };
    }
    const template = settings.templates?.[job.event];
    const templateCode = template?.templateCode?.trim();
    if (!template?.enabled || !templateCode || !template.text?.trim()) return { status: 'skipped', reason: 'noTemplate' };
    const to = (lead.phone ?? '').replace(/\D/g, '');
    if (!MOBILE.test(to)) return { status: 'failed', reason: 'badNumber' };
    const held = await this.customerHold(job, lead.phone ?? '');
    if (held) return { status: 'skipped', reason: held };
    const values: Record<string, string> = {
      이름: lead.name ?? '',
      방문일시: lead.visitAt ? visitLabel(lead.visitAt) : '',
      대표번호: settings.phone ?? '',
    };
    return this.deliverText(job, provider, { to, templateId: templateCode, text: template.text }, values);
  }

  /**
   * Why a customer's message is not sent although everything for it is there. Anyone can type
   * anyone's number into the form, so a confirmation goes to a number only when none went to it
   * within the week: a form repeated with a victim's number sends one message, not one per lead.
   * A reminder belongs to a booked visit (one coming visit per number), so it is not held back
   * here. Every message counts against the site's daily cap.
   */
  private async customerHold(job: MessageJob, phone: string): Promise<MessageReason | null> {
    const now = this.now();
    if (job.event !== 'reminder') {
      const sameNumber = await this.options.leads.fetch(messageLeadsOfPhoneQuery, { phone });
      if ((await this.options.log.customerMessagesSince(now - NUMBER_QUIET_MS, { leadIds: sameNumber, exceptKey: job.key })) > 0) return 'sentThisWeek';
    }
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
    lead: NonNullable<MessageLeadQueryResult>,
    settings: MessageTemplatesQueryResult,
    provider: MessageProvider,
  ): Promise<MessageOutcome> {
    const template = settings.templates?.[job.event];
    const templateCode = template?.templateCode?.trim();
    if (!template?.enabled || !templateCode || !template.text?.trim()) return { status: 'skipped', reason: 'noTemplate' };
    const to = (await this.options.staffMobile?.(recipient)) ?? null;
    if (!to) return { status: 'skipped', reason: 'noStaffNumber' };
    if (!MOBILE.test(to)) return { status: 'failed', reason: 'badNumber' };
    const values: Record<string, string> = { 이름: maskName(lead.name ?? ''), 방문일시: lead.visitAt ? visitLabel(lead.visitAt) : '', 대표번호: settings.phone ?? '' };
    return this.deliverText(job, provider, { to, templateId: templateCode, text: template.text }, values);
  }

  /** The template filled in and sent; the provider's answer as the job's outcome (retried when it was down). */
  private async deliverText(
    job: MessageJob,
    provider: MessageProvider,
    message: { to: string; templateId: string; text: string },
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
