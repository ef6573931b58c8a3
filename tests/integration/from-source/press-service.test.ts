/**
 * The press service and JSON API over the embedded store seeded from content/: pagination (both
 * paging strategies, equal dates), site isolation, posting, and the batched view counter (rows of
 * the sales database) under 1,000 concurrent view requests. The API is called with the Fetch
 * requests its resource routes hand it (the built server's tests call it over HTTP).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import type { SalesDatabase } from '../../../web/server/database/index';
import { createPressApi } from '../../../web/server/press/api';
import { PressService, type PressListItem } from '../../../web/server/press/service';
import { ViewCounter } from '../../../web/server/press/view-counter';
import { inMemorySalesDatabase } from '../../support/sales-database';

const SITE = 'cheonghak';
const BASE = 'http://127.0.0.1:3000';
let store: EmbeddedStore;
let sales: SalesDatabase;

/** The article's row of `press_view_counts`, or undefined. */
async function storedViews(database: SalesDatabase, articleId: string) {
  const row = await database.db.selectFrom('press_view_counts').selectAll().where('article_id', '=', articleId).executeTakeFirst();
  return row && { siteId: row.site_id, views: Number(row.views) };
}

/** Rows SQLite has changed on this connection so far. */
async function changedRows(database: SalesDatabase): Promise<number> {
  const { rows } = await sql<{ changed: number }>`SELECT total_changes() AS changed`.execute(database.db);
  return rows[0].changed;
}

async function openSeeded(): Promise<EmbeddedStore> {
  return openEmbeddedStore({ file: ':memory:', seedFile: path.resolve('content/production.ndjson') });
}

