import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { build } from 'vite';
import { readSeedDocuments } from '../../web/server/content/seed';
import type { SanityDocument } from '../../web/server/content/types';
import { startServer, type RunningServer } from '../support/built-server';
import { screenshot } from './support/checks';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN } from '../support/content-lake';

/**
 * The Studio's Presentation tool, for real in Chromium: a stand-in Studio page on another site
 * (http://localhost:…, the site being http://127.0.0.1:…) frames the site through the preview
 * enable URL and speaks the Presentation protocol (@sanity/comlink's controller with the
 * `presentation` channel, as sanity/presentation does). The site runs in Sanity mode as in
 * production, against the Content Lake stand-in: the draft shows, hovering a field outlines it,
 * clicking it tells the Studio which document and field to open; no CSP violation, no error.
 */

const SECRET = 'studio-preview-secret-for-the-browser-test';
const DRAFT_LABEL = '전용 59㎡A 새 이름';
/** The label in the content release `rSpring` (a version of the same document). */
const RELEASE_LABEL = '전용 59㎡A 봄 분양';

let lake: ContentLake;
let site: RunningServer;
let studio: http.Server;
let studioUrl: string;

test.beforeAll(async () => {
  const studioScript = await bundleStudioScript();
  studio = http.createServer((req, res) => {
    if (req.url === '/studio.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(studioScript);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    const query = new URL(req.url ?? '/', 'http://studio').searchParams;
    res.end(studioPage(String(query.get('site')), query.get('perspective') ?? 'drafts'));
  });
  await new Promise<void>((resolve) => studio.listen(0, '127.0.0.1', resolve));
  studioUrl = `http://localhost:${(studio.address() as AddressInfo).port}`;

  // The Studio's edits (Actions API) reach queries half a second after they are committed.
  lake = new ContentLake({ asyncVisibilityMs: 500 });
  const content = await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() });
  const unit = content.find((document) => document._id === 'unitType-59A') as SanityDocument;
  await lake.start({
    production: [
      ...content,
      { ...unit, _id: 'drafts.unitType-59A', label: DRAFT_LABEL },
      { ...unit, _id: 'versions.rSpring.unitType-59A', label: RELEASE_LABEL },
      { _id: 'sanity-preview-url-secret.browser', _type: 'sanity.previewUrlSecret', secret: SECRET, studioUrl },
    ],
  });
  site = await startServer({
    env: {
      ...lake.childEnv,
      SANITY_PROJECT_ID: lake.projectId,
      SANITY_API_TOKEN: EDITOR_TOKEN,
      SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
      STUDIO_URL: studioUrl,
      SESSION_SECRET: 'session-secret-for-the-studio-preview-test-0',
    },
  });
});

test.afterAll(async () => {
  await site?.stop();
  studio?.closeAllConnections();
  studio?.close();
  await lake?.stop();
});

/** The stand-in Studio script, bundled for the browser. */
async function bundleStudioScript(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: 'tests/e2e/support/studio-stand-in/studio.ts', output: { format: 'es', codeSplitting: false } },
    },
  });
  const chunk = [output]
    .flat()
    .flatMap((result) => ('output' in result ? result.output : []))
    .find((item) => item.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the Studio stand-in did not bundle');
  return chunk.code;
}

/** The Studio with the site framed in the perspective chosen in its toolbar (`drafts`, or a release over drafts). */
function studioPage(siteUrl: string, perspective: string): string {
  const enable = `${siteUrl}/api/preview/enable?sanity-preview-secret=${SECRET}&sanity-preview-pathname=%2FFloorPlan%2F59A&sanity-preview-perspective=${encodeURIComponent(perspective)}`;
  return `<!doctype html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Studio</title>
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>
<body><iframe title="미리보기" src="${enable}"></iframe><script type="module" src="/studio.js"></script></body></html>`;
}

