/**
 * Every route of the spec's table, rendered in-process through React Router's request handler
 * (the app's own routes and loaders, compiled by Vite) against the embedded store seeded from
 * content/production.ndjson: status, redirect target, the Korean <title> and the one <h1> in the
 * server HTML (before any JavaScript), the canonical URL, and no two pages with the same title.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequestHandler, type AppLoadContext } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_IMAGE_CONFIG } from '../../../web/sanity/image';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import { loadConfig } from '../../../web/server/config';
import { eraseCustomerOfLead, withdrawMarketingOfLead } from '../../../web/server/console/customer-erasure';
import { createLeadConsole } from '../../../web/server/console/index';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { createLeadService, leadRequests } from '../../../web/server/leads/index';
import { PressService } from '../../../web/server/press/service';
import { ViewCounter } from '../../../web/server/press/view-counter';
import { todayWorkOf } from '../../../web/server/console/today-work';
import { leadNamesOf } from '../../../web/server/console/lead-names';
import { leadSearchAddress } from '../../../web/server/console/search-address';
import { createDiscovery } from '../../../web/server/discovery';
import { consoleDownloads } from '../../../web/server/app/downloads';
import { createPreview } from '../../../web/server/preview';
import { createContentWebhook } from '../../../web/server/content/webhook';
import { createPressApi } from '../../../web/server/press/api';
import { teamPerformanceOf } from '../../../web/server/console/team-performance';
import { campaignStatsOf } from '../../../web/server/measurement/stats';
import type { SalesDatabase } from '../../../web/server/database/index';
import { inMemorySalesDatabase } from '../../support/sales-database';
import { AdSpendBook } from '../../../web/server/measurement/ad-spend';
import { GroupMessages } from '../../../web/server/messages/group-messages';
import { closeStaffServices, startAuth } from '../../support/staff-harness';
import { TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';
import { serverBuildFromSources } from '../../support/source-modules';

const SITE = 'https://www.cheonghak-park.example';

/** Path → the h1 the page must carry; the <title> is the h1 followed by the brand. */
const PAGES: Array<[path: string, h1: string]> = [
  ['/Brand/intro', '브랜드 소개'],
  ['/Brand/video', '홍보영상'],
  ['/BusinessGuide/intro', '사업안내'],
  ['/BusinessGuide/plan', '분양일정'],
  ['/BusinessGuide/documents', '계약서류안내'],
  ['/SalesInfo/SubscriptionGuide', '분양 전 체크포인트'],
  ['/SalesInfo/guide', '청약안내'],
  ['/SalesInfo/announcement', '입주자모집공고'],
  ['/SalesInfo/stampTax', '인지세 납부안내'],
  ['/LocationEnvironment/intro', '입지안내'],
  ['/LocationEnvironment/primium', '프리미엄'],
  ['/ComplexGuide/intro', '단지배치도'],
  ['/ComplexGuide/detailintro', '동호수배치도'],
  ['/ComplexGuide/community', '커뮤니티'],
  ['/FloorPlan/59A', '전용 59㎡A 평면도'],
  ['/FloorPlan/59B', '전용 59㎡B 평면도'],
  ['/FloorPlan/84A', '84㎡A 평면도'],
  ['/FloorPlan/84B', '84㎡B 평면도'],
  ['/FloorPlan/114A', '84㎡C 평면도'],
  ['/FloorPlan/114B', '114㎡B 평면도'],
  ['/FloorPlan/videos', '평면 영상'],
  ['/FloorPlan/Emodel', 'E-모델하우스'],
  ['/Interior/59A', '전용 59㎡A 인테리어'],
  ['/Interior/84A', '84㎡A 인테리어'],
  ['/Interior/84B', '84㎡B 인테리어'],
  ['/privacy', '개인정보처리방침'],
];

/** The pages outside the informational table: home, the customer page and the press pages. */
const OTHER_PAGES: Array<[path: string, h1: string, title: string]> = [
  ['/', '역세권 위에 공원을 더한 일상, 청학 파크 에디션', '청학 파크 에디션 | 인천 연수구 청학동 아파트 분양'],
  ['/Promotion/Customer', '방문예약 등록', '방문예약 등록 | 청학 파크 에디션'],
  ['/cheonghak/press', '언론보도', '언론보도 | 청학 파크 에디션'],
  // An article's own title is its h1 and its <title> (the banner above it is not a heading).
  ['/cheonghak/press/press-sample-01', '청학 파크 에디션, 인천 연수구 청학동 재개발 사업 본격화', '청학 파크 에디션, 인천 연수구 청학동 재개발 사업 본격화'],
];

