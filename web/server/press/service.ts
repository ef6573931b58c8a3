/**
 * Press articles for the routes and the JSON API: list pages, one article, view counting and the
 * admin's new posts. Content is read only with the GROQ of web/sanity/queries.ts.
 *
 * Paging: on Sanity, `pressListQuery` with a (date, _id) cursor (Sanity's indexes make it cheap).
 * On the embedded store, groq-js would scan and sort every article for each new cursor (about 2 s
 * at 100k articles), so the service reads the whole order once (`pressOrderQuery`, ids and dates,
 * cached until an article changes) and finds any page by binary search. Both give the same pages.
 */
import { randomUUID } from 'node:crypto';
import { stegaClean } from '@sanity/client/stega';
import { pressSiteSlugQuery, pressArticleQuery, pressCountQuery, pressListQuery, pressOrderQuery, pressRowsByIdQuery } from '../../sanity/queries';
import type { PressArticleQueryResult, PressOrderQueryResult } from '../../sanity/sanity.types';
import type { ContentSource } from '../content/types';
import { decodePressCursor, encodePressCursor, type PressCursor } from './cursor';
import type { ViewCounter } from './view-counter';

export const PRESS_PAGE_SIZE = 10;

export const PRESS_LIMITS = { title: 200, summary: 1000, body: 20_000 } as const;

export type PressListItem = { _id: string; no: number; title: string; date: string; views: number };

export type PressPage = { items: PressListItem[]; nextCursor: string | null };

export type PressArticle = NonNullable<PressArticleQueryResult> & { views: number };

export type PressPaging = 'cursor-query' | 'order-index';

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid press page cursor');
    // Routes (which may not import server classes) recognise it by name.
    this.name = 'InvalidCursorError';
  }
}

type Row = { _id: string; title: string | null; date: string | null };

export type PressCreateError = 'titleSummaryRequired' | 'tooLong';

const MAX_DRAFTS_LISTED = 50;

export class PressService {
  /**
   * `content`: what the pages show (in preview, drafts); `published`: the published content the
   * admin's drafts are told apart from and published into (the same source outside preview).
   */
  constructor(
    private readonly content: ContentSource,
    private readonly views: ViewCounter,
    private readonly paging: PressPaging,
    private readonly published: ContentSource = content,
  ) {}

  /** Whether `siteId` is the press site of the settings (other slugs have no press pages). */
  async isPressSite(siteId: string): Promise<boolean> {
    // In preview the slug carries stega (invisible edit links); compared as data, cleaned.
    const slug = stegaClean(await this.content.fetch(pressSiteSlugQuery));
    return !!slug && slug === siteId;
  }

  /** One page of the site's list, newest first; `cursor` is a previous page's `nextCursor`. */
  async list(siteId: string, cursorText?: string | null): Promise<PressPage> {
    const cursor = cursorText ? decodePressCursor(cursorText) : null;
    if (cursorText && !cursor) throw new InvalidCursorError();
    const { rows, position, total, hasMore } =
      this.paging === 'order-index' ? await this.pageFromIndex(siteId, cursor) : await this.pageFromQuery(siteId, cursor);
    const views = await this.views.counted(rows.map((row) => row._id));
    const items = rows.map((row, index) => ({
      _id: row._id,
      no: total - position - index,
      title: row.title ?? '',
      date: row.date ?? '',
      views: views.get(row._id) ?? 0,
    }));
    const last = rows.at(-1);
    const nextCursor = hasMore && last?.date ? encodePressCursor({ date: last.date, id: last._id, position: position + rows.length }) : null;
    return { items, nextCursor };
  }

  /** The article with its view count, or null when it is missing or belongs to another site. */
  async article(siteId: string, id: string): Promise<PressArticle | null> {
    const article = await this.content.fetch(pressArticleQuery, { siteId, id });
    if (!article) return null;
    return { ...article, views: await this.viewCount(article._id) };
  }

  /** Counts one view of an existing article of this site; false when there is none. */
  async recordView(siteId: string, id: string): Promise<boolean> {
    const article = await this.content.fetch(pressArticleQuery, { siteId, id });
    if (!article) return false;
    this.views.record(article._id, siteId);
    return true;
  }

  /** The article's views so far, unflushed ones included. */
  async viewCount(articleId: string): Promise<number> {
    return (await this.views.counted([articleId])).get(articleId) ?? 0;
  }

