import { expect, test, type Page } from '@playwright/test';
import { waitForHydration, watchErrors } from './support/checks';

/**
 * The page pipeline in Chromium: the first paint needs the document alone (stylesheets inline,
 * hydration JavaScript fetched only after the first contentful paint), the page then hydrates
 * with no CSP or hydration error and ends up with the stylesheet links React Router rendered, and
 * an inline script that was not in the page as rendered (an injection) is blocked by the hashed CSP.
 * Ad landings too: their page is rendered without the click IDs and campaign parameters, which the
 * browser keeps in its URL; the page hydrates against that URL just as cleanly.
 */

const AD_LANDINGS = [
  '/?gclid=e2e-click-1&utm_source=google&utm_medium=cpc',
  '/cheonghak/press?n_media=27758&n_query=%EC%B2%AD%ED%95%99&NaPm=ct%3De2e%7Chk%3Dx',
];

for (const path of ['/', '/FloorPlan/59A', '/cheonghak/press', '/cheonghak/press/press-sample-01', '/Promotion/Customer', ...AD_LANDINGS]) {
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
      const stylesheets = performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.+\.css$/.test(entry.name))
        .map((entry) => entry.startTime);
      return { paint, firstScript: Math.min(...scripts), scripts: scripts.length, firstStylesheet: Math.min(...stylesheets) };
    });
    expect(timing.scripts, 'the page loaded its modules').toBeGreaterThan(0);
    expect(timing.firstScript, 'no module before the first contentful paint').toBeGreaterThanOrEqual(timing.paint);
    expect(timing.firstStylesheet, 'no stylesheet file before the first contentful paint').toBeGreaterThanOrEqual(timing.paint);
    // Hydration restyles nothing: every stylesheet React Router rendered has its link back in
    // place, disabled, right before its inline copy, which keeps styling the page (and declares
    // each Pretendard face once: declared again by a file, a face would load again and swap in).
    const stylesheets = await page.locator('link[rel="stylesheet"]').evaluateAll((elements) =>
      elements.map((element) => {
        const link = element as HTMLLinkElement;
        const copy = link.nextElementSibling;
        return { href: link.getAttribute('href'), disabled: link.disabled, copy: copy?.localName === 'style' ? copy.getAttribute('data-inlined') : null };
      }),
    );
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(stylesheets.filter((sheet) => !sheet.disabled || sheet.copy !== sheet.href)).toEqual([]);
    expect(await page.locator('style[data-inlined]').count()).toBe(stylesheets.length);
    const declared = await page
      .locator('style[data-inlined]')
      .evaluateAll((styles) => styles.reduce((sum, style) => sum + (style.textContent?.match(/font-family:\s*"?Pretendard"?\s*;/g) ?? []).length, 0));
    expect(declared).toBeGreaterThan(0);
    expect(await page.evaluate(() => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Pretendard').length)).toBe(declared);
    expect(errors).toEqual([]);
  });
}

/** One path per page template, as `npm run lighthouse` audits them. */
const TEMPLATE_PATHS = [
  '/',
  '/SalesInfo/guide',
  '/LocationEnvironment/intro',
  '/FloorPlan/59A',
  '/Interior/59A',
  '/cheonghak/press',
  '/cheonghak/press/press-sample-01',
  '/Promotion/Customer',
];

