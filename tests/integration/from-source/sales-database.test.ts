/**
 * The sales tables' one migrations tree, on the embedded SQLite file (whichever engine this Node
 * runs: better-sqlite3 on Node 20, node:sqlite on Node 24 — CI runs this file on both) and on
 * PostgreSQL: an instance's start brings the tables up to date once, instances starting together
 * run each migration once, and the ad spend, page-view tallies and press view counts a previous
 * release kept as documents are in their tables after the upgrade, once, whatever the number of starts.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { NO_MIGRATIONS } from 'kysely/migration';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources } from '../../../web/server/content/index';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import { keepOldDocuments } from '../../../web/server/database/documents-move';
import type { ContentSource } from '../../../web/server/content/types';
import { migrateSalesTables, salesDatabaseOnPostgres, salesMigrator } from '../../../web/server/database/index';
import { AdSpendBook } from '../../../web/server/measurement/ad-spend';
import { pageViewTallies } from '../../../web/server/measurement/page-views';
import { ViewCounter } from '../../../web/server/press/view-counter';
import { migrate } from '../../../web/server/postgres/index';
import { openSqlite } from '../../../web/server/sqlite';
import { ContentLake, EDITOR_TOKEN } from '../../support/content-lake';
import { freshDatabaseUrl } from '../../support/postgres';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';

const ADMIN = { email: 'admin@example.com', name: '관리자', role: 'admin' as const, ip: '10.0.0.1' };
/** What a previous release stored: one `adSpend` document per campaign and month. */
const SPEND_DOCUMENTS = [
  { _id: 'adSpend-2026-11-a', _type: 'adSpend', campaign: 'autumn', month: '2026-11', amount: 1_200_000 },
  { _id: 'adSpend-2026-11-b', _type: 'adSpend', campaign: 'naver brand', month: '2026-11', amount: 900_000_000_000 },
  { _id: 'adSpend-2026-10-a', _type: 'adSpend', campaign: 'autumn', month: '2026-10', amount: 0 },
];
/** A day's page-view tally as a previous release stored it. */
const TALLY_DOCUMENT = {
  _id: 'pageViews-2026-11-02-abc',
  _type: 'pageViewDay',
  day: '2026-11-02',
  path: '/Brand/intro',
  referrerHost: 'search.naver.com',
  utmSource: 'naver',
  utmMedium: 'cpc',
  utmCampaign: 'autumn',
  device: 'mobile',
  views: 7,
  visits: 3,
  visitors: 2,
};
const { _id: _tallyId, _type: _tallyType, ...TALLY } = TALLY_DOCUMENT;
const MOVED = [
  { campaign: 'autumn', month: '2026-10', amount: 0 },
  { campaign: 'autumn', month: '2026-11', amount: 1_200_000 },
  { campaign: 'naver brand', month: '2026-11', amount: 900_000_000_000 },
];

let dataDir: string;
/** Whether this test's database held the previous release's documents. */
let movedTallies: boolean;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sales-database-'));
  movedTallies = false;
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

async function withDocuments(open: () => Promise<ContentSource>): Promise<void> {
  const store = await open();
  try {
    await store.mutate([...SPEND_DOCUMENTS, TALLY_DOCUMENT].map((document) => ({ create: document })));
    movedTallies = true;
  } finally {
    await store.close();
  }
}

/**
 * Starts as an instance does, reads the ad spend of October and November, stops; the page-view
 * tallies of November must be the one moved from its document, whatever the number of starts.
 */
async function startAndRead(env: Record<string, string>, change?: (book: AdSpendBook) => Promise<unknown>) {
  const sources = await createContentSources(loadConfig({ DATA_DIR: dataDir, ...env }));
  try {
    const book = new AdSpendBook({ sales: sources.sales, audit: new MemoryAuditTrail() });
    await change?.(book);
    if (movedTallies) expect(await pageViewTallies(sources.sales, { from: '2026-11-01', to: '2026-11-30' })).toEqual([TALLY]);
    return await book.ofMonths(['2026-10', '2026-11']);
  } finally {
    await closeContentSources(sources);
  }
}

describe('the sales tables in the embedded database', () => {
  it('are created at the first start beside the documents; the ad spend documents are in them once, and a later entry is kept', async () => {
    await withDocuments(() => openEmbeddedStore({ file: path.join(dataDir, 'leads.sqlite') }));
    expect(await startAndRead({})).toEqual(MOVED);
    expect(await startAndRead({}, (book) => book.set({ campaign: 'autumn', month: '2026-11', amount: '1,500,000' }, ADMIN))).toEqual([
      MOVED[0],
      { ...MOVED[1], amount: 1_500_000 },
      MOVED[2],
    ]);
    // A third start runs nothing again: the entry made after the move stands.
    expect((await startAndRead({})).find((entry) => entry.month === '2026-11' && entry.campaign === 'autumn')?.amount).toBe(1_500_000);
  });

  it('stores a bigint amount and reads it back as a number on this engine', async () => {
    const database = openSqlite(':memory:');
    expect(['node:sqlite', 'better-sqlite3']).toContain(database.engine);
    database.close();
    expect(await startAndRead({}, (book) => book.set({ campaign: 'big', month: '2026-11', amount: '1000000000000' }, ADMIN))).toEqual([
      { campaign: 'big', month: '2026-11', amount: 1_000_000_000_000 },
    ]);
  });
});

