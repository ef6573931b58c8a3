/**
 * Counts article views in memory and writes them as batched `inc` mutations: one flush every
 * `intervalMs` carries every article's pending views in one transaction, so a popular article
 * costs one write (and, on Sanity, one revision) per interval instead of one per view.
 * `stop()` flushes what is left (server shutdown).
 */
import { ContentUnavailableError, MutationError, type ContentSource, type Mutation } from '../content/types';

export const VIEW_FLUSH_INTERVAL_MS = 3_000;

/** The documents view counts are stored in: one per article, written every few seconds. */
export const VIEWS_DOCUMENT_TYPE = 'pressViews';

export function viewsDocumentId(articleId: string): string {
  return `pressViews-${articleId}`;
}

type Pending = { siteId: string; count: number };

export class ViewCounter {
  private pending = new Map<string, Pending>();
  /** Views of the flush in progress: still shown until the store has them. */
  private inFlight = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | null = null;

  constructor(
    private readonly content: ContentSource,
    private readonly options: { intervalMs?: number; log?: (message: string, error?: unknown) => void } = {},
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.options.intervalMs ?? VIEW_FLUSH_INTERVAL_MS);
    // The timer alone must not keep a process (or a test) alive.
    this.timer.unref();
  }

  record(articleId: string, siteId: string): void {
    const entry = this.pending.get(articleId);
    if (entry) entry.count += 1;
    else this.pending.set(articleId, { siteId, count: 1 });
  }

  /** Views counted here but not yet in the store. */
  unflushed(articleId: string): number {
    return (this.pending.get(articleId)?.count ?? 0) + (this.inFlight.get(articleId)?.count ?? 0);
  }

  /** Writes every pending view; resolves when they are durable (or re-queued after a failure). */
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
    for (const [articleId, { siteId, count }] of batch) {
      const _id = viewsDocumentId(articleId);
      mutations.push(
        {
          createIfNotExists: {
            _id,
            _type: VIEWS_DOCUMENT_TYPE,
            article: { _type: 'reference', _ref: articleId, _weak: true },
            siteId,
            count: 0,
          },
        },
        { patch: { id: _id, inc: { count } } },
      );
    }
    try {
      await this.content.mutate(mutations);
    } catch (error) {
      if (error instanceof MutationError) {
        // Refused input would be refused again: drop it rather than retry forever.
        this.log('press views: flush refused, views dropped', error);
        return;
      }
      // Unreachable backend: keep the views for the next flush.
      for (const [articleId, { siteId, count }] of batch) {
        const entry = this.pending.get(articleId);
        if (entry) entry.count += count;
        else this.pending.set(articleId, { siteId, count });
      }
      if (!(error instanceof ContentUnavailableError)) this.log('press views: flush failed, will retry', error);
    }
  }

  private log(message: string, error: unknown): void {
    (this.options.log ?? ((text, cause) => console.error(text, cause)))(message, error);
  }
}