/** CSP violations and errors in the Studio page and the framed site. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console.error: ${message.text()}`);
  });
  return problems;
}

async function violations(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? []);
}

test('the Studio frames the preview: draft shown, overlay on hover, a click opens the field in the Studio', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { violations: string[] }).violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  const problems = watch(page);
  // Sanity's image CDN is not reachable from the test machine: any image will do.
  await page.route('https://cdn.sanity.io/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>' }),
  );
  await page.goto(`${studioUrl}/?site=${encodeURIComponent(site.url)}`);
  const frame = page.frameLocator('iframe');
  const label = frame.getByRole('heading', { level: 1 }).filter({ hasText: DRAFT_LABEL });
  await expect(label).toBeVisible();

  await expect.poll(() => page.evaluate(() => (window as unknown as { studio: { status: string } }).studio.status)).toBe('connected');

  // The overlay outlines the field under the pointer (its box, drawn in the overlay's layer).
  await label.hover();
  const outline = frame.locator('sanity-visual-editing [data-hovered]');
  await expect(outline).toBeVisible();
  const [outlineBox, labelBox] = [await outline.boundingBox(), await label.boundingBox()];
  expect(Math.abs(outlineBox!.y - labelBox!.y)).toBeLessThan(8);

  await label.click();
  await expect
    .poll(async () =>
      page.evaluate(
        () =>
          (window as unknown as { studio: { received: Array<{ type: string; data: unknown }> } }).studio.received.find(
            (message) => message.type === 'visual-editing/focus',
          )?.data,
      ),
    )
    .toMatchObject({ id: 'unitType-59A', type: 'unitType', path: 'label' });

  const framed = page.frames().find((candidate) => candidate.url().startsWith(site.url))!;
  expect(await violations(framed)).toEqual([]);
  expect(await framed.evaluate(() => getComputedStyle(document.querySelector('sanity-visual-editing') ?? document.body).display)).not.toBe('none');
  expect(problems).toEqual([]);
  await screenshot(page, testInfo, 'studio-preview');
});

test("the Studio previews a content release: the release's version over the draft, click-to-edit on it", async ({ page }) => {
  const problems = watch(page);
  await page.route('https://cdn.sanity.io/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>' }),
  );
  await page.goto(`${studioUrl}/?site=${encodeURIComponent(site.url)}&perspective=${encodeURIComponent('rSpring,drafts')}`);
  const frame = page.frameLocator('iframe');
  const label = frame.getByRole('heading', { level: 1 }).filter({ hasText: RELEASE_LABEL });
  await expect(label).toBeVisible();
  await expect(frame.getByText(DRAFT_LABEL)).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => (window as unknown as { studio: { status: string } }).studio.status)).toBe('connected');
  await label.hover();
  await expect(frame.locator('sanity-visual-editing [data-hovered]')).toBeVisible();
  await label.click();
  await expect
    .poll(async () =>
      page.evaluate(
        () =>
          (window as unknown as { studio: { received: Array<{ type: string; data: unknown }> } }).studio.received.find(
            (message) => message.type === 'visual-editing/focus',
          )?.data,
      ),
    )
    .toMatchObject({ type: 'unitType', path: 'label' });
  expect(problems).toEqual([]);
});

test('an edit committed through the Actions API, queryable half a second later: the preview shows it (the overlay reads again a second after the first refresh)', async ({
  page,
}) => {
  const edited = '전용 59㎡A 방금 고침';
  await page.route('https://cdn.sanity.io/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/svg+xml', body: '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>' }),
  );
  await page.goto(`${studioUrl}/?site=${encodeURIComponent(site.url)}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 }).filter({ hasText: DRAFT_LABEL })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { studio: { status: string } }).studio.status)).toBe('connected');

  const { transactionId } = lake
    .dataset('production')
    .act([{ actionType: 'sanity.action.document.edit', draftId: 'drafts.unitType-59A', publishedId: 'unitType-59A', patch: { set: { label: edited } } }]);
  try {
    const readsBefore = lake.requests.length;
    await page.evaluate(
      (rev) =>
        (window as unknown as { studio: { refresh(data: unknown): void } }).studio.refresh({
          source: 'mutation',
          livePreviewEnabled: false,
          document: { _id: 'drafts.unitType-59A', _type: 'unitType', _rev: rev },
        }),
      transactionId,
    );
    await expect(frame.getByRole('heading', { level: 1 }).filter({ hasText: edited })).toBeVisible();
    const previewReads = lake.requests.slice(readsBefore).filter(({ endpoint, perspective }) => endpoint === 'query' && perspective === 'drafts');
    expect(previewReads.length, 'the refresh right away and the one a second later').toBeGreaterThanOrEqual(2);
  } finally {
    // Other tests of this worker expect the seeded draft.
    lake.dataset('production').mutate([{ patch: { id: 'drafts.unitType-59A', set: { label: DRAFT_LABEL } } }]);
  }
});