async function allPages(press: PressService, site = SITE): Promise<PressListItem[][]> {
  const pages: PressListItem[][] = [];
  let cursor: string | null = null;
  do {
    const page = await press.list(site, cursor);
    pages.push(page.items);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

beforeAll(async () => {
  store = await openSeeded();
  sales = await inMemorySalesDatabase();
});

afterAll(async () => {
  await Promise.all([store.close(), sales.close()]);
});

describe('press list pagination', () => {
  it.each(['order-index', 'cursor-query'] as const)('%s: pages of 10 cover every article once, newest first, ties by _id', async (paging) => {
    const press = new PressService(store, new ViewCounter(sales), paging);
    const expected = store
      .documents()
      .filter((document) => document._type === 'pressArticle' && document.siteId === SITE)
      .map((document) => ({ id: document._id, date: document.date as string }))
      .sort((a, b) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1));
    expect(expected.length).toBeGreaterThanOrEqual(25);
    // The seed has equal dates, so the _id tie-break matters.
    expect(new Set(expected.map((entry) => entry.date)).size).toBeLessThan(expected.length);

    const pages = await allPages(press);
    expect(pages.map((page) => page.length)).toEqual([10, 10, expected.length - 20]);
    const ids = pages.flat().map((item) => item._id);
    expect(ids).toEqual(expected.map((entry) => entry.id));
    expect(new Set(ids).size).toBe(ids.length);
    // NO counts down from the total across pages.
    expect(pages.flat().map((item) => item.no)).toEqual(expected.map((_, index) => expected.length - index));
  });

  it('both strategies give the same pages when many articles share one date', async () => {
    const local = await openEmbeddedStore({ file: ':memory:' });
    try {
      const dates = ['2025-05-01T00:00:00.000Z', '2025-04-01T00:00:00.000Z', '2025-03-01T00:00:00.000Z'];
      await local.mutate([
        ...Array.from({ length: 37 }, (_, i) => ({
          create: {
            _id: `tie-${String((i * 7) % 37).padStart(2, '0')}`,
            _type: 'pressArticle',
            siteId: SITE,
            title: `기사 ${i}`,
            summary: '요약',
            date: dates[i % 3],
          },
        })),
      ]);
      const index = (await allPages(new PressService(local, new ViewCounter(sales), 'order-index'))).map((page) => page.map((item) => item._id));
      const query = (await allPages(new PressService(local, new ViewCounter(sales), 'cursor-query'))).map((page) => page.map((item) => item._id));
      expect(index).toEqual(query);
      expect(index.flat()).toHaveLength(37);
      expect(new Set(index.flat()).size).toBe(37);
    } finally {
      await local.close();
    }
  });

  it('a page of exactly the remaining articles has no next cursor', async () => {
    const press = new PressService(store, new ViewCounter(sales), 'order-index');
    const pages = await allPages(press);
    expect(pages.at(-1)!.length).toBeLessThan(10);
  });

  it('refuses a cursor it did not issue', async () => {
    const press = new PressService(store, new ViewCounter(sales), 'order-index');
    await expect(press.list(SITE, 'bm90LWEtY3Vyc29y')).rejects.toMatchObject({ name: 'InvalidCursorError' });
  });
});

describe('articles and posts', () => {
  it('reads an article of its own site only', async () => {
    const press = new PressService(store, new ViewCounter(sales), 'order-index');
    expect(await press.article(SITE, 'press-sample-01')).toMatchObject({ _id: 'press-sample-01', views: 0 });
    expect(await press.article('other-site', 'press-sample-01')).toBeNull();
    expect(await press.article(SITE, 'no-such-article')).toBeNull();
    expect(await press.isPressSite(SITE)).toBe(true);
    expect(await press.isPressSite('other-site')).toBe(false);
  });

  it('requires title and summary, keeps markup as text, and lists the new post first', async () => {
    const local = await openSeeded();
    try {
      const press = new PressService(local, new ViewCounter(sales), 'order-index');
      expect(await press.create(SITE, { title: ' ', summary: '요약', body: '' })).toEqual({
        ok: false,
        error: 'titleSummaryRequired',
      });
      expect(await press.create(SITE, { title: '제목', summary: null, body: '' })).toMatchObject({ ok: false });
      const title = '<img src=x onerror=alert(1)> 새 소식';
      const created = await press.create(SITE, { title, summary: '요약', body: '첫 줄\r\n\r\n둘째 줄' });
      if (!created.ok) throw new Error(created.error);
      const first = (await press.list(SITE)).items[0];
      expect(first).toMatchObject({ _id: created.id, title, views: 0 });
      const article = await press.article(SITE, created.id);
      expect(article?.body?.map((block) => (block as { children: Array<{ text: string }> }).children[0].text)).toEqual(['첫 줄', '둘째 줄']);
    } finally {
      await local.close();
    }
  });
});

describe('view counter', () => {
  it('1,000 concurrent view requests on one article: +1,000 in one row change at the flush, shown before it', async () => {
    const local = await openSeeded();
    const viewSales = await inMemorySalesDatabase();
    const counter = new ViewCounter(viewSales, { intervalMs: 60_000 });
    const press = new PressService(local, counter, 'order-index');
    const api = createPressApi(press);
    // A visitor (an address and a user agent each) opening an article from our own page.
    const view = (articleId: string, query: string, visitor: number) =>
      api.recordView(
        new Request(`${BASE}/api/press/${articleId}/view${query}`, {
          method: 'POST',
          headers: {
            origin: BASE,
            'sec-fetch-site': 'same-origin',
            'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 visitor-${visitor}`,
          },
        }),
        articleId,
        `198.51.${visitor >> 8}.${visitor & 255}`,
      );
    try {
      const id = 'press-sample-03';
      await viewSales.db.insertInto('press_view_counts').values({ article_id: id, site_id: SITE, views: 123, carried_over: 0 }).execute();
      const before = (await press.article(SITE, id))!.views;
      expect(before).toBe(123);
      // 1,000 visitors at once.
      const responses = await Promise.all(Array.from({ length: 1000 }, (_, visitor) => view(id, `?site=${SITE}`, visitor)));
      expect(responses.every((response) => response.status === 200)).toBe(true);
      const shown = await Promise.all(responses.map(async (response) => ((await response.json()) as { views: number }).views));
      // Each answer includes the caller's own view.
      expect(Math.min(...shown)).toBeGreaterThan(before);
      expect(Math.max(...shown)).toBe(before + 1000);

      const changedBefore = await changedRows(viewSales);
      expect(await storedViews(viewSales, id)).toEqual({ siteId: SITE, views: before });
      await counter.flush();
      expect((await changedRows(viewSales)) - changedBefore).toBe(1);
      expect(await storedViews(viewSales, id)).toEqual({ siteId: SITE, views: before + 1000 });
      expect((await press.article(SITE, id))!.views).toBe(before + 1000);

      // Unknown articles, other sites and bad input are never counted.
      expect((await view('no-such-article', `?site=${SITE}`, 1001)).status).toBe(404);
      expect((await view(id, '?site=other-site', 1002)).status).toBe(404);
      expect((await view(id, '', 1003)).status).toBe(400);
      await counter.flush();
      expect(await storedViews(viewSales, 'no-such-article')).toBeUndefined();
      expect(await storedViews(viewSales, id)).toEqual({ siteId: SITE, views: before + 1000 });
    } finally {
      await counter.stop();
      await Promise.all([local.close(), viewSales.close()]);
    }
  });

  it("an article's first view adds its row; the content dataset is not written, so its cached reads stay", async () => {
    const local = await openSeeded();
    const viewSales = await inMemorySalesDatabase();
    const counter = new ViewCounter(viewSales, { intervalMs: 60_000 });
    const press = new PressService(local, counter, 'order-index');
    try {
      await press.list(SITE);
      const hitsBefore = local.stats.queryCacheHits;
      const commitsBefore = local.stats.committedTransactions;
      expect(await press.recordView(SITE, 'press-sample-01')).toBe(true);
      await counter.stop();
      expect(await storedViews(viewSales, 'press-sample-01')).toEqual({ siteId: SITE, views: 1 });
      expect(local.stats.committedTransactions).toBe(commitsBefore);
      await press.list(SITE);
      expect(local.stats.queryCacheHits).toBeGreaterThan(hitsBefore);
    } finally {
      await Promise.all([local.close(), viewSales.close()]);
    }
  });

  it("reads an article's stored count once for many readers, and shows its own flushed views without reading again", async () => {
    const viewSales = await inMemorySalesDatabase();
    const counter = new ViewCounter(viewSales, { intervalMs: 60_000 });
    const reads = vi.spyOn(viewSales.db, 'selectFrom');
    try {
      await viewSales.db.insertInto('press_view_counts').values({ article_id: 'press-sample-01', site_id: SITE, views: 5 }).execute();
      for (let reader = 0; reader < 100; reader++) expect((await counter.counted(['press-sample-01'])).get('press-sample-01')).toBe(5);
      expect(reads).toHaveBeenCalledTimes(1);
      counter.record('press-sample-01', SITE);
      await counter.flush();
      expect((await counter.counted(['press-sample-01'])).get('press-sample-01')).toBe(6);
      expect(reads).toHaveBeenCalledTimes(1);
      expect(await storedViews(viewSales, 'press-sample-01')).toEqual({ siteId: SITE, views: 6 });
    } finally {
      await counter.stop();
      await viewSales.close();
    }
  });

  it('keeps views for the next flush while the table cannot be written, and writes them once it can', async () => {
    const viewSales = await inMemorySalesDatabase();
    const failures: string[] = [];
    const counter = new ViewCounter(viewSales, { intervalMs: 60_000, log: (message) => failures.push(message) });
    try {
      counter.record('press-sample-01', SITE);
      counter.record('press-sample-01', SITE);
      await sql`ALTER TABLE press_view_counts RENAME TO press_view_counts_away`.execute(viewSales.db);
      await counter.flush();
      expect(failures).toEqual(['press views: flush failed, will retry']);
      await sql`ALTER TABLE press_view_counts_away RENAME TO press_view_counts`.execute(viewSales.db);
      expect((await counter.counted(['press-sample-01'])).get('press-sample-01')).toBe(2);
      await counter.flush();
      expect(await storedViews(viewSales, 'press-sample-01')).toEqual({ siteId: SITE, views: 2 });
      expect((await counter.counted(['press-sample-01'])).get('press-sample-01')).toBe(2);
    } finally {
      await counter.stop();
      await viewSales.close();
    }
  });
});

describe("view count API (the Studio's 조회수)", () => {
  it("answers an article's views to any origin without credentials; 404 for an unknown or unpublished one, 400 for a bad site", async () => {
    const viewSales = await inMemorySalesDatabase();
    await viewSales.db.insertInto('press_view_counts').values({ article_id: 'press-sample-02', site_id: SITE, views: 42 }).execute();
    const press = new PressService(store, new ViewCounter(viewSales), 'order-index');
    const api = createPressApi(press);
    // As the Studio asks, from its own origin.
    const views = (id: string, query: string) =>
      api.views(new Request(`${BASE}/api/press/${id}/views${query}`, { headers: { origin: 'https://cheonghak.sanity.studio' } }), id);
    try {
      const answered = await views('press-sample-02', `?site=${SITE}`);
      expect(answered.status).toBe(200);
      expect(answered.headers.get('access-control-allow-origin')).toBe('*');
      expect(answered.headers.get('access-control-allow-credentials')).toBeNull();
      expect(await answered.json()).toEqual({ views: 42 });
      for (const [id, query, status, error] of [
        ['no-such-article', `?site=${SITE}`, 404, 'articleNotFound'],
        ['drafts.press-sample-02', `?site=${SITE}`, 404, 'articleNotFound'],
        ['press-sample-02', '?site=other-site', 404, 'articleNotFound'],
        ['press-sample-02', '?site=Bad%20Site', 400, 'invalidSite'],
      ] as const) {
        const refused = await views(id, query);
        expect(refused.status, `${id}${query}`).toBe(status);
        expect(refused.headers.get('access-control-allow-origin'), `${id}${query}`).toBe('*');
        expect(await refused.json()).toEqual({ error, message: expect.stringMatching(/[가-힣]/) });
      }
    } finally {
      await viewSales.close();
    }
  });
});

describe('JSON list API', () => {
  it('answers { items, nextCursor }; 400 for a bad cursor or site, 404 for another site', async () => {
    const press = new PressService(store, new ViewCounter(sales), 'order-index');
    const api = createPressApi(press);
    const list = (query: string) => api.list(new Request(`${BASE}/api/press${query}`));
    {
      const first = await list(`?site=${SITE}`);
      const page = (await first.json()) as { items: PressListItem[]; nextCursor: string };
      expect(page.items).toHaveLength(10);
      expect(Object.keys(page.items[0]).sort()).toEqual(['_id', 'date', 'no', 'title', 'views']);
      const second = (await (await list(`?site=${SITE}&cursor=${page.nextCursor}`)).json()) as { items: PressListItem[] };
      expect(second.items[0].no).toBe(page.items[9].no - 1);
      // Every error is { error: <machine code>, message: <Korean> }.
      const badCursor = await list(`?site=${SITE}&cursor=garbage`);
      expect(badCursor.status).toBe(400);
      expect(await badCursor.json()).toEqual({ error: 'invalidCursor', message: expect.stringMatching(/[가-힣]/) });
      const badSite = await list('?site=Bad%20Site');
      expect(badSite.status).toBe(400);
      expect(await badSite.json()).toEqual({ error: 'invalidSite', message: expect.stringMatching(/[가-힣]/) });
      const other = await list('?site=other-site');
      expect(other.status).toBe(404);
      expect(await other.json()).toEqual({ error: 'unknownSite', message: expect.stringMatching(/[가-힣]/) });
      // A repeated cursor or site is refused, not read as one of them.
      expect((await list(`?site=${SITE}&cursor=a&cursor=b`)).status).toBe(400);
      expect((await list(`?site=${SITE}&site=${SITE}`)).status).toBe(400);
    }
  });
});
