import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, watchErrors } from './support/checks';

/**
 * The home page's sections and interactions at 375×812 (`mobile`) and 1440×900 (`desktop`).
 * Tests tagged @desktop / @mobile are about one layout and run only in that project (see
 * playwright.config.ts). Timers are driven with Playwright's clock, never with sleeps.
 */

/** Loads the home page and waits until the client has attached the page's listeners. */
async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('main#main')).toHaveAttribute('data-step-scroll', 'ready');
}

/** Scroll positions where step scrolling should stop: each visible section's top below the header. */
function sectionOffsets(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const padding = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    return Array.from(document.querySelectorAll('[data-home-step]'))
      .filter((section) => section.getClientRects().length > 0)
      .map((section) => Math.round(section.getBoundingClientRect().top + window.scrollY - padding));
  });
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const maxScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);

/** Freezes the page's clock (after hydration, so loading is not held up) at a moment from now. */
async function freezeClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

async function expectOneOpen(buttons: Locator, openIndex: number | null): Promise<void> {
  const count = await buttons.count();
  for (let index = 0; index < count; index += 1) {
    const button = buttons.nth(index);
    const expanded = index === openIndex;
    await expect(button).toHaveAttribute('aria-expanded', String(expanded));
    const panelId = await button.getAttribute('aria-controls');
    const panel = button.page().locator(`[id="${panelId}"]`);
    if (expanded) await expect(panel).toBeVisible();
    else await expect(panel).toBeHidden();
  }
}

