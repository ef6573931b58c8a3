import { expect, test } from '@playwright/test';
import { axeViolations } from './support/checks';
import { INFORMATION_PAGES, discoverPages } from './support/site-pages';

/**
 * axe-core (WCAG 2.0/2.1/2.2 A and AA) over every page the crawl finds but the informational
 * pages (routes.spec.ts checks those), at the project's width
 * (mobile 375 and desktop 1440), with zero violations; and no Content-Security-Policy violation
 * reported by the browser while the page loads and hydrates.
 */
test('every page: no axe violation and no CSP violation', async ({ page, request }) => {
  test.setTimeout(600_000);
  const crawled = await discoverPages(request);
  expect(crawled.length).toBeGreaterThan(10);
  const pages = crawled.filter((path) => !INFORMATION_PAGES.includes(path));
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspViolations.push(`${page.url()}: ${message.text()}`);
  });
  const report: string[] = [];
  for (const path of [...pages, '/no-such-page']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    for (const violation of await axeViolations(page)) report.push(`${path}: ${violation}`);
  }
  expect(report).toEqual([]);
  expect(cspViolations).toEqual([]);
});
