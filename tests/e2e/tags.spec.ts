import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/checks';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { startServer, type RunningServer } from '../support/built-server';
import { uniquePhone } from './support/console-helpers';
import { fillAndConsent, visibleOpener } from './support/lead-helpers';

/**
 * The ad platforms' tags with test IDs set in siteSettings, at both widths, against a server of
 * its own: the CSP allows exactly their hosts, each tag loads after the first paint and the load
 * event, page views reach each, a registration fires each provider's standard conversion event
 * with nothing about the person, and the privacy page and the consent notice name the tags.
 * The providers' scripts are stand-ins served by the test (no network here), which record every
 * call the site makes to them.
 */

const IDS = { naverAnalytics: 's_test1234', kakaoPixel: '1234567890', googleAnalytics: 'G-TEST1234', metaPixel: '987654321' };
const HOSTS = ['https://wcs.naver.net', 'https://t1.daumcdn.net', 'https://www.googletagmanager.com', 'https://connect.facebook.net'];

const RECORD = `window.__tagCalls = window.__tagCalls || []; const record = (...call) => window.__tagCalls.push(JSON.parse(JSON.stringify(call)));`;
const STAND_INS: Record<string, string> = {
  'https://www.googletagmanager.com/gtag/js': `${RECORD} record('loaded', 'googleAnalytics', performance.now());
    for (const args of window.dataLayer) record('gtag', ...Array.from(args));
    window.dataLayer.push = (args) => record('gtag', ...Array.from(args));`,
  'https://connect.facebook.net/en_US/fbevents.js': `${RECORD} record('loaded', 'metaPixel', performance.now());
    for (const args of window.fbq.queue) record('fbq', ...args);
    window.fbq.callMethod = (...args) => record('fbq', ...args);`,
  'https://wcs.naver.net/wcslog.js': `${RECORD} record('loaded', 'naverAnalytics', performance.now(), window.wcs_add);
    window.wcs = { inflow: () => record('wcs.inflow'), cnv: (type, value) => { record('wcs.cnv', type, value); return type + ':' + value; } };
    window.wcs_do = (nasa) => record('wcs_do', nasa ?? null);`,
  'https://t1.daumcdn.net/kas/static/kp.js': `${RECORD} record('loaded', 'kakaoPixel', performance.now());
    window.kakaoPixel = (id) => ({ pageView: () => record('kakao.pageView', id), completeRegistration: () => record('kakao.completeRegistration', id) });`,
};

let server: RunningServer;

test.beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-tags-'));
  const content = await openEmbeddedStore({ file: path.join(dataDir, 'content.sqlite'), seedFile: path.resolve('content/production.ndjson') });
  await content.mutate([{ patch: { id: 'siteSettings', set: { tags: IDS } } }]);
  await content.close();
  server = await startServer({ env: { E2E_DATA_DIR: dataDir, E2E_KEEP_DATA: '1' } });
});

test.afterAll(async () => {
  await server?.stop();
});

type Outgoing = { url: string; body: string };

/** Serves the stand-ins and records everything sent to another origin. */
async function interceptProviders(page: Page): Promise<Outgoing[]> {
  const outgoing: Outgoing[] = [];
  await page.route(
    (url) => url.origin !== new URL(server.url).origin,
    async (route) => {
      const request = route.request();
      outgoing.push({ url: request.url(), body: request.postData() ?? '' });
      const url = new URL(request.url());
      const standIn = STAND_INS[`${url.origin}${url.pathname}`];
      // In a block: classic scripts share one global scope, where a second `const record` would not run.
      if (standIn) await route.fulfill({ contentType: 'text/javascript', body: `{ ${standIn} }` });
      else await route.fulfill({ status: 204 });
    },
  );
  return outgoing;
}

const calls = (page: Page) => page.evaluate(() => (window as unknown as { __tagCalls?: unknown[][] }).__tagCalls ?? []);

test('with test IDs: tags load after the first paint, CSP allows exactly their hosts, a registration converts without personal data', async ({ page }) => {
  const outgoing = await interceptProviders(page);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
  });
  const response = await page.goto(`${server.url}/FloorPlan/59A?utm_source=naver&utm_campaign=tags`);
  const csp = response!.headers()['content-security-policy'];
  const sources = (directive: string) =>
    (csp.match(new RegExp(`${directive} ([^;]*)`))?.[1] ?? '').split(' ').filter((source) => !source.startsWith("'sha256-"));
  expect(sources('script-src')).toEqual(["'self'", ...HOSTS]);
  expect(sources('connect-src')).toEqual([
    "'self'",
    'https://wcs.naver.com',
    'https://bc.ad.daum.net',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.googletagmanager.com',
    'https://www.facebook.com',
  ]);

  await expect.poll(async () => (await calls(page)).filter(([kind]) => kind === 'loaded').length).toBe(4);
  const { firstPaint, loadEnd } = await page.evaluate(() => ({
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
  }));
  for (const [, provider, at] of (await calls(page)).filter(([kind]) => kind === 'loaded')) {
    expect(at as number, `${provider as string} runs after the first paint`).toBeGreaterThan(firstPaint);
    expect(at as number, `${provider as string} runs after the load event`).toBeGreaterThanOrEqual(loadEnd);
  }
  await expect
    .poll(() => calls(page))
    .toEqual(
      expect.arrayContaining([
        ['gtag', 'config', IDS.googleAnalytics, { send_page_view: false }],
        ['gtag', 'event', 'page_view'],
        ['fbq', 'init', IDS.metaPixel],
        ['fbq', 'track', 'PageView'],
        ['loaded', 'naverAnalytics', expect.any(Number), { wa: IDS.naverAnalytics }],
        ['wcs_do', null],
        ['kakao.pageView', IDS.kakaoPixel],
      ]),
    );

  const { phone } = uniquePhone();
  await visibleOpener(page).click();
  const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
  await expect(dialog.getByText(/Meta 픽셀에 등록 사실만 알림\(이름·연락처 제외\)/)).toBeAttached();
  await fillAndConsent(dialog, '태그테스트', phone);
  await dialog.getByRole('button', { name: '관심고객 등록' }).click();
  await expect(dialog.getByRole('status')).toContainText('등록이 완료되었습니다.');
  await expect
    .poll(() => calls(page))
    .toEqual(
      expect.arrayContaining([
        ['gtag', 'event', 'generate_lead'],
        ['fbq', 'track', 'Lead'],
        ['wcs.cnv', '4', '1'],
        ['wcs_do', { cnv: '4:1' }],
        ['kakao.completeRegistration', IDS.kakaoPixel],
      ]),
    );
  // Nothing about the person reached any tag or left the site.
  const seen = JSON.stringify([await calls(page), outgoing]);
  for (const personal of ['태그테스트', phone, phone.replace(/-/g, ''), phone.slice(-4)]) expect(seen).not.toContain(personal);
  expect(outgoing.every(({ url }) => HOSTS.includes(new URL(url).origin))).toBe(true);
  expect(cspViolations).toEqual([]);
});

test('the privacy page lists the tags that are on', async ({ page }) => {
  await interceptProviders(page);
  await page.goto(`${server.url}/privacy`);
  const table = page.getByRole('region', { name: '사용 중인 광고·분석 도구' });
  for (const name of ['네이버 애널리틱스', '카카오 픽셀', 'Google 애널리틱스 4', 'Meta 픽셀']) await expect(table).toContainText(name);
  await expectNoAxeViolations(page);
});
