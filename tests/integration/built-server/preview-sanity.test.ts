/**
 * Preview with Sanity, against the built server and a stand-in for Sanity's API: the Studio's
 * Presentation tool enters preview through /api/preview/enable with the secret it stored in the
 * content dataset, checked the way @sanity/preview-url-secret checks it (a forged, missing or
 * expired secret gets 401); in preview the site queries with the drafts perspective and the
 * viewer token, and the Studio may frame the page; visitors' queries never use either.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../../web/server/content/seed';
import type { SanityDocument } from '../../../web/server/content/types';
import { cookiesOf, getWithCookie, postFormWithCookie, type RawResponse } from '../../support/http';
import { type RunningServer, startServer } from '../../support/built-server';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN } from '../../support/content-lake';
import { hashTestPassword } from '../../support/passwords';

const SECRET = 'studio-preview-secret-0123456789';
const STUDIO = 'https://studio.example';
const DRAFT_PHONE = '1588-7777';
/** The phone number in the content release `rSpring` (a version of the settings document). */
const RELEASE_PHONE = '1588-3333';
const BANNER = '미리보기 모드 — 게시되지 않은 변경 내용이 보입니다';
const HANGUL = /[가-힣]/;
const ADMIN_EMAIL = 'press@example.kr';
const ADMIN_PASSWORD = 'preview-press-password';
/** The invisible characters stega encoding adds to strings (@vercel/stega's alphabet). */
const STEGA = /[\u200B-\u200D\u2060-\u2064\uFEFF]|\uD834[\uDD73-\uDD7A]/u;

let sanity: ContentLake;
let server: RunningServer;

beforeAll(async () => {
  sanity = new ContentLake();
  const content = await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() });
  const settings = content.find((document) => document._id === 'siteSettings') as SanityDocument;
  await sanity.start({
    production: [
      ...content,
      { ...settings, _id: 'drafts.siteSettings', phone: DRAFT_PHONE },
      { ...settings, _id: 'versions.rSpring.siteSettings', phone: RELEASE_PHONE },
      // What the Studio stores when it opens the Presentation tool.
      { _id: 'sanity-preview-url-secret.test', _type: 'sanity.previewUrlSecret', secret: SECRET, studioUrl: STUDIO },
    ],
  });
  // As production runs it: Sanity's own host names (reaching the stand-in below the client), the CDN on.
  server = await startServer({
    env: {
      ...sanity.childEnv,
      SANITY_PROJECT_ID: sanity.projectId,
      SANITY_API_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
      STUDIO_URL: STUDIO,
      ADMIN_EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(ADMIN_PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-preview-sanity-test-01',
    },
  });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sanity?.stop();
});

beforeEach(() => {
  sanity.clockAheadMs = 0;
});

const html = (response: RawResponse) => response.body.toString('utf8');
const enable = (query: string) => getWithCookie(server.url, `/api/preview/enable?${query}`, '');

async function enterPreview(pathname = '/'): Promise<string> {
  const entered = await enable(`sanity-preview-secret=${SECRET}&sanity-preview-pathname=${encodeURIComponent(pathname)}`);
  expect(entered.status).toBe(307);
  return cookiesOf(entered);
}

const linksOf = (page: string) => [...page.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => match[1]);

/**
 * What a page answers that must not depend on preview: status, redirect, canonical URL and links
 * (but the way out of preview, and phone links: the draft settings change the phone number).
 */
function answerOf(response: RawResponse) {
  const page = html(response);
  return {
    status: response.status,
    location: response.headers.location ?? null,
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(page)?.[1] ?? null,
    links: linksOf(page)
      .filter((href) => !href.startsWith('tel:') && !href.startsWith('/api/preview/'))
      .sort(),
  };
}

