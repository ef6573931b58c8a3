import { expect, test } from '@playwright/test';
import { watchErrors } from './checks';

/**
 * The page pipeline in Chromium: hydration JavaScript is fetched only after the page's first
 * contentful paint, the page then hydrates with no CSP or hydration error, and an inline script
 * that was not in the page as rendered (an injection) is blocked by the hashed CSP.
 */

/** Waits for hydration: the popup marks itself ready once its script runs. */
async function waitForHydration(page: import('@playwright/test').Page): Promise<void> {
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
}

for (const path of ['/', '/FloorPlan/59A', '/cheonghak/press', '/Promotion/Customer']) {
  test(`${path}: hydration JavaScript loads after the first contentful paint, then hydrates cleanly`, async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const scripts = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length };
    });
    expect(timing.scripts, 'the page loaded its modules').toBeGreaterThan(0);
    expect(timing.firstScript, 'no module before the first contentful paint').toBeGreaterThanOrEqual(timing.paint);
    expect(errors).toEqual([]);
  });
}

test('an inline script injected into a page is blocked; the page still hydrates', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) violations.push(message.text());
  });
  await page.route('**/Promotion/Customer', async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</body>', '<script>window.injectedRan = true;</script></body>');
    await route.fulfill({ response, body });
  });
  await page.goto('/Promotion/Customer');
  await waitForHydration(page);
  expect(await page.evaluate(() => (window as { injectedRan?: boolean }).injectedRan)).toBeUndefined();
  expect(violations.length, 'the browser reports the refused script').toBeGreaterThan(0);
});
