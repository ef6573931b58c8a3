/**
 * Counts article views in memory and writes them in batches (../batched-counts.ts): a popular
 * article costs one write per flush interval, not one per view.
 */
import { BatchedCounts, documentCountsWriter, type BatchedCountsOptions, type CountedDocument } from '../batched-counts';
import type { ContentSource } from '../content/types';

/** The documents view counts are stored in: one per article, written every few seconds. */
export const VIEWS_DOCUMENT_TYPE = 'pressViews';

export function viewsDocumentId(articleId: string): string {
  return `pressViews-${articleId}`;
}

export class ViewCounter {
  private readonly counts: BatchedCounts<CountedDocument>;

  constructor(content: ContentSource, options: BatchedCountsOptions = {}) {
    this.counts = new BatchedCounts(documentCountsWriter(content), 'press views', options);
  }

  start(): void {
    this.counts.start();
  }

  record(articleId: string, siteId: string): void {
    const _id = viewsDocumentId(articleId);
    this.counts.add(
      _id,
      () => ({ _id, _type: VIEWS_DOCUMENT_TYPE, article: { _type: 'reference', _ref: articleId, _weak: true }, siteId, count: 0 }),
      { count: 1 },
    );
  }

  /** Views counted here but not yet in the store. */
  unflushed(articleId: string): number {
    return this.counts.unflushed(viewsDocumentId(articleId), 'count');
  }

  /** Writes every pending view; resolves when they are durable (or re-queued after a failure). */
  flush(): Promise<void> {
    return this.counts.flush();
  }

  stop(): Promise<void> {
    return this.counts.stop();
  }
}