let store: EmbeddedStore;
let leadsStore: EmbeddedStore;
let sales: SalesDatabase;
let leadService: ReturnType<typeof createLeadService>;
let dataDir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  const build = await serverBuildFromSources();
  store = await openEmbeddedStore({ file: ':memory:', seedFile: path.resolve('content/production.ndjson') });
  leadsStore = await openEmbeddedStore({ file: ':memory:' });
  sales = await inMemorySalesDatabase();
  // Before any page renders: the lead service caches the slot list for a few seconds.
  await sales.db
    .insertInto('visit_slots')
    .values([
      { id: 'visitSlot-open', date: '2099-05-01', time: '11:00', capacity: 4, booked: 1, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'visitSlot-full', date: '2099-05-01', time: '14:00', capacity: 2, booked: 2, created_at: '2026-01-01T00:00:00.000Z' },
      { id: 'visitSlot-over', date: '2020-05-02', time: '11:00', capacity: 4, booked: 0, created_at: '2026-01-01T00:00:00.000Z' },
    ])
    .execute();
  // The load context the way web/server/app.ts builds it, on in-memory stores and a scratch directory.
  dataDir = mkdtempSync(path.join(tmpdir(), 'routes-test-'));
  const config = loadConfig({ ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir });
  leadService = createLeadService({ content: store, sales }, config);
  const { auth, staff, audit } = await startAuth({ dataDir, admin: config.admin, allowLocalAdmin: true });
  const leadConsole = createLeadConsole({ sales, content: store }, { audit: new MemoryAuditTrail(), staff: { list: async () => [] } });
  const leadSearch = leadSearchAddress(randomBytes(32));
  const campaignStats = campaignStatsOf({ sales });
  const teamPerformance = teamPerformanceOf({ sales, staff: { list: async () => [] }, callResults: async () => [] });
  const press = new PressService(store, new ViewCounter(sales), 'order-index');
  const context: AppLoadContext = {
    content: store,
    imageConfig: EMBEDDED_IMAGE_CONFIG,
    auth,
    staff,
    audit,
    clientIp: '127.0.0.1',
    leadForms: leadService,
    leadRequests: leadRequests(leadService),
    press,
    pressApi: createPressApi(press),
    leadConsole,
    campaignStats,
    teamPerformance,
    adSpend: new AdSpendBook({ sales, audit: new MemoryAuditTrail() }),
    leadMessages: { forCustomer: async () => [], customerQuota: async () => ({ sent: 0, cap: 300 }) },
    customerErasure: {
      ofLead: (request, actor) => eraseCustomerOfLead({ sales, messages: { forget: async () => 0 }, outbox: leadService }, request, actor),
      withdrawMarketing: (leadId, actor) => withdrawMarketingOfLead({ sales }, leadId, actor),
    },
    todayWork: todayWorkOf(sales),
    leadNames: leadNamesOf(sales),
    groupMessages: new GroupMessages({ sales, content: store, ...config.groupMessages }),
    leadSearch,
    discovery: createDiscovery({ content: store, routes: async () => build.routes }),
    downloads: consoleDownloads({ leadConsole, leadSearch, audit, campaignStats, teamPerformance }),
    contentWebhook: createContentWebhook({ secret: undefined, content: store }),
    preview: null,
    previewSwitch: createPreview({ auth }),
  };
  const handler = createRequestHandler(build, 'production');
  handle = (request) => handler(request, context);
}, 120_000);