describe('the sales tables on PostgreSQL', () => {
  let url: string;
  beforeEach(async () => {
    url = await freshDatabaseUrl();
  });

  /** The database as the release before the sales tables left it: its documents, no sales table. */
  async function asThePreviousReleaseLeftIt(): Promise<void> {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      const { error } = await salesMigrator(salesDatabaseOnPostgres(pool)).migrateTo(NO_MIGRATIONS);
      expect(error).toBeUndefined();
      const tables = await pool.query(`SELECT to_regclass('ad_spend') AS table`);
      expect(tables.rows[0].table).toBeNull();
      await keepOldDocuments(salesDatabaseOnPostgres(pool), [...SPEND_DOCUMENTS, TALLY_DOCUMENT]);
      movedTallies = true;
    } finally {
      await pool.end();
    }
  }

  it('five instances starting at once run each migration once; the ad spend documents are in the table once', async () => {
    await asThePreviousReleaseLeftIt();
    const ran = await Promise.all(Array.from({ length: 5 }, () => migrate(url)));
    expect(ran.flat().filter((name) => name === '0001-ad-spend')).toHaveLength(1);
    expect(ran.flat().filter((name) => name === '0002-ad-spend-from-documents')).toHaveLength(1);
    expect(ran.flat().filter((name) => name === '0003-page-view-tallies')).toHaveLength(1);
    expect(await startAndRead({ DATABASE_URL: url })).toEqual(MOVED);
    expect(await startAndRead({ DATABASE_URL: url }, (book) => book.remove({ campaign: 'autumn', month: '2026-10' }, ADMIN))).toEqual(MOVED.slice(1));
    expect(await startAndRead({ DATABASE_URL: url })).toEqual(MOVED.slice(1));
  });

  it('a migration run twice runs nothing the second time', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    try {
      expect(await migrateSalesTables(salesDatabaseOnPostgres(pool))).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});

describe('press view counts an older release kept in the embedded content dataset', () => {
  const viewsDocument = (articleId: string, count: unknown) => ({
    _id: `pressViews-${articleId}`,
    _type: 'pressViews',
    article: { _type: 'reference', _ref: articleId, _weak: true },
    siteId: 'cheonghak',
    count,
  });

  /** content.sqlite as the release before left it: the seed, and the view counts in documents. */
  async function contentWithCounts(counts: Record<string, unknown>): Promise<void> {
    const content = await openEmbeddedStore({ file: path.join(dataDir, 'content.sqlite'), seedFile: path.resolve('content/production.ndjson') });
    try {
      await content.mutate(Object.entries(counts).map(([articleId, count]) => ({ createOrReplace: viewsDocument(articleId, count) })));
    } finally {
      await content.close();
    }
  }

  /** Starts as an instance does, optionally counts views, and reads the counts of the articles. */
  async function startAndCount(env: Record<string, string>, views: string[] = []): Promise<Record<string, number>> {
    const sources = await createContentSources(loadConfig({ DATA_DIR: dataDir, ...env }));
    try {
      const counter = new ViewCounter(sources.sales);
      for (const articleId of views) counter.record(articleId, 'cheonghak');
      await counter.stop();
      return Object.fromEntries(await counter.counted(['press-sample-01', 'press-sample-02', 'press-sample-03']));
    } finally {
      await closeContentSources(sources);
    }
  }

  it.each([
    ['in the embedded database', async () => ({})],
    ['on PostgreSQL', async () => ({ DATABASE_URL: await freshDatabaseUrl() })],
  ])('are carried %s at start, each once; a count the old document gained later adds only the difference', async (_where, environment) => {
    const env: Record<string, string> = await environment();
    // press-sample-03's document is not a count: it is left out, not carried as 0 or NaN.
    await contentWithCounts({ 'press-sample-01': 123, 'press-sample-02': 45, 'press-sample-03': -4 });
    expect(await startAndCount(env)).toEqual({ 'press-sample-01': 123, 'press-sample-02': 45, 'press-sample-03': 0 });
    expect(await startAndCount(env, ['press-sample-01', 'press-sample-03'])).toEqual({ 'press-sample-01': 124, 'press-sample-02': 45, 'press-sample-03': 1 });
    // An instance of the old release counted 7 more in its document during the upgrade.
    await contentWithCounts({ 'press-sample-01': 130 });
    expect(await startAndCount(env)).toEqual({ 'press-sample-01': 131, 'press-sample-02': 45, 'press-sample-03': 1 });
    expect(await startAndCount(env)).toEqual({ 'press-sample-01': 131, 'press-sample-02': 45, 'press-sample-03': 1 });
  });
});

describe('`npm run db:migrate` with the content in Sanity', () => {
  it('carries the press view counts of the Sanity dataset into PostgreSQL once, however often it runs', async () => {
    const url = await freshDatabaseUrl();
    const lake = new ContentLake();
    await lake.start({
      production: [
        {
          _id: 'pressViews-press-sample-01',
          _type: 'pressViews',
          article: { _type: 'reference', _ref: 'press-sample-01', _weak: true },
          siteId: 'cheonghak',
          count: 321,
        },
        {
          _id: 'pressViews-press-sample-02',
          _type: 'pressViews',
          article: { _type: 'reference', _ref: 'press-sample-02', _weak: true },
          siteId: 'cheonghak',
          count: 9,
        },
      ],
    });
    const pool = new pg.Pool({ connectionString: url, max: 1 });
    try {
      const env = { ...process.env, ...lake.childEnv, SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: EDITOR_TOKEN, DATABASE_URL: url, DATA_DIR: dataDir };
      const migrateOnce = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/db-migrate.ts'], { env });
      expect((await migrateOnce()).stdout).toContain('press view counts carried over: 2건');
      await migrateOnce();
      const { rows } = await pool.query<{ article_id: string; views: string }>('SELECT article_id, views FROM press_view_counts ORDER BY article_id');
      expect(rows).toEqual([
        { article_id: 'press-sample-01', views: '321' },
        { article_id: 'press-sample-02', views: '9' },
      ]);
    } finally {
      await pool.end();
      await lake.stop();
    }
  }, 90_000);
});
