/**
 * The outbox's delivery loop: leads kept on this machine while the leads store was unreachable go
 * to the store in rounds (backing off per lead while it stays down), and a log line a minute
 * while any wait, so an operator sees a backlog that does not clear. The server runs it; the
 * CLI does not.
 */
import { isStoreUnavailable } from '../content/when-available';
import type { SalesDatabase } from '../database/index';
import { seoulDay } from '../../shared/seoul-time';
import type { LeadNotifier } from '../messages/lead-notification';
import type { DeliveryOutcome, LeadOutbox, OutboxEntry } from './outbox';
import { notificationOf, saveLead, type SaveOutcome } from './store';
import { isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';

const OUTBOX_BATCH = 50;
const OUTBOX_MAX_BACKOFF_MS = 5 * 60_000;
const BACKLOG_REPORT_INTERVAL_MS = 60_000;

export class OutboxDelivery {
  private timer: NodeJS.Timeout | null = null;
  private backlogReportTimer: NodeJS.Timeout | null = null;
  private delivering: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly outbox: LeadOutbox,
    private readonly sales: SalesDatabase,
    private readonly notifier: LeadNotifier,
    private readonly now: () => number,
  ) {}

  start(intervalMs: number): void {
    if (this.timer || this.stopped) return;
    this.backlogReportTimer = setInterval(() => {
      this.reportBacklog().catch((error: unknown) => this.failed('outbox-backlog', error));
    }, BACKLOG_REPORT_INTERVAL_MS);
    this.backlogReportTimer.unref();
    const tick = () => {
      this.timer = setTimeout(() => {
        // A round that fails (the database is away) is logged; the next one runs all the same.
        void this.deliver()
          .catch((error: unknown) => this.failed('outbox-delivery', error))
          .finally(() => {
            if (!this.stopped) tick();
          });
      }, intervalMs);
      this.timer.unref();
    };
    tick();
  }

  /** Delivers the outbox leads that are due (one round at a time). */
  deliver(): Promise<void> {
    this.delivering ??= this.deliverDue().finally(() => {
      this.delivering = null;
    });
    return this.delivering;
  }

  /** Stops the loop and waits for a round in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.backlogReportTimer) clearInterval(this.backlogReportTimer);
    await this.delivering;
  }

  /** Counted always; logged unless the database is away (its loss is logged once, as a dependency). */
  private failed(job: string, error: unknown): void {
    metrics.backgroundFailures.inc({ job });
    if (!isStoreUnavailable(error)) log.error({ job, err: errorField(error) }, `${job}: round failed`);
  }

  private async reportBacklog(): Promise<void> {
    const { count, oldestAt, lastError } = await this.outbox.backlog();
    if (count === 0) return;
    const minutes = Math.floor((this.now() - (oldestAt ?? this.now())) / 60_000);
    log.warn({ waiting: count, oldestMinutes: minutes, lastError }, 'leads: outbox backlog not yet in the leads store');
  }

  private async deliverDue(): Promise<void> {
    await this.outbox.drain(this.now(), OUTBOX_BATCH, (entry) => this.deliverEntry(entry));
  }

  /**
   * A pooled connection the database dropped while it sat idle looks alive until its first query
   * (the close is read on the next turn of the event loop), so the first entry after the database
   * comes back can fail on it. That client leaves the pool on release; one more try at once takes
   * a fresh one (a retry of a stored registration is a duplicate, never a second copy).
   */
  private async save(entry: OutboxEntry): Promise<SaveOutcome> {
    const attempt = () => saveLead(this.sales, entry.lead, entry.visitSlotId, 'keepUnbooked', seoulDay(this.now()));
    try {
      return await attempt();
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      return attempt();
    }
  }

  private async deliverEntry(entry: OutboxEntry): Promise<DeliveryOutcome> {
    if (this.stopped) return { retryAt: this.now(), error: 'stopped', stop: true };
    try {
      const outcome = await this.save(entry);
      if (outcome.status === 'created') this.notifier.notify(notificationOf(entry.lead, outcome));
      return { delivered: true };
    } catch (error) {
      const message = (error as Error).message;
      const retryAt = this.now() + Math.min(OUTBOX_MAX_BACKOFF_MS, 5_000 * 2 ** entry.attempts);
      // The store is down: the rest waits for the next round.
      if (isStoreUnavailable(error)) return { retryAt, error: message, stop: true };
      // The database refused the row itself (a constraint): kept for an operator, never retried.
      log.error({ lead: entry.id, err: errorField(error) }, 'leads: the database refused an outbox lead (kept, marked refused)');
      return { refused: message };
    }
  }
}
