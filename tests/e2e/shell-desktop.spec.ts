import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, waitForHydration } from './support/checks';
import { START_PAGE, dropdownOf, expectAt, landingPaths, settings, topLink } from './support/shell-helpers';

/** The desktop header (project `desktop`, 1440×900): dropdowns by hover and by keyboard. */

test.describe('desktop navigation @desktop', () => {
  test('hover opens each dropdown; every sub-menu link leads to its page', async ({ page, request }) => {
    test.setTimeout(240_000);
    const landings = await landingPaths(request);
    await page.goto(START_PAGE);
    for (const group of settings.menu) {
      for (const item of group.items) {
        const top = topLink(page, group.title);
        await top.hover();
        const panel = dropdownOf(page, group.title);
        await expect(panel).toBeVisible();
        await expect(panel.getByRole('link')).toHaveText(group.items.map((i) => i.label));
        const target = landings.get(item.href)!;
        await panel.getByRole('link', { name: item.label, exact: true }).click();
        await expectAt(page, target);
        await page.mouse.move(720, 700);
      }
    }
  });

  test('keyboard: Tab opens each dropdown in turn, Escape closes it, Enter follows a link', async ({ page, request }) => {
    test.setTimeout(240_000);
    const landings = await landingPaths(request);
    await page.goto(START_PAGE);
    // Escape is the header script's (a focused group opens by CSS alone); on a slow machine the
    // page hydrates well after its first paint.
    await waitForHydration(page);
    await page.locator('.site-header__logo').focus();
    for (const group of settings.menu) {
      await page.keyboard.press('Tab');
      const top = topLink(page, group.title);
      await expect(top).toBeFocused();
      const panel = dropdownOf(page, group.title);
      await expect(panel).toBeVisible();
      for (const item of group.items) {
        await page.keyboard.press('Tab');
        await expect(panel.getByRole('link', { name: item.label, exact: true })).toBeFocused();
      }
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(top).toBeFocused();
      // The closed panel's links leave the tab order: the next Tab reaches the next group.
    }

    // Focus coming back to a group closed with Escape opens it again; Enter follows a link.
    for (const group of settings.menu) {
      const item = group.items[group.items.length - 1];
      const top = topLink(page, group.title);
      await top.focus();
      const panel = dropdownOf(page, group.title);
      // A person tabs on once the panel shows; a loaded machine may render it after the focus.
      await expect(panel).toBeVisible();
      for (const _ of group.items) await page.keyboard.press('Tab');
      await expect(panel.getByRole('link', { name: item.label, exact: true })).toBeFocused();
      const target = landings.get(item.href)!;
      await page.keyboard.press('Enter');
      await expectAt(page, target);
      // The new page takes focus to its heading once it has rendered, which may be after the
      // address changed: a keyboard user starts from there, and so does the next group's focus.
      await expect(page.locator('main h1')).toBeFocused();
    }
  });

  test('axe: clean with a dropdown open', async ({ page }) => {
    await page.goto(START_PAGE);
    await page.locator('.site-nav__top').first().hover();
    await expect(page.locator('.site-nav__panel').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