test.describe('home page', () => {
  test('renders every section, axe clean, no overflow, no errors', async ({ page }, testInfo) => {
    const errors = watchErrors(page);
    await openHome(page);
    const main = page.locator('main#main');
    await expect(main.locator('h1')).toHaveCount(1);
    for (const name of ['location', 'brand', 'premium', 'special', 'unit-plan', 'complex', 'interest']) {
      await expect(main.locator(`section.home-${name} h2`)).not.toBeEmpty();
    }
    await expect(main.locator('section#interestForm')).toHaveCount(1);
    await expect(main.locator('a[href="/Brand/video"]')).toBeVisible();
    await expect(main.locator('section.home-unit-plan a[href="/FloorPlan/84A"]')).toBeVisible();
    const premiumLinks = await main.locator('section.home-premium .premium-card__link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(new Set(premiumLinks)).toEqual(new Set(['/BusinessGuide/intro', '/LocationEnvironment/intro', '/LocationEnvironment/primium']));
    // Lazy images below the fold must load too: scroll each one into view.
    for (const image of await main.locator('img:visible').all()) {
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoHorizontalOverflow(page);
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'home-sections');
    expect(errors).toEqual([]);
  });

  test('the hero button opens the interest popup (a plain link without JS)', async ({ page }) => {
    await openHome(page);
    const cta = page.locator('.hero a.hero__cta');
    await expect(cta).toBeVisible();
    await expect(cta).toHaveAttribute('href', '/Promotion/Customer');
    await expect(cta).toHaveAttribute('data-interest-popup', '');
    // Like every other opener, its name says it opens the registration dialog.
    await expect(cta).toHaveAccessibleName(/\(관심고객 등록 창 열기\)$/);
    await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
    await cta.click();
    await expect(page.locator('dialog.interest-popup')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    // While the popup is open, keys and the wheel belong to it: no step scrolling.
    await page.keyboard.press('PageDown');
    await expect(page.locator('main#main')).not.toHaveAttribute('data-last-step');
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog.interest-popup')).toBeHidden();
    await expect(cta).toBeFocused();
    // The hero image is the LCP element: loaded eagerly with high priority.
    const heroImage = page.locator('.hero__image');
    await expect(heroImage).toHaveAttribute('loading', 'eager');
    await expect(heroImage).toHaveAttribute('fetchpriority', 'high');
  });

  test('unit-type viewer: arrows dim and disable at the ends; the plan fades in over 500 ms', async ({ page }) => {
    await openHome(page);
    const viewer = page.locator('.unit-viewer');
    await viewer.scrollIntoViewIfNeeded();
    const previous = viewer.getByRole('button', { name: '이전 타입' });
    const next = viewer.getByRole('button', { name: '다음 타입' });
    const types = viewer.locator('.unit-viewer__type');
    const activePlan = viewer.locator('.unit-viewer__plan.is-active');
    const opacity = (button: Locator) => button.evaluate((element) => Number(getComputedStyle(element).opacity));

    await expect(types).toHaveText(['40', '59A', '59B']);
    await expect(activePlan).toHaveAttribute('data-unit-code', '40');
    await expect(previous).toBeDisabled();
    expect(await opacity(previous)).toBeLessThan(0.5);
    await expect(next).toBeEnabled();
    expect(await opacity(next)).toBe(1);

    await next.click();
    await expect(activePlan).toHaveAttribute('data-unit-code', '59A');
    await expect(types.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(previous).toBeEnabled();
    await expect(next).toBeEnabled();

    await next.click();
    await expect(activePlan).toHaveAttribute('data-unit-code', '59B');
    await expect(next).toBeDisabled();
    expect(await opacity(next)).toBeLessThan(0.5);
    // Focus moved to the arrow that still works instead of being lost.
    await expect(previous).toBeFocused();

    await types.first().click();
    await expect(activePlan).toHaveAttribute('data-unit-code', '40');
    await expect(previous).toBeDisabled();
    await expect(activePlan.locator('img')).toBeVisible();
    expect(await activePlan.evaluate((element) => getComputedStyle(element).transitionDuration)).toContain('0.5s');
  });

  test('accordions keep one item open; the open one closes; the unit-plan title follows', async ({ page }) => {
    await openHome(page);
    const complex = page.locator('.complex-accordion .accordion__button');
    await expect(complex).toHaveText(['단지배치도', '단지특화설계', '커뮤니티']);
    await expectOneOpen(complex, 0);
    await complex.nth(1).click();
    await expectOneOpen(complex, 1);
    await complex.nth(2).press('Enter');
    await expectOneOpen(complex, 2);
    await complex.nth(2).click();
    await expectOneOpen(complex, null);

    const unitPlan = page.locator('section.home-unit-plan');
    const title = unitPlan.locator('h2');
    const items = unitPlan.locator('.unit-plan-accordion .accordion__button');
    await expect(items).toHaveText(['타입 안내', 'E-모델하우스']);
    await expect(title).toHaveText('타입 안내');
    await items.nth(1).click();
    await expectOneOpen(items, 1);
    await expect(title).toHaveText('E-모델하우스');
    await items.nth(1).click();
    await expectOneOpen(items, null);
    await expect(title).toHaveText('세대안내');
    await items.nth(0).focus();
    await page.keyboard.press('Space');
    await expect(title).toHaveText('타입 안내');
  });

  test('the first screen and each accordion’s first item come from the server HTML (no JS)', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('.hero a.hero__cta')).toBeVisible();
    for (const accordion of ['.complex-accordion', '.unit-plan-accordion']) {
      await expect(page.locator(`${accordion} .accordion__panel`).first()).toBeVisible();
    }
    await expect(page.locator('.unit-viewer__plan.is-active img')).toBeVisible();
    await context.close();
  });

  test('wide screens: one wheel step moves exactly one section, then locks for 500 ms @desktop', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await freezeClock(page);
    const main = page.locator('main#main');
    const offsets = await sectionOffsets(page);
    expect(offsets).toHaveLength(8);
    await page.mouse.move(720, 450);

    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '2');
    await expect.poll(() => scrollY(page)).toBe(offsets[1]);

    // Inside the lock: swallowed (no native scroll, no step).
    await page.mouse.wheel(0, 100);
    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '2');
    expect(await scrollY(page)).toBe(offsets[1]);

    await page.clock.runFor(499);
    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '2');

    await page.clock.runFor(1);
    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '3');
    await expect.poll(() => scrollY(page)).toBe(offsets[2]);

    await page.clock.runFor(500);
    await page.mouse.wheel(0, -100);
    await expect(main).toHaveAttribute('data-last-step', '2');
    await expect.poll(() => scrollY(page)).toBe(offsets[1]);
  });

  test('wide screens: PageDown/PageUp step (arrow keys stay native); the end of the page never traps @desktop', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await freezeClock(page);
    const main = page.locator('main#main');
    const offsets = await sectionOffsets(page);

    await page.keyboard.press('PageDown');
    await expect.poll(() => scrollY(page)).toBe(offsets[1]);
    await page.clock.runFor(500);
    await page.keyboard.press('PageDown');
    await expect.poll(() => scrollY(page)).toBe(offsets[2]);
    await page.clock.runFor(500);
    await page.keyboard.press('PageUp');
    await expect.poll(() => scrollY(page)).toBe(offsets[1]);
    await page.clock.runFor(500);
    await page.keyboard.press('PageUp');
    await expect.poll(() => scrollY(page)).toBe(0);

    // From the last section: one step to the end of the page (8.5), then normal scrolling.
    await page.evaluate((top) => window.scrollTo(0, top), offsets[7]);
    await page.clock.runFor(1500);
    await page.mouse.move(720, 450);
    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '8.5');
    const end = await maxScroll(page);
    await expect.poll(() => scrollY(page)).toBe(end);
    await page.clock.runFor(500);
    await page.mouse.wheel(0, 100);
    await expect(main).toHaveAttribute('data-last-step', '8.5');
    // Back up from the footer: the last section again.
    await page.mouse.wheel(0, -100);
    await expect(main).toHaveAttribute('data-last-step', '8');
    await expect.poll(() => scrollY(page)).toBe(offsets[7]);
    await expect(page.locator('section#interestForm')).toBeInViewport();
  });

  test('wide screens with prefers-reduced-motion: the wheel scrolls normally @desktop', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openHome(page);
    const offsets = await sectionOffsets(page);
    await page.mouse.move(720, 450);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    expect(await scrollY(page)).not.toBe(offsets[1]);
    await expect(page.locator('main#main')).not.toHaveAttribute('data-last-step');
  });

  test('phones: no step scrolling; premium boxes tap open one at a time @mobile', async ({ page }) => {
    await openHome(page);
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 120);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await expect(page.locator('main#main')).not.toHaveAttribute('data-last-step');

    await expect(page.locator('.premium-cards')).toBeHidden();
    const boxes = page.locator('.premium-boxes .accordion__button');
    await expect(boxes).toHaveCount(4);
    await expect(boxes.locator('.premium-boxes__label')).toHaveText(['PREMIUM 01', 'PREMIUM 02', 'PREMIUM 03', 'PREMIUM 04']);
    await expectOneOpen(boxes, 0);
    await boxes.nth(3).tap();
    await expectOneOpen(boxes, 3);
    const panel = page.locator(`[id="${await boxes.nth(3).getAttribute('aria-controls')}"]`);
    await expect(panel.locator('.premium-card__text')).toHaveCount(2);
    await expect(panel.locator('a')).toHaveAttribute('href', '/LocationEnvironment/primium');
    await boxes.nth(3).tap();
    await expectOneOpen(boxes, null);

    const overview = page.locator('.overview-accordion .accordion__button');
    await expect(overview).toHaveText(['사업개요', '입지', '프리미엄']);
    await expectOneOpen(overview, 0);
    await overview.nth(1).tap();
    await expectOneOpen(overview, 1);
  });

  test('phones: the premium slider advances every 6 s, wraps, follows swipes and holds while touched or hovered @mobile', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await freezeClock(page);
    const overview = page.locator('.overview-accordion .accordion__button');
    await overview.nth(2).tap();
    const slider = page.locator('.premium-slider');
    await slider.scrollIntoViewIfNeeded();
    const slides = slider.locator('.premium-slider__slide');
    const dots = slider.locator('.premium-slider__dot');
    await expect(slides).toHaveCount(6);
    await expect(dots).toHaveCount(6);
    const current = () => slides.evaluateAll((all) => all.findIndex((slide) => slide.getAttribute('data-active') === 'true'));
    // The slider starts once it is on screen (IntersectionObserver).
    await expect(slider).toHaveAttribute('data-playing', 'true');
    expect(await current()).toBe(0);

    await page.clock.runFor(5999);
    expect(await current()).toBe(0);
    await page.clock.runFor(1);
    await expect.poll(current).toBe(1);
    await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');

    // Wraps: from the last slide to the first.
    await dots.nth(5).tap();
    await expect.poll(current).toBe(5);
    await page.clock.runFor(6000);
    await expect.poll(current).toBe(0);

    // Swipes: more than 50 px left → next, right → previous; 50 px or less → nothing.
    const viewport = slider.locator('.premium-slider__viewport');
    const box = (await viewport.boundingBox())!;
    const y = box.y + box.height / 2;
    // Real touch input through the browser (CDP), so touch-action and the browser's own panning
    // decide what the page sees, as on a phone: a finger down, moving in steps, lifted.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x?: number) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: x === undefined ? [] : [{ x, y }] });
    const swipe = async (fromX: number, toX: number) => {
      await touch('touchStart', fromX);
      for (let step = 1; step <= 5; step += 1) await touch('touchMove', fromX + ((toX - fromX) * step) / 5);
      await touch('touchEnd');
    };
    await swipe(300, 200);
    await expect.poll(current).toBe(1);
    await swipe(100, 200);
    await expect.poll(current).toBe(0);
    await swipe(300, 250);
    expect(await current()).toBe(0);
    await swipe(40, 100);
    await expect.poll(current).toBe(5);

    // Held while a finger is down: no advance however long it stays.
    await touch('touchStart', 200);
    await expect(slider).toHaveAttribute('data-playing', 'false');
    await page.clock.runFor(12_000);
    expect(await current()).toBe(5);
    await touch('touchEnd');
    await expect(slider).toHaveAttribute('data-playing', 'true');
    await page.clock.runFor(6000);
    await expect.poll(current).toBe(0);

    // Held while a mouse hovers it.
    await viewport.hover();
    await expect(slider).toHaveAttribute('data-playing', 'false');
    await page.clock.runFor(6000);
    expect(await current()).toBe(0);
  });
});
