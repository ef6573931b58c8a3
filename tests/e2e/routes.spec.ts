import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, watchErrors } from './support/checks';
import { INFORMATION_PAGES } from './support/site-pages';

/**
 * The informational routes in a browser at each viewport (projects `mobile` and `desktop`):
 * one h1, no axe violations, no horizontal scrolling, no script or load errors; the video and VR
 * facades load nothing from third parties before a click; the announcement PDF button shows its
 * overlay until the new tab has loaded. Status codes, titles and canonicals of every route are
 * checked on the server HTML in tests/integration/from-source/routes.test.ts.
 */

/** Full-page screenshots for humans to look at (test-results/screens/), a sample of the layouts. */
const SCREENSHOT_ROUTES = new Set([
  '/BusinessGuide/plan',
  '/LocationEnvironment/intro',
  '/FloorPlan/84A',
  '/FloorPlan/videos',
  '/SalesInfo/announcement',
  '/privacy',
]);

/** Answers every request to another host with a small page, and records it. */
async function stubThirdParties(page: Page): Promise<string[]> {
  const requested: string[] = [];
  await page.route(
    (url) => !/^(127\.0\.0\.1|localhost)$/.test(url.hostname),
    (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub</title><p>stub</p>' });
    },
  );
  return requested;
}

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
}

for (const path of INFORMATION_PAGES) {
  test(`${path}: one h1, no axe violations, fits the viewport`, async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const thirdParty = await stubThirdParties(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toHaveText(/[가-힣]/);
    // Lazy images below the fold must load too (their load errors would be missed otherwise).
    // Jumping to the end skips the lazy images in between, so each one is switched to eager.
    await page.evaluate(() => {
      for (const image of document.images) image.loading = 'eager';
    });
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    // Hydrated, so a CSP violation of the page's scripts shows among the errors.
    await hydrated(page);

    await expectNoHorizontalOverflow(page);

    await expectNoAxeViolations(page);
    if (SCREENSHOT_ROUTES.has(path)) await screenshot(page, testInfo, `route${path.replace(/\//g, '-')}`);
    expect(thirdParty, 'no third-party request without a click').toEqual([]);
    expect(errors).toEqual([]);
  });
}

test('/FloorPlan/videos: tabs; YouTube loads only after the play button is clicked', async ({ page }) => {
  const errors = watchErrors(page);
  const thirdParty = await stubThirdParties(page);
  await page.goto('/FloorPlan/videos');
  await hydrated(page);

  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveText(['입지 안내', '59타입 안내', '84타입 안내']);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await expect(panel).toHaveAttribute('aria-labelledby', (await tabs.first().getAttribute('id')) ?? '');

  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(thirdParty).toEqual([]);

  await panel.getByRole('link', { name: /영상 재생: 입지 안내/ }).click();
  const frame = page.locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?autoplay=1/);
  await expect(frame).toHaveAttribute('title', '입지 안내 영상 (YouTube)');
  await expect.poll(() => thirdParty.length).toBeGreaterThan(0);
  expect(thirdParty.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);

  // Keyboard: arrow keys move between tabs; leaving a tab unloads its player.
  await tabs.first().focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('iframe')).toHaveCount(0);
  await page.keyboard.press('End');
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('iframe')).toHaveCount(0);
  await page
    .getByRole('tabpanel')
    .getByRole('link', { name: /영상 재생: 84타입 안내/ })
    .click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/chpk-84t-01\?autoplay=1/);
  expect(errors).toEqual([]);
});

test('/FloorPlan/Emodel: the VR tour loads only after the visitor clicks the screen', async ({ page }) => {
  const errors = watchErrors(page);
  const thirdParty = await stubThirdParties(page);
  await page.goto('/FloorPlan/Emodel');
  await hydrated(page);

  const tab = page.getByRole('tab');
  await expect(tab).toHaveCount(1);
  await expect(tab).toHaveText('전용 59㎡A');
  await expect(tab).toHaveAttribute('aria-selected', 'true');
  const facade = page.getByRole('link', { name: /화면을 선택하면 VR을 보실 수 있습니다\./ });
  await expect(facade).toBeVisible();
  // The editor's poster shows under the hint, served by our own image route; inside the link it
  // only sets the scene (the VR description under the tour says what it shows).
  const poster = facade.locator('img.media-facade__poster');
  await expect(poster).toHaveAttribute('alt', '');
  await expect(poster).toHaveAttribute('src', /^\/images\//);
  await expect.poll(() => poster.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(thirdParty).toEqual([]);

  await facade.click();
  await expect(page.locator('iframe')).toHaveAttribute('src', 'https://vr.cheonghak-park.example/59A');
  await expect.poll(() => thirdParty).toContain('https://vr.cheonghak-park.example/59A');
  expect(errors).toEqual([]);
});

test('/SalesInfo/announcement: "파일 불러오는 중..." shows until the PDF tab has loaded', async ({ page, context }) => {
  const errors = watchErrors(page);
  let releasePdf: () => void = () => {};
  const pdfRequested = new Promise<void>((resolve) => {
    void context.route('**/announcement.pdf', async (route) => {
      resolve();
      await new Promise<void>((release) => (releasePdf = release));
      // The server's own headers (Cross-Origin-Opener-Policy decides whether the opener keeps its
      // handle on the new window); an HTML body, since headless Chromium would download a PDF.
      const response = await route.fetch();
      await route.fulfill({ response, contentType: 'text/html', body: '<!doctype html><title>공고</title><p>공고문</p>' });
    });
  });
  await page.goto('/SalesInfo/announcement');
  await hydrated(page);
  await expect(page.getByRole('table')).toContainText('총 652세대 중 일반분양 208세대');

  const overlay = page.getByText('파일 불러오는 중...');
  await expect(overlay).toHaveCount(0);
  // Playwright reports the popup once its first response has arrived, i.e. after the release.
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('link', { name: '입주자모집공고 보기 (PDF)' }).click();
  await pdfRequested;
  await expect(overlay).toBeVisible();
  await expect(page.getByRole('status')).toContainText('파일 불러오는 중...');

  releasePdf();
  const popup = await popupOpened;
  await popup.waitForLoadState('load');
  await expect(overlay).toHaveCount(0);
  expect(popup.url()).toMatch(/\/announcement\.pdf$/);
  expect(errors).toEqual([]);
});

test('/SalesInfo/announcement: when a popup blocker refuses the tab, the PDF opens here', async ({ page }) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.route('**/announcement.pdf', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>공고</title><p>공고문</p>' }));
  await page.goto('/SalesInfo/announcement');
  await hydrated(page);
  await page.getByRole('link', { name: '입주자모집공고 보기 (PDF)' }).click();
  await expect(page).toHaveURL(/\/announcement\.pdf$/);
});
