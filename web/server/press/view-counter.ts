/**
 * Counts article views in memory and adds them to `press_view_counts` of the sales database in
 * batches (../batched-counts.ts): a popular article costs one row update per flush interval, not
 * one per view, and no write ever reaches the content dataset (whose every write invalidates its
 * CDN cache). The stored counts are read at most once a second per article: every press page and
 * every counted view shows them, and the table changes only at flushes.
 */
import { LRUCache } from 'lru-cache';
import { BatchedCounts, type BatchedCountsOptions, type CountsWriter } from '../batched-counts';
import type { SalesDatabase } from '../database/index';

/** How long a stored count is shown before it is read again: another instance's views show this much later. */
const STORED_COUNT_TTL_MS = 1_000;

type CountedArticle = { site_id: string };

/** A flush: each article's new views added to its row (created at 0), in one statement; then `written` hears of them. */
function viewsWriter(sales: SalesDatabase, written: (articleId: string, views: number) => void): CountsWriter<CountedArticle> {
  return async (counts) => {
    const rows = [...counts].map(([articleId, { row, inc }]) => ({ article_id: articleId, site_id: row.site_id, views: inc.views ?? 0 }));
    await sales.db
      .insertInto('press_view_counts')
      .values(rows)
      .onConflict((conflict) => conflict.column('article_id').doUpdateSet((add) => ({ views: add('press_view_counts.views', '+', add.ref('excluded.views')) })))
      .execute();
    for (const { article_id, views } of rows) written(article_id, views);
  };
}

export class ViewCounter {
  private readonly counts: BatchedCounts<CountedArticle>;
  private readonly stored = new LRUCache<string, number>({ max: 10_000, ttl: STORED_COUNT_TTL_MS });

  constructor(
    private readonly sales: SalesDatabase,
    options: BatchedCountsOptions = {},
  ) {
    this.counts = new BatchedCounts(
      viewsWriter(sales, (articleId, views) => {
        // This instance's own views are in the table now: the count shown moves with them at once.
        const known = this.stored.get(articleId, { updateAgeOnGet: false });
        if (known !== undefined) this.stored.set(articleId, known + views, { noUpdateTTL: true });
      }),
      'press views',
      options,
    );
  }

  start(): void {
    this.counts.start();
  }

  record(articleId: string, siteId: string): void {
    this.counts.add(articleId, () => ({ site_id: siteId }), { views: 1 });
  }

  /** The views of these articles: stored ones plus those counted here and not yet written. */
  async counted(articleIds: string[]): Promise<Map<string, number>> {
    const stored = new Map<string, number>();
    const unknown: string[] = [];
    for (const id of articleIds) {
      const known = this.stored.get(id);
      if (known === undefined) unknown.push(id);
      else stored.set(id, known);
    }
    if (unknown.length > 0) {
      const rows = await this.sales.db.selectFrom('press_view_counts').select(['article_id', 'views']).where('article_id', 'in', unknown).execute();
      const found = new Map(rows.map(({ article_id, views }) => [article_id, Number(views)]));
      for (const id of unknown) {
        stored.set(id, found.get(id) ?? 0);
        this.stored.set(id, found.get(id) ?? 0);
      }
    }
    return new Map(articleIds.map((id) => [id, (stored.get(id) ?? 0) + this.counts.unflushed(id, 'views')]));
  }

  /** Writes every pending view; resolves when they are durable (or re-queued after a failure). */
  flush(): Promise<void> {
    return this.counts.flush();
  }

  stop(): Promise<void> {
    return this.counts.stop();
  }
}