test('the large images on the first screen of every template are requested at once, each no larger than the screen needs', async ({ page }) => {
  for (const path of TEMPLATE_PATHS) {
    await page.goto(path, { waitUntil: 'load' });
    const images = await page.locator('img').evaluateAll((elements) =>
      elements.flatMap((element) => {
        const image = element as HTMLImageElement;
        const box = image.getBoundingClientRect();
        const onFirstScreen = box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth;
        if (!onFirstScreen) return [];
        const candidates = image.srcset
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/))
          .map(([url, descriptor]) => ({ url: new URL(url!, location.href).href, width: Number(descriptor?.replace(/w$/, '')) }));
        return [
          {
            file: (image.currentSrc || image.src).split('/').pop(),
            loading: image.getAttribute('loading'),
            chosen: candidates.find((candidate) => candidate.url === image.currentSrc)?.width ?? null,
            smallest: Math.min(...candidates.map((candidate) => candidate.width)),
            needed: Math.round(box.width * devicePixelRatio),
            visibleArea: (Math.min(box.right, innerWidth) - Math.max(box.left, 0)) * (Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)),
          },
        ];
      }),
    );
    // Any image near the largest in size may be the largest contentful paint on some phone (a few
    // pixels of width decide it); a lazy image waits for layout before its request starts.
    const largestArea = Math.max(0, ...images.map((image) => image.visibleArea));
    for (const image of images.filter((candidate) => candidate.visibleArea >= largestArea / 2)) {
      expect(image.loading, `${path}: ${image.file}, one of the first screen's large images`).not.toBe('lazy');
    }
    for (const image of images) {
      // From a srcset the browser takes the next size up from what the screen shows; that size must not be far beyond it.
      if (image.chosen !== null)
        expect(image.chosen, `${path}: ${image.file} shown ${image.needed} px wide`).toBeLessThanOrEqual(Math.max(image.smallest, image.needed * 1.5));
    }
  }
});

/** Whether a stylesheet in force (a file or an inline copy, not disabled) has a rule starting with `selector`. */
function styledBy(page: Page, selector: string): Promise<boolean> {
  return page.evaluate(
    (start) => [...document.styleSheets].some((sheet) => !sheet.disabled && [...sheet.cssRules].some((rule) => rule.cssText.startsWith(start))),
    selector,
  );
}

test("a client navigation takes the stylesheets of the page it leaves along, inline copies too, and applies the next page's files", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/cheonghak/press');
  await waitForHydration(page);
  expect(await styledBy(page, '.press-admin')).toBe(true);
  await expect(page.locator('style[data-inlined*="/press-list-"]')).toHaveCount(1);
  const inlineCopies = () => page.locator('style[data-inlined]').evaluateAll((styles) => styles.map((style) => style.getAttribute('data-inlined')!));
  const copiesBefore = await inlineCopies();

  await page.locator('a.site-header__logo').click();
  await expect(page).toHaveURL(/\/$/);
  const home = page.locator('link[rel="stylesheet"][href*="/home-"]');
  await expect(home).toHaveCount(1);
  await expect
    .poll(() => home.evaluate((link: HTMLLinkElement) => !link.disabled && link.sheet !== null), { message: "the home page's file applies" })
    .toBe(true);
  await expect(page.locator('style[data-inlined*="/press-list-"]'), "the press list's inline copy left with it").toHaveCount(0);
  expect(await styledBy(page, '.press-admin')).toBe(false);
  // The stylesheets both pages share keep their inline copies, each once (the root's among them);
  // the others left with their links. Chunk names are the bundler's, so copies are told apart by their whole file name.
  const filesAfter = await page.locator('link[rel="stylesheet"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  expect(await inlineCopies()).toEqual(copiesBefore.filter((href) => filesAfter.includes(href)));
  await expect(page.locator('style[data-inlined*="/root-"]')).toHaveCount(1);
  expect(await styledBy(page, '.home-section')).toBe(true);

  await page.goBack();
  await expect(page.locator('link[rel="stylesheet"][href*="/press-list-"]')).toHaveCount(1);
  await expect.poll(() => styledBy(page, '.press-admin'), { message: "the press list's file applies" }).toBe(true);
  expect(await styledBy(page, '.home-section')).toBe(false);
  expect(errors).toEqual([]);
});

