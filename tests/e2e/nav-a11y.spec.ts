import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/checks';
import { START_PAGE, dropdownOf, expectAt, settings, topLink } from './support/shell-helpers';

/**
 * Keyboard and screen-reader use of the shell: the slide menu is a modal, page changes move focus
 * to the new page's heading, every control is named for what it does, dropdowns and the
 * family-site list close on Escape and on leaving them, the sub-menu strip shows it scrolls, and
 * the logo survives WCAG text-spacing overrides.
 */

/** What has focus, in words, for failure messages. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.trim().slice(0, 20)}"` : 'none';
  });

test.describe('slide menu is a modal @mobile', () => {
  test('opening moves focus in, Tab stays in the menu, the page underneath is inert', async ({ page }) => {
    await page.goto('/');
    // Before hydration the button has no handler yet (a key press then does nothing).
    await waitForHydration(page);
    const button = page.getByRole('button', { name: '전체 메뉴 열기' });
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.locator('#slide-menu');
    await expect(menu).toBeVisible();
    await expect(menu.locator(':focus')).toHaveCount(1);
    expect(await page.locator('main#main').evaluate((main) => main.closest('[inert]') !== null)).toBe(true);
    expect(await page.locator('.mobile-bottom-bar').evaluate((bar) => bar.closest('[inert]') !== null)).toBe(true);

    // Forwards and backwards, focus never reaches the page: only the menu, its button, and the
    // browser's own controls past the ends (the body, here).
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 25; press++) {
        await page.keyboard.press(key);
        const inside = await page.evaluate(() => {
          const element = document.activeElement;
          if (!element || element === document.body) return true;
          return element.closest('#slide-menu') !== null || element.classList.contains('site-header__menu-button');
        });
        expect(inside, `${key} ×${press + 1}: ${await focused(page)}`).toBe(true);
      }
    }
  });

  test('Escape closes it from anywhere and focus returns to the menu button', async ({ page }) => {
    await page.goto('/');
    // Before hydration the button has no handler yet (a tap then does nothing).
    await waitForHydration(page);
    const button = page.locator('.site-header__menu-button');
    const menu = page.locator('#slide-menu');

    // Focus inside the panel.
    await button.tap();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(await page.locator('main#main').evaluate((main) => main.closest('[inert]') === null)).toBe(true);

    // Focus on the menu button itself, outside the panel.
    await button.tap();
    await expect(menu).toBeVisible();
    await button.focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();

    // Closing with the backdrop also hands focus back.
    await button.tap();
    await expect(menu).toBeVisible();
    await page.locator('.slide-menu__backdrop').tap({ position: { x: 360, y: 500 } });
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
  });
});

test.describe('page changes move focus to the new heading', () => {
  test('desktop: a header link and a dropdown link @desktop', async ({ page }) => {
    await page.goto(START_PAGE);
    await waitForHydration(page);
    const group = settings.menu[0];
    await topLink(page, group.title).click();
    await expectAt(page, group.items[0].href);
    await expect(page.locator('main h1')).toBeFocused();

    const other = settings.menu[1];
    await topLink(page, other.title).hover();
    await page.locator('.site-nav__panel').getByRole('link', { name: other.items[1].label, exact: true }).click();
    await expectAt(page, other.items[1].href);
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('phone: a slide-menu link and a sub-menu link @mobile', async ({ page }) => {
    await page.goto(START_PAGE);
    await waitForHydration(page);
    await page.locator('.site-header__menu-button').tap();
    const group = settings.menu.find((candidate) => candidate.title === '브랜드소개')!;
    const menu = page.locator('#slide-menu');
    await menu.locator('.slide-menu__toggle', { hasText: group.title }).tap();
    await menu.getByRole('link', { name: group.items[1].label, exact: true }).tap();
    await expectAt(page, group.items[1].href);
    await expect(page.locator('main h1')).toBeFocused();

    await page.locator('.sub-menu').getByRole('link', { name: group.items[0].label, exact: true }).tap();
    await expectAt(page, group.items[0].href);
    await expect(page.locator('main h1')).toBeFocused();
  });

  test('an in-page link (the skip link) keeps its own focus target', async ({ page }) => {
    await page.goto(START_PAGE);
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).hash).toBe('#main');
    await expect(page.locator('main h1')).not.toBeFocused();
  });
});

test.describe('names and roles', () => {
  test('dialog openers say they open registration; the phone number calls', async ({ page }, testInfo) => {
    await page.goto(START_PAGE);
    for (const opener of await page.locator('a[data-interest-popup]').all()) {
      if (!(await opener.isVisible())) continue;
      const name = await opener.evaluate((element) => element.textContent ?? '');
      expect(name, 'a dialog opener is not a phone call').not.toMatch(/전화상담/);
      expect(name).toMatch(/관심고객 등록/);
    }
    for (const call of await page.locator('a[href^="tel:"]').all()) {
      if (await call.isVisible()) await expect(call).not.toHaveAttribute('data-interest-popup');
    }
    if (testInfo.project.name === 'desktop') {
      await expect(page.getByRole('link', { name: `${settings.phone} (관심고객 등록 창 열기)`, exact: true })).toBeVisible();
    } else {
      await expect(page.getByRole('link', { name: `전화상담 ${settings.phone}`, exact: true })).toHaveAttribute('href', /^tel:/);
      await expect(page.locator('.mobile-bottom-bar').getByRole('link', { name: '방문예약 (관심고객 등록 창 열기)', exact: true })).toBeVisible();
    }
  });

  test('top-navigation links navigate and claim no expanded state @desktop', async ({ page }) => {
    await page.goto(START_PAGE);
    for (const group of settings.menu) {
      const link = page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: group.title, exact: true });
      await expect(link).toHaveAttribute('href', group.items[0].href);
      await expect(link).not.toHaveAttribute('aria-expanded');
      await expect(link).not.toHaveAttribute('aria-controls');
    }
  });
});

test.describe('dropdowns close on Escape and when left', () => {
  test('a hover-opened dropdown closes on Escape with focus elsewhere; a focus-opened one when focus leaves @desktop', async ({ page }) => {
    await page.goto(START_PAGE);
    await waitForHydration(page);
    const first = settings.menu[0];
    const panel = dropdownOf(page, first.title);
    await page.locator('.skip-link').focus();
    await topLink(page, first.title).hover();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(page.locator('.skip-link')).toBeFocused();

    await page.mouse.move(720, 700);
    await topLink(page, first.title).focus();
    await expect(panel).toBeVisible();
    await page.locator('main h1').evaluate((heading) => {
      heading.setAttribute('tabindex', '-1');
      heading.focus();
    });
    await expect(panel).toBeHidden();
  });

  test('the family-site list closes on Escape from anywhere and when focus leaves it', async ({ page }) => {
    await page.goto(START_PAGE);
    await waitForHydration(page);
    const details = page.locator('details.family-sites');
    const summary = details.locator('summary');
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open', '');
    // Focus in the list, then Escape: closed, focus back on the summary.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect(details).not.toHaveAttribute('open');
    await expect(summary).toBeFocused();

    // Open, then focus moves elsewhere: it closes.
    await page.keyboard.press('Enter');
    await expect(details).toHaveAttribute('open', '');
    await page.locator('.site-footer__privacy').focus();
    await expect(details).not.toHaveAttribute('open');

    // Open while focus is somewhere else entirely (a pointer opened it): Escape still closes it.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await details.evaluate((element: HTMLDetailsElement) => {
      element.open = true;
    });
    await page.keyboard.press('Escape');
    await expect(details).not.toHaveAttribute('open');
  });
});

test.describe('narrow screens @mobile', () => {
  test('the sub-menu strip shows that it scrolls and brings the current page into view', async ({ page }) => {
    await page.goto('/FloorPlan/videos');
    const nav = page.locator('nav.sub-menu');
    const list = nav.locator('.sub-menu__list');
    const current = list.locator('[aria-current="page"]');
    await expect(current).toBeInViewport({ ratio: 1 });
    expect(await list.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    // Scrolled to the current item at the end: more lies to the start, nothing to the end.
    await expect(nav).toHaveAttribute('data-more-start', 'true');
    await expect(nav).toHaveAttribute('data-more-end', 'false');
    const cue = await nav.evaluate((element) => getComputedStyle(element, '::before').backgroundImage);
    expect(cue).toMatch(/gradient/);

    await list.evaluate((element) => element.scrollTo({ left: 0 }));
    await expect(nav).toHaveAttribute('data-more-start', 'false');
    await expect(nav).toHaveAttribute('data-more-end', 'true');
    expect(await nav.evaluate((element) => getComputedStyle(element, '::after').opacity)).toBe('1');
  });

  test('at 320 px with WCAG text spacing the logo is not cut off', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/');
    // The WCAG 1.4.12 bookmarklet's overrides, added through the CSSOM (the CSP refuses <style>).
    await page.evaluate(() => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(
        '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      );
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    });
    const logo = page.locator('.site-header__logo');
    const clipped = await logo.evaluate((element) => ({
      wide: element.scrollWidth - element.clientWidth,
      tall: element.scrollHeight - element.clientHeight,
      overflow: getComputedStyle(element).textOverflow,
    }));
    expect(clipped.wide).toBeLessThanOrEqual(0);
    expect(clipped.tall).toBeLessThanOrEqual(0);
    const [logoBox, headerBox] = [await logo.boundingBox(), await page.locator('.site-header__inner').boundingBox()];
    expect(logoBox!.y).toBeGreaterThanOrEqual(headerBox!.y - 0.5);
    expect(logoBox!.y + logoBox!.height).toBeLessThanOrEqual(headerBox!.y + headerBox!.height + 0.5);
    await expect(logo).toHaveText(settings.brandName);
    // Every header control still fits on the line.
    for (const control of await page.locator('.site-header__inner > :is(button, a), .site-header__mobile-actions > a').all()) {
      const box = (await control.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(320.5);
    }
  });
});
