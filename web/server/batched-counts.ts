/**
 * Counters kept in memory and written in batches: one flush every `intervalMs` carries every
 * pending counter's increments in one statement, so a busy counter costs one row update per
 * interval instead of one per event. `stop()` flushes what is left (server shutdown). Press
 * article views (press/view-counter.ts) and the site's page views (measurement/page-views.ts) are
 * rows of the sales database.
 */
import { isConnectionError } from './observability/dependency-state';
import { errorField, log } from './observability/log';
import { metrics } from './observability/metrics';

export const VIEW_FLUSH_INTERVAL_MS = 3_000;

/** One counter of a flush: what it is (`row`, its fields at 0) and what to add to it. */
export type PendingCount<Row> = { row: Row; inc: Record<string, number> };

/** Writes a flush's counters, all or none; after an error they are kept for the next flush. */
export type CountsWriter<Row> = (counts: ReadonlyMap<string, PendingCount<Row>>) => Promise<void>;

export type BatchedCountsOptions = {
  intervalMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export class BatchedCounts<Row> {
  private pending = new Map<string, PendingCount<Row>>();
  /** Increments of the flush in progress: still shown until the store has them. */
  private inFlight = new Map<string, PendingCount<Row>>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly writer: CountsWriter<Row>,
    /** Names the counts in log lines ("press views"). */
    private readonly label: string,
    private readonly options: BatchedCountsOptions = {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS);
    // The timer alone must not keep a process (or a test) alive.
    this.timer.unref();
  }

  /** Adds `inc` to counter `id`; `row` builds it (fields at 0) the first time it is pending. */
  add(id: string, row: () => Row, inc: Record<string, number>): void {
    const entry = this.pending.get(id) ?? { row: row(), inc: {} };
    for (const [field, count] of Object.entries(inc)) entry.inc[field] = (entry.inc[field] ?? 0) + count;
    this.pending.set(id, entry);
  }

  /** Whether counter `id` has increments waiting for the next flush. */
  isPending(id: string): boolean {
    return this.pending.has(id);
  }

  /** Counted here but not yet in the store. */
  unflushed(id: string, field: string): number {
    return (this.pending.get(id)?.inc[field] ?? 0) + (this.inFlight.get(id)?.inc[field] ?? 0);
  }

  /** Writes every pending increment; resolves when they are durable (or re-queued after a failure). */
  async flush(): Promise<void> {
    // One flush at a time; a caller arriving mid-flush waits for it, then flushes what came since.
    while (this.flushing) await this.flushing;
    if (this.pending.size === 0) return;
    this.inFlight = this.pending;
    this.pending = new Map();
    this.flushing = this.write(this.inFlight).finally(() => {
      this.inFlight = new Map();
      this.flushing = null;
    });
    await this.flushing;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async write(batch: Map<string, PendingCount<Row>>): Promise<void> {
    try {
      await this.writer(batch);
    } catch (error) {
      for (const [id, { row, inc }] of batch) this.add(id, () => row, inc);
      // A database away is reported once by its connection state, not at every flush.
      if (!isConnectionError(error)) this.log(`${this.label}: flush failed, will retry`, error);
    }
  }

  private log(message: string, error: unknown): void {
    metrics.backgroundFailures.inc({ job: this.label });
    (this.options.log ?? ((text, cause) => log.error({ job: this.label, err: errorField(cause) }, text)))(message, error);
  }
}
