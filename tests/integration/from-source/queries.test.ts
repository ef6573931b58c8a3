/**
 * Every query in web/sanity/queries.ts runs against the embedded store seeded from the real
 * seed dataset and returns the shape the pages rely on. Both content backends run these same
 * queries, so this also covers what production sends to Sanity.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import * as queries from '../../../web/sanity/queries';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import type { QueryParams } from '../../../web/server/content/types';

type QueryCase = { params?: QueryParams; check: (result: unknown) => void };

const isImage = (value: unknown) => expect(value).toMatchObject({ asset: { _ref: expect.stringMatching(/^image-[0-9a-f]+-\d+x\d+-\w+$/) } });

const heroAssetParams: QueryParams = {};

const cases: Record<keyof typeof queries, QueryCase> = {
  // The seed switches no ad platform's tag on.
  tagSettingsQuery: { check: (settings) => expect(settings).toEqual({ tags: null }) },
  siteSettingsQuery: {
    check: (settings) => {
      expect(settings).toMatchObject({
        brandName: '청학 파크 에디션',
        builder: '청학건설(주)',
        phone: '1600-0000',
        facts: { totalHouseholds: 652, generalSaleHouseholds: 208, buildings: 8, floorsBelow: 2, floorsAbove: 29 },
      });
      const menu = (settings as { menu: Array<{ title: string; items: Array<{ label: string; href: string }> }> }).menu;
      expect(menu.map((group) => group.title)).toContain('사업개요');
      expect(menu.flatMap((group) => group.items.map((item) => item.href))).toContain('/BusinessGuide/intro');
      isImage((settings as { ogImage: unknown }).ogImage);
    },
  },
  homePageQuery: {
    check: (home) => {
      expect(home).toMatchObject({
        hero: { title: expect.any(String), ctaLabel: expect.any(String) },
        unitPlan: { title: '세대안내', typeGuide: { title: '타입 안내' }, eModel: { title: 'E-모델하우스' } },
        mobileOverview: { businessTitle: '사업개요', locationTitle: '입지', premiumTitle: '프리미엄' },
        interestForm: { title: expect.any(String) },
      });
      isImage((home as { hero: { image: unknown } }).hero.image);
      const complex = (home as { complex: { items: Array<{ title: string }> } }).complex;
      expect(complex.items.map((item) => item.title)).toEqual(['단지배치도', '단지특화설계', '커뮤니티']);
    },
  },
  premiumCardsQuery: {
    check: (cards) => {
      const list = cards as Array<{ label: string; title: string; text1: string; text2: string; link: string; linkText: string }>;
      expect(list.map((card) => card.label)).toEqual(['PREMIUM 01', 'PREMIUM 02', 'PREMIUM 03', 'PREMIUM 04']);
      for (const card of list) {
        expect(card).toMatchObject({ title: expect.any(String), text1: expect.any(String), text2: expect.any(String), linkText: expect.any(String) });
        isImage((card as { image?: unknown }).image);
      }
      expect(new Set(list.map((card) => card.link))).toEqual(new Set(['/BusinessGuide/intro', '/LocationEnvironment/intro', '/LocationEnvironment/primium']));
    },
  },
  premiumSlidesQuery: {
    check: (slides) => {
      const list = slides as Array<{ title: string; image: unknown }>;
      expect(list).toHaveLength(6);
      for (const slide of list) {
        expect(slide.title).toEqual(expect.any(String));
        isImage(slide.image);
      }
    },
  },
  viewerUnitTypesQuery: {
    check: (unitTypes) => {
      const list = unitTypes as Array<{ code: string; plan: unknown }>;
      expect(list.map((unitType) => unitType.code)).toEqual(['40', '59A', '59B']);
      for (const unitType of list) isImage(unitType.plan);
    },
  },
  pageByPathQuery: {
    // Paths match without regard to case: the router answers /SalesInfo/StampTax too.
    params: { path: '/SalesInfo/StampTax' },
    check: (page) => {
      expect(page).toMatchObject({ path: '/SalesInfo/stampTax', title: '인지세 납부안내' });
      const table = (page as { sections: Array<{ table: { columns: string[]; rows: Array<{ cells: string[] }> } | null }> }).sections.find(
        (section) => section.table,
      )?.table;
      expect(table?.columns).toHaveLength(2);
      expect(table?.rows.length).toBeGreaterThan(0);
    },
  },
  unitTypeByCodeQuery: {
    params: { code: '114A', page: 'floorPlan' },
    check: (unit) => expect(unit).toMatchObject({ code: '114A', label: '84㎡C' }),
  },
  firstUnitTypeCodeQuery: {
    params: { page: 'interior' },
    check: (code) => expect(code).toBe('59A'),
  },
  vrTourUnitTypesQuery: {
    check: (units) => {
      expect((units as Array<{ code: string }>).map((unit) => unit.code)).toEqual(['59A']);
      expect((units as Array<{ vrTourUrl: string }>)[0].vrTourUrl).toMatch(/^https:\/\//);
    },
  },
  videoTabsQuery: {
    check: (tabs) => expect((tabs as Array<{ title: string }>).map((tab) => tab.title)).toEqual(['입지 안내', '59타입 안내', '84타입 안내']),
  },
  locationCardsQuery: {
    check: (cards) => {
      expect(cards).toHaveLength(6);
      expect((cards as Array<{ title: string }>)[0].title).toBe('정비사업');
    },
  },
  pressSiteSlugQuery: {
    check: (slug) => expect(slug).toBe('cheonghak'),
  },
  overviewRowsQuery: {
    check: (rows) => {
      const labels = (rows as Array<{ label: string; value: string }>).map((row) => row.label);
      expect(labels).toEqual(['사업명', '위치', '규모', '세대수']);
      expect((rows as Array<{ value: string }>)[3].value).toContain('652');
    },
  },
  sitemapQuery: {
    params: { siteId: 'cheonghak' },
    check: (result) => {
      const { pages, pressArticles } = result as { pages: Array<{ path: string }>; pressArticles: unknown[] };
      expect(pages.map((page) => page.path)).toContain('/BusinessGuide/intro');
      expect(Array.isArray(pressArticles)).toBe(true);
    },
  },
  pressListQuery: {
    params: { siteId: 'cheonghak', cursorDate: null, cursorId: null },
    check: (items) => {
      const rows = items as Array<{ _id: string; title: string; date: string }>;
      // One row more than a page: it tells the service a next page exists.
      expect(rows).toHaveLength(11);
      expect(rows[0]).toEqual({ _id: expect.any(String), title: expect.stringMatching(/[가-힣]/), date: expect.any(String) });
      const order = rows.map((row) => [row.date, row._id].join(' '));
      expect(order).toEqual([...order].sort().reverse());
    },
  },
  leadSettingsQuery: {
    check: (settings) => expect(settings).toMatchObject({ consentVersion: expect.any(String), retentionDays: expect.any(Number) }),
  },
  // The fixture's settings leave the list to the console's default.
  callResultsQuery: { check: (results) => expect(results).toEqual([]) },
  consoleUnitTypesQuery: {
    check: (types) =>
      expect(types).toEqual(
        expect.arrayContaining([
          { code: '59A', label: '전용 59㎡A' },
          { code: '84A', label: '84㎡A' },
        ]),
      ),
  },
  // The seed's 유입 경로 list for the desk, as marketing would keep it in the Studio.
  deskSourcesQuery: { check: (sources) => expect(sources).toEqual(['현수막', '지인 소개', '전단', '인터넷', '기타']) },
  messageTemplatesQuery: { check: (settings) => expect(settings).toEqual({ templates: null, phone: expect.any(String) }) },
  groupMessageTemplatesQuery: { check: (templates) => expect(templates).toEqual(expect.any(Array)) },
  // The seed leaves every way of sharing leads off.
  leadAssignmentSettingsQuery: { check: (settings) => expect(settings).toEqual({ salesSeeAllLeads: false, salesTakeColleagueLeads: false }) },
  pressCountQuery: {
    params: { siteId: 'cheonghak' },
    check: (count) => expect(count).toBeGreaterThanOrEqual(25),
  },
  pressOrderQuery: {
    params: { siteId: 'cheonghak' },
    check: (entries) => {
      const list = entries as Array<{ _id: string; date: string }>;
      expect(list.length).toBeGreaterThanOrEqual(25);
      expect(new Set(list.map((entry) => entry.date)).size).toBeLessThan(list.length);
    },
  },
  pressRowsByIdQuery: {
    params: { ids: ['press-sample-01', 'press-sample-02', 'no-such-article'] },
    check: (rows) => expect((rows as Array<{ _id: string }>).map((row) => row._id).sort()).toEqual(['press-sample-01', 'press-sample-02']),
  },
  pressArticleQuery: {
    params: { siteId: 'cheonghak', id: 'press-sample-01' },
    check: (article) =>
      expect(article).toMatchObject({
        _id: 'press-sample-01',
        title: expect.stringMatching(/[가-힣]/),
        summary: expect.any(String),
        body: expect.arrayContaining([expect.objectContaining({ _type: 'block' })]),
      }),
  },
  legacyPressViewsQuery: {
    params: {},
    // The seed has none (counts are rows of the sales database): the query is carried over in sales-database.test.ts.
    check: (views) => expect(views).toEqual([]),
  },
  pressSitemapQuery: {
    params: { siteId: 'cheonghak' },
    check: (entries) => expect((entries as unknown[]).length).toBeGreaterThanOrEqual(25),
  },
  readinessProbeQuery: {
    check: (count) => expect(count).toBe(0),
  },
  // The webhook waits for the delivered revision: every stored document has one.
  documentRevisionQuery: { params: { id: 'siteSettings' }, check: (revision) => expect(revision).toEqual(expect.stringMatching(/^\S+$/)) },
  imageAssetPathQuery: {
    // The seeded asset ids hash the image files: the hero's is looked up before the tests run.
    params: heroAssetParams,
    check: (asset) => expect(asset).toEqual({ path: expect.stringMatching(/^content\/.+\.\w+$/) }),
  },
};

let store: EmbeddedStore;

beforeAll(async () => {
  store = await openEmbeddedStore({ file: ':memory:', seedFile: path.resolve('content/production.ndjson') });
  heroAssetParams.id = await store.fetch('*[_id == "homePage"][0].hero.image.asset._ref');
});

afterAll(async () => {
  await store.close();
});

describe('queries.ts against the seeded embedded store', () => {
  it('has a case for every exported query', () => {
    expect(Object.keys(cases).sort()).toEqual(Object.keys(queries).sort());
  });

  for (const [name, query] of Object.entries(queries)) {
    it(`${name} returns the expected shape`, async () => {
      const testCase = cases[name as keyof typeof queries];
      const result = await store.fetch(query, testCase.params);
      expect(result).not.toBeNull();
      testCase.check(result);
    });
  }

  it("another site's article reads as missing", async () => {
    expect(await store.fetch(queries.pressArticleQuery, { siteId: 'other-site', id: 'press-sample-01' })).toBeNull();
  });

  it('a missing page is null, not an error', async () => {
    expect(await store.fetch(queries.pageByPathQuery, { path: '/does-not-exist' })).toBeNull();
  });

  it('an edit shows on the next query (cache keyed by revision)', async () => {
    const before = await store.fetch(queries.siteSettingsQuery);
    await store.mutate([{ patch: { id: 'siteSettings', set: { phone: '1600-1234' } } }]);
    const after = await store.fetch(queries.siteSettingsQuery);
    expect(before?.phone).toBe('1600-0000');
    expect(after?.phone).toBe('1600-1234');
  });
});
