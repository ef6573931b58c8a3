import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/checks';
import { addSalesAccount, SALES_PASSWORD, uniquePhone } from './support/console-helpers';
import { fillAndConsent, visibleOpener } from './support/lead-helpers';
import { discoverPages } from './support/site-pages';

/**
 * Campaign measurement in the browser, at both widths, with the seed settings (no third-party
 * tag): a visitor who arrives from a Naver ad, reads another page and registers shows up in the
 * console's 사이트 방문 통계 with the campaign, the landing page and the registration; and no page
 * makes a request to any other origin.
 */

// Headless Chromium names itself in its user agent, and bots are not counted: these are a
// person's phone and desktop browsers.
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-S918N) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({ userAgent: async ({ isMobile }, use) => use(isMobile ? PHONE : DESKTOP) });

const isBeacon = (request: Request) => new URL(request.url()).pathname === '/api/measure';

type SentBeacon = { page: string; landing: boolean; referrer: string; campaign: string };

async function nextBeacon(page: Page, action: () => Promise<unknown>): Promise<SentBeacon> {
  const [request] = await Promise.all([page.waitForRequest(isBeacon), action()]);
  return JSON.parse(request.postData() ?? '{}') as SentBeacon;
}

test('a visitor from an ad: page views and the registration show in the statistics with the campaign', async ({ page, browser }, testInfo) => {
  const campaign = `e2e-${testInfo.project.name}-${Date.now()}`;
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== new URL(page.url() === 'about:blank' ? request.url() : page.url()).origin) foreign.push(request.url());
  });

  const landing = await nextBeacon(page, () =>
    page.goto(`/FloorPlan/59A?utm_source=naver&utm_medium=cpc&utm_campaign=${campaign}`, { referer: 'https://m.search.naver.com/search.naver?query=청학' }),
  );
  expect(landing).toEqual({
    page: '/FloorPlan/59A',
    landing: true,
    referrer: 'https://m.search.naver.com',
    campaign: `utm_source=naver&utm_medium=cpc&utm_campaign=${campaign}`,
  });
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');

  // A client navigation (no new document): a page view that does not begin a visit, same campaign.
  const next = await nextBeacon(page, () => page.locator('main a[href="/FloorPlan/84A"]:visible').first().click());
  expect(next).toEqual({ page: '/FloorPlan/84A', landing: false, referrer: '', campaign: `utm_source=naver&utm_medium=cpc&utm_campaign=${campaign}` });

  await visibleOpener(page).click();
  const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
  await fillAndConsent(dialog, '통계테스트', uniquePhone().phone);
  await dialog.getByRole('button', { name: '관심고객 등록' }).click();
  await expect(dialog.getByRole('status')).toContainText('등록이 완료되었습니다.');
  expect(foreign).toEqual([]);

  // The sales desk reads the statistics (counts reach the store within the flush interval).
  const { baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId } = testInfo.project.use;
  const staff = await browser.newContext({ baseURL, viewport, isMobile, hasTouch, deviceScaleFactor, locale, timezoneId });
  const desk = await staff.newPage();
  await desk.goto('/admin/stats');
  await desk.getByLabel('이메일').fill(addSalesAccount('stats'));
  await desk.getByLabel('비밀번호').fill(SALES_PASSWORD);
  await desk.getByRole('button', { name: '로그인' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: '사이트 방문 통계' })).toBeVisible();
  const campaigns = desk.getByRole('region', { name: /^캠페인별 \(utm_source/ });
  const row = campaigns.getByRole('row', { name: new RegExp(`naver / cpc / ${campaign}`) });
  await expect(async () => {
    await desk.reload();
    // 항목, 페이지뷰 2, 사이트 방문 1, 사이트 방문자 1, 등록 1, 전환율 100% (a campaign's customers and visits are the funnel's)
    await expect(row.getByRole('cell')).toHaveText(['2', '1', '1', '1', '100.0%'], { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const landingPages = desk.getByRole('region', { name: '랜딩 페이지별' });
  await expect(landingPages.getByRole('row', { name: /\/FloorPlan\/59A/ })).toBeVisible();
  await expect(desk.getByRole('region', { name: '유입 사이트별' }).getByRole('row', { name: /m\.search\.naver\.com/ })).toBeVisible();
  await expectNoAxeViolations(desk);
  await staff.close();
});

test('with the seed settings every page requests only its own origin', async ({ page, request }) => {
  const pages = await discoverPages(request, { limit: 40, perParent: 2 });
  expect(pages.length).toBeGreaterThan(10);
  const foreign: string[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.protocol !== 'data:' && url.origin !== new URL(test.info().project.use.baseURL!).origin) foreign.push(`${url.origin} (${page.url()})`);
  });
  for (const path of pages) {
    // Each page until its beacon has gone: everything a page loads after its first paint included.
    await nextBeacon(page, () => page.goto(path));
  }
  expect(foreign).toEqual([]);
});
