import { expect, test } from '@playwright/test';

/**
 * The lead result page's "back to the form" link, built from the `from` query, as Chromium itself
 * resolves it: always a page of this site, however `from` tries to leave it (the HTML-level
 * checks are in tests/integration/built-server/open-redirect.test.ts).
 */
const NASTY = ['/\\evil.example/x', '/\t/evil.com', '/\n/evil.com', '//evil.example', '/.//evil.example', 'javascript:alert(1)'];

test('the back link on the lead result page never leaves the site', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  for (const from of NASTY) {
    await page.goto(`/leads/result?status=invalid&from=${encodeURIComponent(from)}`);
    const href = await page.locator('a.lead-button--ghost').evaluate((link: HTMLAnchorElement) => link.href);
    expect(new URL(href).origin, JSON.stringify(from)).toBe(origin);
  }
  await page.goto(`/leads/result?status=invalid&from=${encodeURIComponent('/Promotion/Customer')}`);
  await page.locator('a.lead-button--ghost').click();
  await expect(page).toHaveURL(`${origin}/Promotion/Customer`);
});