afterAll(async () => {
  await closeStaffServices();
  await leadService?.close();
  await Promise.all([store?.close(), leadsStore?.close(), sales?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function get(pathname: string) {
  const response = await handle(new Request(new URL(pathname, 'http://localhost')));
  const html = response.headers.get('content-type')?.startsWith('text/html') ? await response.text() : '';
  return { response, html };
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const h1sOf = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map(([, inner]) => decode(inner.replace(/<[^>]+>/g, '').trim()));
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

describe('every informational route, rendered on the server', () => {
  const titles = new Map<string, string>();

  for (const [pathname, h1] of PAGES) {
    it(`${pathname}: 200, one h1 "${h1}", Korean title, canonical`, async () => {
      const { response, html } = await get(pathname);
      expect(response.status).toBe(200);
      expect(h1sOf(html)).toEqual([h1]);
      const title = titleOf(html);
      expect(title).toBe(`${h1} | 청학 파크 에디션`);
      expect(canonicalOf(html)).toBe(`${SITE}${pathname}`);
      expect(html).toContain('<meta name="robots" content="index, follow"/>');
      titles.set(pathname, title);
    });
  }

  for (const [pathname, h1, title] of OTHER_PAGES) {
    it(`${pathname}: 200, one h1 "${h1}", title "${title}", canonical`, async () => {
      const { response, html } = await get(pathname);
      expect(response.status).toBe(200);
      expect(h1sOf(html)).toEqual([h1]);
      expect(titleOf(html)).toBe(title);
      expect(canonicalOf(html)).toBe(`${SITE}${pathname}`);
      titles.set(pathname, title);
    });
  }

  it('no two pages share a title', () => {
    expect(titles.size).toBe(PAGES.length + OTHER_PAGES.length);
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  it('/SalesInfo/StampTax is the same page, with the lower-case spelling as its canonical URL', async () => {
    const { response, html } = await get('/SalesInfo/StampTax');
    expect(response.status).toBe(200);
    expect(h1sOf(html)).toEqual(['인지세 납부안내']);
    expect(canonicalOf(html)).toBe(`${SITE}/SalesInfo/stampTax`);
  });

  it('the customer form lists upcoming visit slots; a full one is marked 마감 and cannot be chosen, a past one is not listed', async () => {
    const { html } = await get('/Promotion/Customer');
    const options = [...html.matchAll(/<option value="(visitSlot-[^"]+)"( disabled="")?>([\s\S]*?)<\/option>/g)].map(([, id, disabled, label]) => ({
      id,
      disabled: !!disabled,
      label: decode(label.replaceAll('<!-- -->', '')),
    }));
    expect(options).toEqual([
      { id: 'visitSlot-open', disabled: false, label: '5월 1일 (금) 11:00 · 잔여 3명' },
      { id: 'visitSlot-full', disabled: true, label: '5월 1일 (금) 14:00 · 마감' },
    ]);
  });

  it('/cheonghak/customer is the customer page, with /Promotion/Customer as its canonical URL', async () => {
    const { response, html } = await get('/cheonghak/customer');
    expect(response.status).toBe(200);
    expect(h1sOf(html)).toEqual(['방문예약 등록']);
    expect(canonicalOf(html)).toBe(`${SITE}/Promotion/Customer`);
    expect(html).toContain('24시간 상담 가능');
    expect((await get('/othersite/customer')).response.status).toBe(404);
  });

  it('/LocationEnvironment/premium moves for good (301) to the primium spelling', async () => {
    const { response } = await get('/LocationEnvironment/premium');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/LocationEnvironment/primium');
  });

  it('/Promotion/Press redirects (302, replacing history) to the press list of the configured site', async () => {
    const { response } = await get('/Promotion/Press');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/cheonghak/press');
  });

  // 40 is a home-viewer type with no pages of its own; 59B, 114A and 114B have a plan page but no interior one.
  it.each(['/FloorPlan/99Z', '/FloorPlan/40', '/Interior/abc', '/Interior/40', '/Interior/59B', '/Interior/114B', '/Brand/nope', '/no/such/page'])(
    '%s answers 404 "Not Found" without a canonical',
    async (pathname) => {
      const { response, html } = await get(pathname);
      expect(response.status).toBe(404);
      expect(h1sOf(html)).toEqual(['Not Found']);
      expect(canonicalOf(html)).toBeUndefined();
    },
  );

  it('plans and interiors show the image, or the coming-soon dots, with the model-home note', async () => {
    const withPlan = (await get('/FloorPlan/59A')).html;
    expect(withPlan).toMatch(/<figure class="page-figure page-figure--plan"><div class="reveal"><img[^>]+alt="전용 59㎡A 평면/);
    expect(withPlan).toContain('상기 이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.');
    for (const pathname of ['/FloorPlan/59A', '/Interior/84B']) {
      expect((await get(pathname)).html).toContain('본 모델하우스에 연출된 사진은 전시품 및 유상옵션 품목이 포함되어');
    }
    // An editor removes 114B's plan: the very next request shows the coming-soon placeholder.
    expect((await get('/FloorPlan/114B')).html).not.toContain('class="loading-dots"');
    const { plan } = ((await store.fetch('*[_id == "unitType-114B"][0]{ plan }')) as { plan: object })!;
    await store.mutate([{ patch: { id: 'unitType-114B', unset: ['plan'] } }]);
    try {
      const placeholder = (await get('/FloorPlan/114B')).html;
      expect(placeholder).toMatch(/class="loading-dots"[\s\S]*평면도 준비 중입니다/);
      expect(placeholder.match(/class="loading-dots__dot"/g)).toHaveLength(3);
      expect(placeholder).toContain('본 모델하우스에 연출된 사진은 전시품 및 유상옵션 품목이 포함되어');
    } finally {
      await store.mutate([{ patch: { id: 'unitType-114B', set: { plan } } }]);
    }
  });

  it('no YouTube or VR frame or script in the server HTML: only click-to-load facades', async () => {
    for (const pathname of ['/FloorPlan/videos', '/FloorPlan/Emodel', '/Brand/video']) {
      const { html } = await get(pathname);
      expect(html).not.toMatch(/<iframe/);
      expect(html).not.toMatch(/<script[^>]+src="https?:/);
    }
    const videos = (await get('/FloorPlan/videos')).html;
    expect(videos).toMatch(/role="tab"[^>]*aria-selected="true"[^>]*>입지 안내</);
    expect(videos).toContain('class="media-facade"');
    expect((await get('/FloorPlan/Emodel')).html).toContain('화면을 선택하면 VR을 보실 수 있습니다.');
  });

  it('the plan is a schedule table, the location map has its address and directions as text', async () => {
    const plan = (await get('/BusinessGuide/plan')).html;
    expect(plan).toMatch(/<th scope="col">구분<\/th>/);
    expect(plan).toContain('2028년 4월 (예정)');
    const location = (await get('/LocationEnvironment/intro')).html;
    expect(location.match(/class="location-card"/g)).toHaveLength(6);
    expect(location).toContain('주소: 인천광역시 연수구 청학동 일원');
  });

  it('social and search metadata: Open Graph 1200×630, Twitter card, ApartmentComplex JSON-LD, Naver verification', async () => {
    const { html: before } = await get('/BusinessGuide/intro');
    expect(before).not.toContain('naver-site-verification');
    await store.mutate([{ patch: { id: 'siteSettings', set: { naverSiteVerification: 'naver-code-0123' } } }]);
    try {
      const { html } = await get('/BusinessGuide/intro');
      expect(html).toContain('<meta name="naver-site-verification" content="naver-code-0123"/>');
      const meta = (key: string) => decode(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1] ?? '');
      expect(meta('og:type')).toBe('website');
      expect(meta('og:locale')).toBe('ko_KR');
      expect(meta('og:site_name')).toBe('청학 파크 에디션');
      expect(meta('og:title')).toBe('사업안내 | 청학 파크 에디션');
      expect(meta('og:url')).toBe(`${SITE}/BusinessGuide/intro`);
      expect(meta('og:description').length).toBeGreaterThan(10);
      const image = new URL(meta('og:image'));
      expect(image.origin).toBe(SITE);
      expect(image.pathname).toMatch(/^\/images\//);
      expect([meta('og:image:width'), meta('og:image:height')]).toEqual(['1200', '630']);
      expect(meta('twitter:card')).toBe('summary_large_image');
      expect(meta('twitter:image')).toBe(meta('og:image'));
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json));
      expect(jsonLd).toContainEqual(
        expect.objectContaining({
          '@type': 'ApartmentComplex',
          name: '청학 파크 에디션',
          address: expect.objectContaining({
            '@type': 'PostalAddress',
            streetAddress: expect.stringContaining('인천광역시 연수구 청학동'),
            addressCountry: 'KR',
          }),
          numberOfAccommodationUnits: 652,
        }),
      );
    } finally {
      await store.mutate([{ patch: { id: 'siteSettings', set: { naverSiteVerification: '' } } }]);
    }
  });

  it('the brand page lets its banner text arrive later (500 ms); other pages do not', async () => {
    expect((await get('/Brand/intro')).html).toContain('class="page-banner page-banner--delay-text"');
    expect((await get('/BusinessGuide/intro')).html).toContain('<header class="page-banner">');
  });

  it('an edit in the store shows on the next request', async () => {
    await store.mutate([{ patch: { id: 'page-privacy', set: { title: '개인정보 처리방침 (개정)' } } }]);
    expect(h1sOf((await get('/privacy')).html)).toEqual(['개인정보 처리방침 (개정)']);
  });
});
