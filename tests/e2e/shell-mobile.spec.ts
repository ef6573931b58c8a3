import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, waitForHydration } from './support/checks';
import { expectAt, landingPaths, settings } from './support/shell-helpers';

/** The mobile header (project `mobile`, 375×812): menu button, slide menu accordion, call link. */

test.describe('mobile navigation @mobile', () => {
  test('header: menu button, logo, tap-to-call, visit reservation; no desktop menu', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.site-header__logo')).toHaveAttribute('href', '/');
    await expect(page.getByRole('link', { name: `전화상담 ${settings.phone}` }).first()).toBeVisible();
    await expect(page.locator('.site-header__reserve')).toHaveAttribute('href', '/Promotion/Customer');
    await expect(page.locator('.site-nav')).toBeHidden();
    const button = page.locator('.site-header__menu-button');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(page.locator(`#${await button.getAttribute('aria-controls')}`)).toBeHidden();
  });

  test('accordion: one group open at a time; tapping the open one closes it', async ({ page }) => {
    await page.goto('/');
    // A tap before hydration reaches a button with no handler yet (hydration starts after the first paint).
    await waitForHydration(page);
    const button = page.locator('.site-header__menu-button');
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(menu).toBeVisible();
    const toggles = menu.locator('.slide-menu__toggle');
    await expect(toggles).toHaveText(settings.menu.map((group) => group.title));

    for (let index = 0; index < settings.menu.length; index++) {
      const toggle = toggles.nth(index);
      await toggle.tap();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const panel = menu.locator(`#${await toggle.getAttribute('aria-controls')}`);
      await expect(panel).toBeVisible();
      await expect(panel.getByRole('link')).toHaveText(settings.menu[index].items.map((item) => item.label));
      await expect(menu.locator('.slide-menu__toggle[aria-expanded="true"]')).toHaveCount(1);
    }
    const last = toggles.last();
    await last.tap();
    await expect(last).toHaveAttribute('aria-expanded', 'false');
    await expect(menu.locator('.slide-menu__toggle[aria-expanded="true"]')).toHaveCount(0);

    await expectNoAxeViolations(page);
    await button.tap();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('every sub-menu link in the slide menu leads to its page and closes the menu', async ({ page, request }) => {
    test.setTimeout(240_000);
    const landings = await landingPaths(request);
    await page.goto('/');
    await waitForHydration(page);
    const button = page.locator('.site-header__menu-button');
    const menu = page.locator('#slide-menu');
    for (const group of settings.menu) {
      for (const item of group.items) {
        await button.tap();
        await expect(menu).toBeVisible();
        const toggle = menu.locator('.slide-menu__toggle', { hasText: group.title });
        // The menu opens on the current page's group; open this one unless it already is.
        if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.tap();
        const target = landings.get(item.href)!;
        await menu.getByRole('link', { name: item.label, exact: true }).tap();
        await expectAt(page, target);
        // Rendered: the new page has taken focus to its heading (the address changes first).
        await expect(page.locator('main h1')).toBeFocused();
        await expect(button).toHaveAttribute('aria-expanded', 'false');
      }
    }
  });
});
