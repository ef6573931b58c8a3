/**
 * Counts article views in memory and adds them to `press_view_counts` of the sales database in
 * batches (../batched-counts.ts): a popular article costs one row update per flush interval, not
 * one per view, and no write ever reaches the content dataset (whose every write invalidates its
 * CDN cache).
 */
import { BatchedCounts, type BatchedCountsOptions, type CountsWriter } from '../batched-counts';
import type { SalesDatabase } from '../database/index';

type CountedArticle = { site_id: string };

/** A flush: each article's new views added to its row (created at 0), in one statement. */
function viewsWriter(sales: SalesDatabase): CountsWriter<CountedArticle> {
  return async (counts) => {
    const rows = [...counts].map(([articleId, { row, inc }]) => ({ article_id: articleId, site_id: row.site_id, views: inc.views ?? 0 }));
    await sales.db
      .insertInto('press_view_counts')
      .values(rows)
      .onConflict((conflict) => conflict.column('article_id').doUpdateSet((add) => ({ views: add('press_view_counts.views', '+', add.ref('excluded.views')) })))
      .execute();
  };
}

export class ViewCounter {
  private readonly counts: BatchedCounts<CountedArticle>;

  constructor(
    private readonly sales: SalesDatabase,
    options: BatchedCountsOptions = {},
  ) {
    this.counts = new BatchedCounts(viewsWriter(sales), 'press views', options);
  }

  start(): void {
    this.counts.start();
  }

  record(articleId: string, siteId: string): void {
    this.counts.add(articleId, () => ({ site_id: siteId }), { views: 1 });
  }

  /** The views of these articles: stored ones plus those counted here and not yet written. */
  async counted(articleIds: string[]): Promise<Map<string, number>> {
    const counts = new Map(articleIds.map((id) => [id, this.counts.unflushed(id, 'views')]));
    if (articleIds.length === 0) return counts;
    const stored = await this.sales.db.selectFrom('press_view_counts').select(['article_id', 'views']).where('article_id', 'in', articleIds).execute();
    for (const { article_id, views } of stored) counts.set(article_id, (counts.get(article_id) ?? 0) + Number(views));
    return counts;
  }

  /** Writes every pending view; resolves when they are durable (or re-queued after a failure). */
  flush(): Promise<void> {
    return this.counts.flush();
  }

  stop(): Promise<void> {
    return this.counts.stop();
  }
}