test("the scroll padding follows the header's height without restyling the page when it has its usual height", async ({ page }) => {
  await page.goto('/FloorPlan/59A');
  await waitForHydration(page);
  const measure = () =>
    page.evaluate(() => ({
      header: `${document.querySelector<HTMLElement>('header.site-header')!.offsetHeight}px`,
      scrollPadding: getComputedStyle(document.documentElement).scrollPaddingTop,
      property: document.documentElement.style.getPropertyValue('--sticky-header-height'),
    }));
  // A custom property set on the root restyles every element: hydration sets none for a height
  // the stylesheet already allows for.
  const usual = await measure();
  expect(usual.scrollPadding).toBe(usual.header);
  expect(usual.property).toBe('');
  // A taller header (the preview banner inside it, a wrapped line) moves the scroll padding along.
  await page.evaluate(() => {
    const banner = document.createElement('div');
    banner.style.setProperty('height', '30px');
    document.querySelector('header.site-header')!.prepend(banner);
  });
  await expect
    .poll(async () => {
      const taller = await measure();
      return taller.header !== usual.header && taller.scrollPadding === taller.header;
    })
    .toBe(true);
});

/** The fonts the browser draws the page's main heading with (its own record of each text run). */
async function headingFonts(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: 'h1' });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName);
}

test('Pretendard travels after the first visit has loaded, and the next pages are drawn in it from their first paint without a shift', async ({ page }) => {
  await page.goto('/FloorPlan/59A');
  await waitForHydration(page);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cheonghak:web-font')), { message: 'the faces fetched for the next pages' }).toBe('1');
  const first = await page.evaluate(() => ({
    load: Math.max(
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    ),
    fonts: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.woff2'))
      .map((entry) => entry.startTime),
  }));
  expect(first.fonts.length, 'both core faces').toBe(2);
  // Fetched for the next pages, not loaded as faces here: this page does not draw in them, and a
  // face loaded is decoded on the main thread and restyles the page's text.
  expect(await page.evaluate(() => [...document.fonts].filter((face) => face.family.replace(/"/g, '') === 'Pretendard').map((face) => face.status))).toEqual([
    'unloaded',
    'unloaded',
    'unloaded',
    'unloaded',
  ]);
  expect(Math.min(...first.fonts), 'no font before the page has painted and loaded').toBeGreaterThanOrEqual(first.load);
  expect(await headingFonts(page), 'the first page stays in the fallback: nothing swaps').not.toContain('Pretendard');

  await page.goto('/SalesInfo/guide');
  await waitForHydration(page);
  expect(await page.evaluate(() => document.documentElement.classList.contains('pretendard'))).toBe(true);
  expect(await headingFonts(page)).toEqual(['Pretendard']);
  type Shift = { value: number; sources: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }> };
  const shifts = await page.evaluate(
    () =>
      new Promise<{ total: number; moved: string[] }>((resolve) => {
        let total = 0;
        const moved: string[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            total += entry.value;
            // What moved, and from where to where: the failure names it.
            for (const { node, previousRect: from, currentRect: to } of entry.sources) {
              const element = node instanceof Element ? node : node?.parentElement;
              moved.push(
                `${element ? `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}` : '?'} ${from.x},${from.y},${from.width}x${from.height} → ${to.x},${to.y},${to.width}x${to.height}`,
              );
            }
          }
        }).observe({ type: 'layout-shift', buffered: true });
        void document.fonts.ready.then(() => requestAnimationFrame(() => resolve({ total, moved })));
      }),
  );
  expect(shifts.total, `no layout shift (moved: ${shifts.moved.join('; ')})`).toBe(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('a page is styled by its inline stylesheets alone and fetches no stylesheet file', async ({ page }) => {
    const stylesheetRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheetRequests.push(request.url());
    });
    await page.goto('/FloorPlan/59A');
    await expect(page.locator('style[data-inlined]').first()).toBeAttached();
    // The skip link is the first focusable element and is moved out of view by the stylesheet.
    const skipLink = page.locator('a[href="#main"]').first();
    const box = await skipLink.boundingBox();
    expect(box === null || box.y + box.height <= 0 || box.x + box.width <= 0, 'the skip link is hidden until focused').toBe(true);
    expect(stylesheetRequests).toEqual([]);
  });
});

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
