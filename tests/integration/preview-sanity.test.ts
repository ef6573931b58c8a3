/**
 * Preview with Sanity, against the built server and a stand-in for Sanity's API: the Studio's
 * Presentation tool enters preview through /api/preview/enable with the secret it stored in the
 * content dataset, checked the way @sanity/preview-url-secret checks it (a forged, missing or
 * expired secret gets 401); in preview the site queries with the drafts perspective and the
 * viewer token, and the Studio may frame the page; visitors' queries never use either.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../web/server/content/seed';
import type { SanityDocument } from '../../web/server/content/types';
import { cookiesOf, getWithCookie, type RawResponse, type RunningServer, startServer } from './built-server';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN } from '../support/content-lake';

const SECRET = 'studio-preview-secret-0123456789';
const STUDIO = 'https://studio.example';
const DRAFT_PHONE = '1588-7777';
const BANNER = '미리보기 모드 — 게시되지 않은 변경 내용이 보입니다';
const HANGUL = /[가-힣]/;

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

describe('preview with Sanity', () => {
  it('refuses a forged, missing or expired secret with 401 and sets no cookie', async () => {
    const pathname = 'sanity-preview-pathname=%2FFloorPlan%2F59A';
    const forged = await enable(`sanity-preview-secret=not-the-secret&${pathname}`);
    const missing = await enable(pathname);
    sanity.clockAheadMs = 2 * 3600_000;
    const expired = await enable(`sanity-preview-secret=${SECRET}&${pathname}`);
    for (const [name, response] of [['forged', forged], ['missing', missing], ['expired', expired]] as const) {
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
    expect([entered.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(/^__Host-preview=[^;]+; Path=\/; HttpOnly; SameSite=None; Max-Age=3600; Secure$/m);
    const cookie = cookiesOf(entered);

    const queries = () => sanity.requests.filter(({ endpoint }) => endpoint === 'query');
    const queriesBefore = queries().length;
    const page = await getWithCookie(server.url, '/FloorPlan/59A', cookie);
    expect(page.status).toBe(200);
    expect(html(page)).toContain(DRAFT_PHONE);
    expect(html(page)).toContain(BANNER);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors 'self' ${STUDIO}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const previewQueries = queries().slice(queriesBefore).filter(({ perspective }) => perspective === 'drafts');
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
    for (const { perspective, authorization } of queries().slice(visitorQueriesFrom)) {
      expect(perspective).not.toBe('drafts');
      expect(authorization).not.toBe(`Bearer ${VIEWER_TOKEN}`);
    }

    const left = await getWithCookie(server.url, '/api/preview/disable?path=%2FFloorPlan%2F59A', cookie);
    expect(left.status).toBe(303);
    expect(left.headers.location).toBe('/FloorPlan/59A');
    expect([left.headers['set-cookie'] ?? []].flat().join('\n')).toMatch(/^__Host-preview=; .*Max-Age=0/m);
  });
});
