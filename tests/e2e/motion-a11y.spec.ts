import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/checks';

/**
 * Motion a visitor controls: nothing moves for more than 5 s on its own (WCAG 2.2.2), nothing
 * moves at all with prefers-reduced-motion (the premium slider starts paused), and wide-screen
 * step scrolling leaves arrow keys alone, ignores trackpad nudges and inertial tails, and never
 * scrolls past content the visitor has not seen.
 */

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await expect(page.locator('main#main')).toHaveAttribute('data-step-scroll', 'ready');
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** A page where the loading dots belong (the "준비 중" placeholder, the PDF overlay): their styles come with it. */
const PAGE_WITH_LOADING_DOTS = '/FloorPlan/84A';

/** Puts the three loading dots on the page. */
async function addLoadingDots(page: Page): Promise<void> {
  // After hydration, which would remove a foreign node from React's tree.
  await waitForHydration(page);
  await page.evaluate(() => {
    const dots = document.createElement('span');
    dots.className = 'loading-dots';
    dots.innerHTML = '<span class="loading-dots__dot"></span>'.repeat(3);
    document.body.append(dots);
  });
}

const dotTimings = (page: Page) =>
  page
    .locator('.loading-dots')
    .evaluate((dots) => dots.getAnimations({ subtree: true }).map((animation) => Number(animation.effect?.getComputedTiming().endTime)));

test.describe('animations end within 5 s', () => {
  test('the loading dots bounce a few times, then rest', async ({ page }) => {
    await page.goto(PAGE_WITH_LOADING_DOTS);
    await addLoadingDots(page);
    const timings = await dotTimings(page);
    expect(timings).toHaveLength(3);
    for (const end of timings) expect(end).toBeLessThanOrEqual(5000);
  });

  test('with prefers-reduced-motion nothing animates, and the premium slider starts paused @mobile', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto(PAGE_WITH_LOADING_DOTS);
    await addLoadingDots(page);
    expect(await dotTimings(page)).toEqual([]);

    await openHome(page);
    await page.locator('.overview-accordion .accordion__button').nth(2).tap();
    const slider = page.locator('.premium-slider');
    await slider.scrollIntoViewIfNeeded();
    await expect(slider.getByRole('button', { name: '자동 넘김 시작' })).toBeVisible();
    await expect(slider).toHaveAttribute('data-playing', 'false');
    await page.clock.runFor(13_000);
    await expect(slider.locator('.premium-slider__slide').first()).toHaveAttribute('data-active', 'true');
    // The visitor may still start it.
    await slider.getByRole('button', { name: '자동 넘김 시작' }).tap();
    await expect(slider).toHaveAttribute('data-playing', 'true');
  });
});

test('with prefers-reduced-motion a menu panel opened by keyboard appears at once, without a fade or slide @desktop', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/FloorPlan/59A');
  const group = page.locator('.site-nav__group').nth(1);
  await group.locator('a').first().focus();
  const panel = group.locator('.site-nav__panel');
  await expect(panel).toBeVisible();
  // The open state's own transition must not come back under reduced motion.
  expect(
    await panel.evaluate((element) =>
      getComputedStyle(element)
        .transitionDuration.split(', ')
        .every((duration) => duration === '0s'),
    ),
  ).toBe(true);
  expect(await panel.evaluate((element) => element.getAnimations().length)).toBe(0);
});

test.describe('wide-screen step scrolling respects the visitor @desktop', () => {
  test('arrow keys scroll natively, by a line, not a section', async ({ page }) => {
    await openHome(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    expect(await scrollY(page)).toBeLessThan(200);
    await expect(page.locator('main#main')).not.toHaveAttribute('data-last-step');
  });

  test('a small trackpad nudge does not jump a section', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    await page.mouse.move(720, 450);
    for (const delta of [3, 5, 4]) await page.mouse.wheel(0, delta);
    await expect(page.locator('main#main')).not.toHaveAttribute('data-last-step');
    await expect.poll(() => scrollY(page)).toBeLessThan(100);
  });

  test('an inertial flick moves one section, however long its tail', async ({ page }) => {
    await page.clock.install();
    await openHome(page);
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await page.mouse.move(720, 450);
    // A trackpad flick: a quick rise, then a tail decaying over 1.5 s, an event every 16 ms.
    const deltas = [20, 60, 120, ...Array.from({ length: 90 }, (_, index) => Math.max(1, Math.round(120 * 0.96 ** index)))];
    for (const delta of deltas) {
      await page.mouse.wheel(0, delta);
      await page.clock.runFor(16);
    }
    await expect(page.locator('main#main')).toHaveAttribute('data-last-step', '2');
    // A new flick after a pause steps again.
    await page.clock.runFor(400);
    await page.mouse.wheel(0, 100);
    await expect(page.locator('main#main')).toHaveAttribute('data-last-step', '3');
  });

  test('at 960×600 the 커뮤니티 button comes fully into view while stepping down', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 960, height: 600 });
    await page.clock.install();
    await openHome(page);
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
    await page.mouse.move(480, 300);
    const button = page.locator('section.home-complex').getByRole('button', { name: '커뮤니티' });
    const fullyInView = () =>
      button.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        const header = document.querySelector('.site-header')!.getBoundingClientRect();
        return rect.top >= header.bottom && rect.bottom <= window.innerHeight;
      });
    let seen = false;
    let previous = -1;
    for (let wheel = 0; wheel < 80 && !seen; wheel++) {
      await page.mouse.wheel(0, 100);
      // Wait for the step's smooth scroll (or the native scroll) to come to rest: two polls alike.
      let last = -1;
      await expect
        .poll(async () => {
          const now = await scrollY(page);
          const resting = now === last;
          last = now;
          return resting;
        })
        .toBe(true);
      seen = await fullyInView();
      await page.clock.runFor(600);
      const position = await scrollY(page);
      if (position === previous && wheel > 0) break;
      previous = position;
    }
    expect(seen).toBe(true);
  });
});
