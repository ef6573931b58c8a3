import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { MEASURE_PATH } from '../../../web/shared/measure';

/** Checks shared by the browser specs: errors, axe (WCAG 2.2 AA), overflow, screenshots. */

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SCREENS_DIR = 'test-results/screens';

/** Collects uncaught page errors, console errors and failed sub-resource loads while a page is open. */
export function watchErrors(page: Page, { allowNotFoundDocument = false } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    // Failed loads are reported with their URL by the response listener below.
    if (/^Failed to load resource/.test(text)) return;
    errors.push(`console.error: ${text}`);
  });
  page.on('response', (response) => {
    if (response.status() < 400) return;
    // The not-found page's own document is meant to answer 404.
    if (allowNotFoundDocument && response.request().resourceType() === 'document') return;
    errors.push(`HTTP ${response.status()} for ${response.request().resourceType()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // React Router's route discovery for the links on screen, abandoned when the page moves on.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && new URL(request.url()).pathname === '/__manifest') return;
    // An embedded player's frame the page removed (leaving its tab) while its document still loaded.
    // (A detached frame has no parent any more: compare with the main frame instead.)
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() === 'document' && request.frame() !== page.mainFrame()) return;
    // The page-view beacon (`sendBeacon`, a keepalive request the browser completes after the page
    // has gone) answers 204 without a body; Chromium can report such a request aborted when the page
    // navigates while it is in flight. measurement.spec.ts counts what the server received.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() === 'ping' && new URL(request.url()).pathname === MEASURE_PATH) return;
    // The browser's own favicon fetch, abandoned when a test reloads or leaves the page before it ends.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && request.resourceType() === 'other' && new URL(request.url()).pathname === '/favicon.svg') return;
    // Our built fonts and module scripts the document preloads, abandoned when the test reloads or
    // leaves the page before they arrive. A missing one answers 404, which the response check reports.
    if (request.failure()?.errorText === 'net::ERR_ABORTED' && isPreloadedAsset(page, request.url())) return;
    errors.push(`request failed (${request.failure()?.errorText}) for ${request.resourceType()} ${request.url()}`);
  });
  return errors;
}

/** A file of the build's own `/assets/` folder on the page's origin that a document preloads: a font or a module script. */
function isPreloadedAsset(page: Page, address: string): boolean {
  const url = new URL(address);
  return url.origin === new URL(page.url()).origin && /^\/assets\/[^/]+\.(woff2|js)$/.test(url.pathname);
}

/** What axe-core finds against WCAG 2.0–2.2 A and AA on the page as it is now: a line a rule, with its first nodes. */
export async function axeViolations(page: Page): Promise<string[]> {
  // Colours are judged at rest: mid-transition (the header turning navy as the page returns to the
  // top) a text and its background are both on their way and may briefly meet.
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'));
  // Every result type, though only violations are read: `resultTypes: ['violations']` was slower
  // here and made axe 4.13 report `landmark-unique` on four pages where the full run finds none.
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return violations.map(
    ({ id, impact, help, nodes }) =>
      `${id} (${impact}) ${help}: ${nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  expect(await axeViolations(page), 'axe-core violations (WCAG 2.2 AA)').toEqual([]);
}

/** No Hangul word inside `scope` is broken across lines ("미배/정"): each word's boxes share one top. */
export async function expectNoKoreanWordBroken(scope: Locator): Promise<void> {
  const broken = await scope.evaluate((root) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? '').matchAll(/[가-힣]{2,}/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
        if (tops.size > 1) words.push(match[0]);
      }
    }
    return words;
  });
  expect(broken, 'Korean words broken across lines').toEqual([]);
}

/**
 * How many pixels wider than the screen the page is (0 or less: it fits). The screen is the root's
 * client width (the viewport less a scrollbar), not innerWidth: a phone's browser (isMobile)
 * widens its layout viewport, and innerWidth with it, to a page wider than the screen.
 */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  expect(await horizontalOverflow(page), 'pixels the page is wider than the screen (horizontal scrolling)').toBeLessThanOrEqual(0);
}

/** Pictures are for people looking at the pages: taken locally, not in CI, which keeps no artifacts. */
const TAKES_PICTURES = !process.env.CI;
/** The committed pictures of docs/ change only when asked for. */
export const RETAKES_DOCS_PICTURES = process.env.DOCS_PICTURES === '1';

export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  if (!TAKES_PICTURES) return;
  mkdirSync(SCREENS_DIR, { recursive: true });
  // Web fonts must be in before the picture is taken, or Korean may show in a fallback face.
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SCREENS_DIR}/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** The whole page for the test's record, and `part` of it for docs/sales-console.md (a palette PNG, small). */
export async function documented(page: Page, testInfo: TestInfo, name: string, part: Locator): Promise<void> {
  await screenshot(page, testInfo, name);
  if (!RETAKES_DOCS_PICTURES) return;
  mkdirSync('docs/images/console', { recursive: true });
  const png = await sharp(await part.screenshot())
    .png({ palette: true, colours: 64 })
    .toBuffer();
  writeFileSync(`docs/images/console/${name}-${testInfo.project.name}.png`, png);
}

/**
 * Waits until React has hydrated the page (the interest popup marks itself ready once its script
 * runs). Hydration starts after the first paint; until then forms post natively and the browser's
 * own validation answers, so a test of the page's script waits for this first.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
}

/**
 * Waits until React has taken over one element (its props, handlers included, are attached to the
 * DOM node while hydrating): for pages without the interest popup, such as the console's.
 */
export async function waitForHydrated(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactProps')))).toBe(true);
}
