/**
 * Counters kept in memory and written as batched `inc` mutations: one flush every `intervalMs`
 * carries every pending document's increments in one transaction, so a busy counter costs one
 * write (and, on Sanity, one revision) per interval instead of one per event. `stop()` flushes
 * what is left (server shutdown). Used for press article views and the site's page views.
 */
import { ContentUnavailableError, MutationError, type ContentSource, type Mutation } from './content/types';
import { errorField, log } from './observability/log';
import { metrics } from './observability/metrics';

export const VIEW_FLUSH_INTERVAL_MS = 3_000;

/** A counted document as first created: its numeric fields start at 0, `inc` adds to them. */
export type CountedDocument = { _id: string; _type: string } & Record<string, unknown>;

type Pending = { document: CountedDocument; inc: Record<string, number> };

export type BatchedCountsOptions = {
  intervalMs?: number;
  log?: (message: string, error?: unknown) => void;
};

export class BatchedCounts {
  private pending = new Map<string, Pending>();
  /** Increments of the flush in progress: still shown until the store has them. */
  private inFlight = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly store: ContentSource,
    /** Names the counts in log lines ("press views"). */
    private readonly label: string,
    private readonly options: BatchedCountsOptions = {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS);
    // The timer alone must not keep a process (or a test) alive.
    this.timer.unref();
  }

  /** Adds `inc` to document `id`; `document` builds it (fields at 0) the first time it is pending. */
  add(id: string, document: () => CountedDocument, inc: Record<string, number>): void {
    const entry = this.pending.get(id) ?? { document: document(), inc: {} };
    for (const [field, count] of Object.entries(inc)) entry.inc[field] = (entry.inc[field] ?? 0) + count;
    this.pending.set(id, entry);
  }

  /** Whether document `id` has increments waiting for the next flush. */
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

  private async write(batch: Map<string, Pending>): Promise<void> {
    const mutations: Mutation[] = [];
    for (const [id, { document, inc }] of batch) {
      mutations.push({ createIfNotExists: document }, { patch: { id, inc } });
    }
    try {
      await this.store.mutate(mutations);
    } catch (error) {
      if (error instanceof MutationError) {
        // Refused input would be refused again: drop it rather than retry forever.
        this.log(`${this.label}: flush refused, counts dropped`, error);
        return;
      }
      // Unreachable backend: keep the counts for the next flush.
      for (const [id, { document, inc }] of batch) this.add(id, () => document, inc);
      if (!(error instanceof ContentUnavailableError)) this.log(`${this.label}: flush failed, will retry`, error);
    }
  }

  private log(message: string, error: unknown): void {
    metrics.backgroundFailures.inc({ job: this.label });
    (this.options.log ?? ((text, cause) => log.error({ job: this.label, err: errorField(cause) }, text)))(message, error);
  }
}
