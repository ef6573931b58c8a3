/**
 * Every route of the spec's table, rendered in-process through React Router's request handler
 * (the app's own routes and loaders, compiled by Vite) against the embedded store seeded from
 * content/production.ndjson: status, redirect target, the Korean <title> and the one <h1> in the
 * server HTML (before any JavaScript), the canonical URL, and no two pages with the same title.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_IMAGE_CONFIG } from '../../web/sanity/image';
import { startAdminAuth } from '../../web/server/auth/index';
import { openEmbeddedStore, type EmbeddedStore } from '../../web/server/content/embedded';
import { createLeadServiceFromEnv } from '../../web/server/leads/index';
import { PressService } from '../../web/server/press/service';
import { ViewCounter } from '../../web/server/press/view-counter';

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

let vite: ViteDevServer;
let store: EmbeddedStore;
let leadsStore: EmbeddedStore;
let leadService: ReturnType<typeof createLeadServiceFromEnv>;
let dataDir: string;
let handle: (request: Request) => Promise<Response>;

beforeAll(async () => {
  vite = await createServer({ logLevel: 'error', server: { middlewareMode: true, hmr: false }, appType: 'custom' });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  store = await openEmbeddedStore({ file: ':memory:', seedFile: path.resolve('content/production.ndjson') });
  leadsStore = await openEmbeddedStore({ file: ':memory:' });
  // The load context the way web/server/app.ts builds it, on in-memory stores and a scratch directory.
  dataDir = mkdtempSync(path.join(tmpdir(), 'routes-test-'));
  leadService = createLeadServiceFromEnv({ content: store, leads: leadsStore }, { DATA_DIR: dataDir });
  const context: AppLoadContext = {
    content: store,
    leads: leadsStore,
    imageConfig: EMBEDDED_IMAGE_CONFIG,
    auth: await startAdminAuth({ dataDir, allowLocalAdmin: true }),
    clientIp: '127.0.0.1',
    leadForms: leadService,
    press: new PressService(store, new ViewCounter(store), 'order-index'),
  };
  const handler = createRequestHandler(build, 'production');
  handle = (request) => handler(request, context);
}, 120_000);

afterAll(async () => {
  await leadService?.close();
  await Promise.all([store?.close(), leadsStore?.close(), vite?.close()]);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function get(pathname: string) {
  const response = await handle(new Request(new URL(pathname, 'http://localhost')));
  const html = response.headers.get('content-type')?.startsWith('text/html') ? await response.text() : '';
  return { response, html };
}

const decode = (text: string) => text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#x27;/g, "'");
const titleOf = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
const h1sOf = (html: string) =>
  [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map(([, inner]) => decode(inner.replace(/<[^>]+>/g, '').trim()));
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

  it('no two pages share a title', () => {
    expect(titles.size).toBe(PAGES.length);
    expect(new Set(titles.values()).size).toBe(titles.size);
  });

  it('/SalesInfo/StampTax is the same page, with the lower-case spelling as its canonical URL', async () => {
    const { response, html } = await get('/SalesInfo/StampTax');
    expect(response.status).toBe(200);
    expect(h1sOf(html)).toEqual(['인지세 납부안내']);
    expect(canonicalOf(html)).toBe(`${SITE}/SalesInfo/stampTax`);
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

  it.each(['/FloorPlan/99Z', '/Interior/abc', '/Brand/nope', '/no/such/page'])('%s answers 404 "Not Found" without a canonical', async (pathname) => {
    const { response, html } = await get(pathname);
    expect(response.status).toBe(404);
    expect(h1sOf(html)).toEqual(['Not Found']);
    expect(canonicalOf(html)).toBeUndefined();
  });

  it('plans and interiors show the image, or the coming-soon dots, with the model-home note', async () => {
    const withPlan = (await get('/FloorPlan/59A')).html;
    expect(withPlan).toMatch(/<figure class="page-figure page-figure--plan"><div class="reveal"><img[^>]+alt="전용 59㎡A 평면/);
    expect(withPlan).toContain('상기 이미지는 소비자의 이해를 돕기 위한 것으로 실제와 다를 수 있습니다.');
    for (const pathname of ['/FloorPlan/59A', '/Interior/84B']) {
      expect((await get(pathname)).html).toContain('본 모델하우스에 연출된 사진은 전시품 및 유상옵션 품목이 포함되어');
    }
    const unit = await store.fetch<{ plan: unknown } | null>('*[_type == "unitType" && code == "114B"][0]{ plan }');
    if (!unit?.plan) expect((await get('/FloorPlan/114B')).html).toMatch(/class="loading-dots"[\s\S]*평면도 준비 중입니다/);
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
    expect((await get('/FloorPlan/Emodel')).html).toContain('화면을 클릭하시면 VR을 보실 수 있습니다.');
  });

  it('the plan is a schedule table, the location map has its address and directions as text', async () => {
    const plan = (await get('/BusinessGuide/plan')).html;
    expect(plan).toMatch(/<th scope="col">구분<\/th>/);
    expect(plan).toContain('2028년 4월 (예정)');
    const location = (await get('/LocationEnvironment/intro')).html;
    expect(location.match(/class="location-card"/g)).toHaveLength(6);
    expect(location).toContain('주소: 인천광역시 연수구 청학동 일원');
  });

  it('an edit in the store shows on the next request', async () => {
    await store.mutate([{ patch: { id: 'page-privacy', set: { title: '개인정보 처리방침 (개정)' } } }]);
    expect(h1sOf((await get('/privacy')).html)).toEqual(['개인정보 처리방침 (개정)']);
  });
});
