/**
 * Sends the customers' messages: a confirmation when a lead is stored (a booking's when it came
 * with a visit), and the day before a visit a reminder. Each is a job in the message log (the
 * outbox), sent by a delivery loop beside the requests: the lead, its consent and the template are
 * read at sending time, the provider's errors retried with backoff, and what became of each
 * message (sent, failed, not sent and why) stays in the lead's send log. Log lines name the lead
 * by its id only: never its number or name.
 */
import { messageLeadQuery, messageTemplatesQuery, visitsOnDayQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';
import type { LeadNotification, LeadNotifier } from '../leads/notifier';
import { templateVariables, type MessageEvent } from '../../shared/outbound-messages';
import { MESSAGE_MAX_ATTEMPTS, messageKey, nextAttemptAt, type MessageJob, type MessageLog, type MessageOutcome } from './message-log';
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
  now?: () => number;
};

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

  constructor(private readonly options: MessageDispatcherOptions) {
    this.now = options.now ?? Date.now;
  }

  /** A lead was stored: its confirmation joins the outbox, then goes out. */
  notify(lead: LeadNotification): void {
    if (this.stopped) return;
    const event: MessageEvent = lead.visitAt ? 'booking' : 'registration';
    this.options.log
      .enqueue([{ key: messageKey(event, lead._id), leadId: lead._id, event }], this.now())
      .then(() => this.deliver())
      .catch((error: unknown) => console.error(`[messages] queueing the ${event} message of lead ${lead._id} failed: ${(error as Error).message}`));
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
      .drain(this.now(), BATCH, (job) => this.send(job))
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
          .catch((error: unknown) => console.error(`[messages] delivery round failed: ${(error as Error).message}`))
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
    const values: Record<string, string> = {
      이름: lead.name ?? '',
      방문일시: lead.visitAt ? visitLabel(lead.visitAt) : '',
      대표번호: settings.phone ?? '',
    };
    const variables = Object.fromEntries(templateVariables(template.text).map((name) => [`#{${name}}`, values[name] ?? '']));
    const text = template.text.replace(/#\{([^}]*)\}/g, (_, name: string) => values[name] ?? '');
    const result = await provider.send({ to, templateId: templateCode, variables, text });
    if (result.ok) return { status: 'sent' };
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