/** Same-origin pages reachable from `/` (at most three children per parent path). */
async function crawl(limit = 60): Promise<string[]> {
  const seen = new Set(['/', '/Promotion/Press']);
  const queue = ['/', '/Promotion/Press'];
  const childrenOf = new Map<string, number>();
  const pages: string[] = [];
  while (queue.length > 0 && pages.length < limit) {
    const path = queue.shift()!;
    pages.push(path);
    const response = await getWithCookie(server.url, path, '');
    for (const href of linksOf(html(response))) {
      if (!href.startsWith('/') || href.startsWith('//') || seen.has(href) || /^\/(assets|images|api|admin)\b|\.[a-z0-9]{2,4}$|[?#]/i.test(href)) continue;
      seen.add(href);
      const parent = href.replace(/\/[^/]*$/, '') || '/';
      if (parent !== '/' && (childrenOf.get(parent) ?? 0) >= 3) continue;
      childrenOf.set(parent, (childrenOf.get(parent) ?? 0) + 1);
      queue.push(href);
    }
  }
  return pages;
}

describe('preview with Sanity', () => {
  it('refuses a forged, missing or expired secret with 401 and sets no cookie', async () => {
    const pathname = 'sanity-preview-pathname=%2FFloorPlan%2F59A';
    const forged = await enable(`sanity-preview-secret=not-the-secret&${pathname}`);
    const missing = await enable(pathname);
    sanity.clockAheadMs = 2 * 3600_000;
    const expired = await enable(`sanity-preview-secret=${SECRET}&${pathname}`);
    for (const [name, response] of [
      ['forged', forged],
      ['missing', missing],
      ['expired', expired],
    ] as const) {
      expect(response.status, name).toBe(401);
      expect(JSON.parse(html(response)), name).toMatchObject({ error: 'invalidPreviewSecret', message: expect.stringMatching(HANGUL) });
      expect(response.headers['set-cookie'], name).toBeUndefined();
    }
  });

  it('enters preview with the Studio secret: drafts through the viewer token, framed by the Studio only, never cached; visitors unaffected', async () => {
    const entered = await enable(`sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2FFloorPlan%2F59A`);
    expect(entered.status).toBe(307);
    expect(entered.headers.location).toBe('/FloorPlan/59A');
    // Framed by the Studio (another site): SameSite=None, so the frame sends it.
    // Partitioned: Chromium keeps a cookie set in a cross-site frame only in the Studio's partition.
    expect([entered.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(
      /^__Host-preview=[^;]+; Path=\/; HttpOnly; SameSite=None; Max-Age=3600; Secure; Partitioned$/m,
    );
    const cookie = cookiesOf(entered);

    const queries = () => sanity.requests.filter(({ endpoint }) => endpoint === 'query');
    const queriesBefore = queries().length;
    const page = await getWithCookie(server.url, '/FloorPlan/59A', cookie);
    expect(page.status).toBe(200);
    expect(html(page)).toContain(DRAFT_PHONE);
    expect(html(page)).toContain(BANNER);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    // Every ancestor must be allowed: the Studio, and Sanity's Dashboard when the Studio runs inside it.
    expect(page.headers['content-security-policy']).toMatch(new RegExp(`(^|; )frame-ancestors 'self' ${STUDIO} https://www\\.sanity\\.io(;|$)`));
    // The overlay's styled-components inserts <style> elements: allowed in preview only (a hash
    // source would switch 'unsafe-inline' off, so the page's style hashes are left out there).
    expect(page.headers['content-security-policy']).toMatch(/(^|; )style-src 'self' 'unsafe-inline'(;|$)/);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const previewQueries = queries()
      .slice(queriesBefore)
      .filter(({ perspective }) => perspective === 'drafts');
    expect(previewQueries.length).toBeGreaterThan(0);
    for (const { authorization, cdn } of previewQueries) {
      expect(authorization).toBe(`Bearer ${VIEWER_TOKEN}`);
      expect(cdn).toBe(false);
    }

    const visitorQueriesFrom = queries().length;
    const visitor = await getWithCookie(server.url, '/FloorPlan/84A', '');
    expect(html(visitor)).not.toContain(DRAFT_PHONE);
    expect(html(visitor)).not.toContain(BANNER);
    expect(visitor.headers['x-frame-options']).toBe('DENY');
    expect(visitor.headers['content-security-policy']).not.toContain('unsafe-inline');
    for (const { perspective, authorization } of queries().slice(visitorQueriesFrom)) {
      expect(perspective).not.toBe('drafts');
      expect(authorization).not.toBe(`Bearer ${EDITOR_TOKEN}`);
    }

    const left = await getWithCookie(server.url, '/api/preview/disable?path=%2FFloorPlan%2F59A', cookie);
    expect(left.status).toBe(303);
    expect(left.headers.location).toBe('/FloorPlan/59A');
    expect([left.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(/^__Host-preview=; .*Max-Age=0/m);
  });

  // @sanity/visual-editing expects stega in visible text and in an image's alt (click-to-edit on
  // the image) only; in the head or another attribute it only breaks or bloats.
  it("keeps stega out of the head and of attributes but an image's alt; click-to-edit stays on visible text", async () => {
    const cookie = await enterPreview();
    const visitor = await getWithCookie(server.url, '/', '');
    const previewed = await getWithCookie(server.url, '/', cookie);
    expect(previewed.status).toBe(200);
    const page = html(previewed);
    const head = /<head>([\s\S]*?)<\/head>/.exec(page)?.[1] ?? '';
    const stegaIn = (text: string) => [...text.matchAll(new RegExp(STEGA.source, 'gu'))].length;
    const attributes = [...page.matchAll(/<([a-z]+)\b([^>]*)>/g)].flatMap(([, tag, rest]) =>
      [...rest.matchAll(/\s([a-zA-Z-:]+)="([^"]*)"/g)]
        .filter(([, name, value]) => STEGA.test(value) && !(tag === 'img' && name === 'alt'))
        .map(([, name]) => `${tag} ${name}`),
    );
    expect(stegaIn(head), 'in <head>').toBe(0);
    expect([...new Set(attributes)], 'attributes').toEqual([]);
    expect(/<title>([^<]*)<\/title>/.exec(page)?.[1]).toBe(/<title>([^<]*)<\/title>/.exec(html(visitor))?.[1]);
    // Before: 1.43 MB (the head and attributes carried 44 encoded strings) against 0.13 MB for
    // visitors. What remains is the visible text's sources, twice: in the HTML and in the data the
    // page hydrates from (the menu, in the header and the mobile menu, is most of it).
    expect(previewed.body.length).toBeLessThan(1_350_000);
    expect(visitor.body.length).toBeLessThan(150_000);
    // The visible text still carries its source, for the overlay.
    expect(stegaIn(page.slice(page.indexOf('<body'))), 'visible text').toBeGreaterThan(0);
  });

  it('every page answers in preview what it answers outside it: status, redirect, canonical URL, links', async () => {
    const cookie = await enterPreview();
    const pages = await crawl();
    expect(pages.length).toBeGreaterThan(20);
    for (const path of pages) {
      const visitor = answerOf(await getWithCookie(server.url, path, ''));
      const inPreview = await getWithCookie(server.url, path, cookie);
      expect(answerOf(inPreview), path).toEqual(visitor);
      if (inPreview.status === 200) expect(html(inPreview), `${path} is in preview`).toContain(BANNER);
      expect(
        linksOf(html(inPreview)).filter((href) => STEGA.test(decodeURIComponent(href))),
        path,
      ).toEqual([]);
    }
  });

  it('an admin in preview publishes a press draft from the press page: the article holds exactly what was typed', async () => {
    const signedIn = await postFormWithCookie(server.url, '/admin', { intent: 'login', email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, '');
    expect(signedIn.status).toBe(302);
    const cookie = `${cookiesOf(signedIn)}; ${await enterPreview('/cheonghak/press')}`;
    const typed = { title: '분양 소식', summary: '견본주택 개관 안내', body: '첫 문단\n둘째 문단' };
    const saved = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'create', saveAs: 'draft', ...typed }, cookie);
    expect(saved.status).toBe(303);
    const draft = sanity
      .dataset('production')
      .documents()
      .find((document) => document._id.startsWith('drafts.press-') && document.title === typed.title);
    expect(draft, 'the draft is stored').toBeDefined();
    const id = draft!._id.slice('drafts.'.length);

    // The press page in preview offers the draft with a button to publish it.
    const listPage = html(await getWithCookie(server.url, '/cheonghak/press', cookie));
    expect(listPage).toContain(`name="id" value="${id}"`);
    const published = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'publish', id }, cookie);
    expect(published.status).toBe(303);
    const stored = sanity.dataset('production').get(id) as SanityDocument & { summary: string; body: Array<{ children: Array<{ text: string }> }> };
    expect(stored.title).toBe(typed.title);
    expect(stored.summary).toBe(typed.summary);
    expect(stored.body.map((block) => block.children.map((child) => child.text).join(''))).toEqual(['첫 문단', '둘째 문단']);
    expect(JSON.stringify(stored)).not.toMatch(STEGA);
    expect(sanity.dataset('production').get(`drafts.${id}`)).toBeUndefined();
  });

  it('honours the perspective the Studio asks for: published shows what visitors see, still in preview', async () => {
    const entered = await enable(`sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2F&sanity-preview-perspective=published`);
    expect(entered.status).toBe(307);
    const cookie = cookiesOf(entered);
    const from = sanity.requests.length;
    const published = html(await getWithCookie(server.url, '/FloorPlan/59A', cookie));
    expect(published).toContain(BANNER);
    expect(published).not.toContain(DRAFT_PHONE);
    const reads = sanity.requests.slice(from).filter(({ endpoint }) => endpoint === 'query');
    expect(reads.length).toBeGreaterThan(0);
    for (const { perspective, cdn } of reads) {
      expect(perspective).toBe('published');
      expect(cdn).toBe(false);
    }

    const back = cookiesOf(await enable(`sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2F&sanity-preview-perspective=drafts`));
    expect(html(await getWithCookie(server.url, '/FloorPlan/59A', back))).toContain(DRAFT_PHONE);
  });

  it("previews a content release: the Studio's `<release>,drafts` stack read as one perspective, the release over drafts", async () => {
    const entered = await enable(`sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2FFloorPlan%2F59A&sanity-preview-perspective=rSpring,drafts`);
    expect(entered.status).toBe(307);
    const from = sanity.requests.length;
    const page = await getWithCookie(server.url, '/FloorPlan/59A', cookiesOf(entered));
    expect(page.status).toBe(200);
    expect(html(page)).toContain(RELEASE_PHONE);
    expect(html(page)).not.toContain(DRAFT_PHONE);
    expect(html(page)).toContain(BANNER);
    const reads = sanity.requests.slice(from).filter(({ endpoint }) => endpoint === 'query');
    expect(reads.length).toBeGreaterThan(0);
    for (const { perspective, status } of reads) expect({ perspective, status }).toEqual({ perspective: 'rSpring,drafts', status: 200 });
  });
});

describe('a preview read the Content Lake refuses', () => {
  let older: RunningServer | undefined;
  afterAll(async () => older?.stop());

  it('is a 400 page saying why, not a 500: an API version from before 2025-02-19 knows no `drafts` perspective', async () => {
    older = await startServer({
      env: {
        ...sanity.childEnv,
        SANITY_PROJECT_ID: sanity.projectId,
        SANITY_API_VERSION: '2025-01-01',
        SANITY_API_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
        STUDIO_URL: STUDIO,
        SESSION_SECRET: 'session-secret-for-the-preview-sanity-test-02',
      },
    });
    const entered = await getWithCookie(
      older.url,
      `/api/preview/enable?sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2F&sanity-preview-perspective=rSpring,drafts`,
      '',
    );
    expect(entered.status).toBe(307);
    const from = sanity.requests.length;
    const page = await getWithCookie(older.url, '/', cookiesOf(entered));
    expect(
      sanity.requests.slice(from).some(({ status }) => status === 400),
      'the Content Lake refused the read',
    ).toBe(true);
    expect(page.status).toBe(400);
    expect(html(page)).toContain('Sanity가 이 미리보기의 콘텐츠 요청을 거절했습니다. Studio에서 미리보기를 다시 열어 주세요.');
  }, 120_000);
});
