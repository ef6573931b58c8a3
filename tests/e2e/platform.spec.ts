import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, watchErrors } from './support/checks';

/**
 * The platform pages at each viewport (projects `mobile` 375×812 and `desktop` 1440×900):
 * content, status code, language, accessibility (axe, WCAG 2.2 AA), no script errors, no
 * horizontal overflow, and a full-page screenshot in test-results/screens/ for humans.
 */

test.describe('platform pages', () => {
  test('home page: Korean title, h1, hero', async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toMatch(/text\/html/);

    await expect(page).toHaveTitle(/청학 파크 에디션/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const h1 = page.locator('h1');
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(h1).toHaveText(/\S/);
    // The hero: the first main landmark holds the h1 and shows Korean text.
    await expect(page.locator('main')).toContainText(/[가-힣]/);

    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'home');
    expect(errors).toEqual([]);
  });

  test('/BusinessGuide/intro: 사업안내 with the overview table (652 세대)', async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    const response = await page.goto('/BusinessGuide/intro');
    expect(response?.status()).toBe(200);

    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page).toHaveTitle(/\S/);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toContainText('사업안내');

    const table = page.locator('table').first();
    await expect(table).toBeVisible();
    for (const label of ['사업명', '위치', '규모', '세대수']) {
      await expect(table.locator('tr', { hasText: label }).first()).toBeVisible();
    }
    await expect(table.locator('tr', { hasText: '세대수' }).first()).toContainText('652');

    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'business-intro');
    expect(errors).toEqual([]);
  });

  test('unknown path answers 404 with "Not Found"', async ({ page }, testInfo) => {
    const errors = watchErrors(page, { allowNotFoundDocument: true });
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);

    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('h1')).toContainText('Not Found');

    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'not-found');
    expect(errors).toEqual([]);
  });

  test('hydrates; client-side navigation renders the next page and scrolls to top', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    // React Router's HydratedRouter exposes its router once the client has taken over.
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);

    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') documentRequests.push(request.url());
    });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.evaluate(() => {
      const router = (window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }).__reactRouterDataRouter;
      return router.navigate('/BusinessGuide/intro');
    });

    await expect(page).toHaveURL(/\/BusinessGuide\/intro$/);
    await expect(page.locator('h1')).toContainText('사업안내');
    await expect(page.locator('table').first()).toContainText('652');
    await expect(page).toHaveTitle(/\S/);
    expect(await page.evaluate(() => window.scrollY), 'scrolled to top after navigation').toBe(0);
    expect(documentRequests, 'navigation happened in the client, without a document request').toEqual([]);
    expect(errors).toEqual([]);
  });
});