  /**
   * Publishes the admin's post; the body's lines become paragraphs. A refusal is a code, the
   * key of its Korean text in `messages`.
   */
  /**
   * A new article; `draft`: saved as a draft (`drafts.<id>`), which visitors never see until an
   * admin publishes it (an admin in preview sees it on the page).
   */
  async create(
    siteId: string,
    input: { title: unknown; summary: unknown; body: unknown },
    { draft = false }: { draft?: boolean } = {},
  ): Promise<{ ok: true; id: string } | { ok: false; error: PressCreateError }> {
    const title = typeof input.title === 'string' ? input.title.trim() : '';
    const summary = typeof input.summary === 'string' ? input.summary.trim() : '';
    const body = typeof input.body === 'string' ? input.body.replace(/\r\n?/g, '\n').trim() : '';
    if (!title || !summary) return { ok: false, error: 'titleSummaryRequired' };
    if (title.length > PRESS_LIMITS.title || summary.length > PRESS_LIMITS.summary || body.length > PRESS_LIMITS.body) {
      return { ok: false, error: 'tooLong' };
    }
    const id = `press-${randomUUID()}`;
    await this.content.mutate([
      {
        create: {
          _id: draft ? `drafts.${id}` : id,
          _type: 'pressArticle',
          siteId,
          title,
          summary,
          body: paragraphsToBlocks(body),
          date: new Date().toISOString(),
        },
      },
    ]);
    return { ok: true, id };
  }

  /** The site's articles never published (saved as drafts), newest first, at most 50. */
  async drafts(siteId: string): Promise<Array<{ _id: string; title: string | null; date: string | null }>> {
    const published = new Set((await this.published.fetch(pressOrderQuery, { siteId })).map((entry) => entry._id));
    const ids = (await this.published.drafts().fetch(pressOrderQuery, { siteId }))
      .map((entry) => entry._id)
      .filter((id) => !published.has(id))
      .slice(0, MAX_DRAFTS_LISTED);
    if (ids.length === 0) return [];
    const rows = await this.published.drafts().fetch(pressRowsByIdQuery, { ids });
    return rows.map(({ _id, title, date }) => ({ _id, title, date })).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  }

  /** Publishes a never-published draft as it is, dated now (the newest article); false when there is no such draft. */
  async publish(siteId: string, id: string): Promise<boolean> {
    if ((await this.published.fetch(pressArticleQuery, { siteId, id })) !== null) return false;
    const draft = await this.published.drafts().fetch(pressArticleQuery, { siteId, id });
    if (!draft) return false;
    // Drafts read for preview carry stega (invisible edit links): what is stored must not.
    const { title, summary, body } = stegaClean(draft);
    await this.content.mutate([
      { createOrReplace: { _id: id, _type: 'pressArticle', siteId, title, summary, body, date: new Date().toISOString() } },
      { delete: { id: `drafts.${id}` } },
    ]);
    return true;
  }

  private async pageFromIndex(siteId: string, cursor: PressCursor | null) {
    const order = await this.content.fetch(pressOrderQuery, { siteId });
    const position = cursor ? firstAfter(order, cursor) : 0;
    const ids = order.slice(position, position + PRESS_PAGE_SIZE).map((entry) => entry._id);
    const rows = ids.length ? await this.content.fetch(pressRowsByIdQuery, { ids }) : [];
    const byId = new Map<string, Row>(rows.map((row) => [row._id, row]));
    return {
      rows: ids.flatMap((id) => byId.get(id) ?? []),
      position,
      total: order.length,
      hasMore: position + PRESS_PAGE_SIZE < order.length,
    };
  }

  private async pageFromQuery(siteId: string, cursor: PressCursor | null) {
    const [rows, total] = await Promise.all([
      this.content.fetch(pressListQuery, {
        siteId,
        cursorDate: cursor?.date ?? null,
        cursorId: cursor?.id ?? null,
      }),
      this.content.fetch(pressCountQuery, { siteId }),
    ]);
    return {
      rows: rows.slice(0, PRESS_PAGE_SIZE) as Row[],
      position: cursor?.position ?? 0,
      total,
      hasMore: rows.length > PRESS_PAGE_SIZE,
    };
  }
}

/**
 * Index of the first entry after the cursor in (date desc, _id desc) order — the entries GROQ's
 * `date < $cursorDate || (date == $cursorDate && _id < $cursorId)` admits, found by binary search.
 */
function firstAfter(order: PressOrderQueryResult, cursor: PressCursor): number {
  let low = 0;
  let high = order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const { date, _id } = order[middle];
    const after = (date ?? '') < cursor.date || (date === cursor.date && _id < cursor.id);
    if (after) high = middle;
    else low = middle + 1;
  }
  return low;
}

/** Plain text from the on-page form as Portable Text: one paragraph per non-empty line. */
export function paragraphsToBlocks(text: string) {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const key = randomUUID().slice(0, 12);
      return {
        _key: key,
        _type: 'block',
        style: 'normal',
        markDefs: [],
        children: [{ _key: `${key}s`, _type: 'span', text: line, marks: [] }],
      };
    });
}
