import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { screenshot, waitForHydration } from './support/checks';
import { openLead, registerThroughApi, signInByRequest, uniqueName, uniquePhone } from './support/console-helpers';

/**
 * Forced colours (Windows 고대비, WCAG 1.4.11): the browser replaces every colour with the user's
 * few system colours and drops backgrounds and shadows, so a control whose edge is only a
 * background or a shadow reads as plain text, and an icon drawn with a background disappears.
 * Every button, button-styled link and open dialog must keep a border on all four sides (its
 * colour is forced too, so a transparent border becomes visible), and icon buttons must keep
 * their icon.
 */
test.use({ forcedColors: 'active' });

/** The visible controls of the page (outside inert parts) whose box has no border on some side. */
async function controlsWithoutBox(page: Page, scope: string): Promise<string[]> {
  return page.locator(scope).evaluate((root) => {
    const sides = ['top', 'right', 'bottom', 'left'];
    const missing: string[] = [];
    const selector = 'button, .button, [role="button"], input[type="submit"], input[type="button"], input[type="reset"], dialog[open]';
    const controls = [root, ...root.querySelectorAll(selector)].filter(
      (element): element is HTMLElement => element instanceof HTMLElement && element.matches(selector),
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (!box.width || !box.height || style.visibility === 'hidden' || control.closest('[inert]')) continue;
      const edgeless = sides.filter((side) => {
        const width = parseFloat(style.getPropertyValue(`border-${side}-width`));
        const lineStyle = style.getPropertyValue(`border-${side}-style`);
        const color = style.getPropertyValue(`border-${side}-color`);
        return width < 1 || lineStyle === 'none' || lineStyle === 'hidden' || color === style.backgroundColor || /rgba\(.*, 0\)$/.test(color);
      });
      if (edgeless.length) {
        const name = (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        missing.push(`${control.tagName.toLowerCase()}.${[...control.classList].join('.')} "${name}": no edge at ${edgeless.join(', ')}`);
      }
    }
    return [...new Set(missing)];
  });
}

/** How many pixels inside the control's edge differ from its background: its icon or text, drawn. */
async function drawnPixels(control: Locator): Promise<number> {
  const inset = 6;
  const { data, info } = await sharp(await control.screenshot({ animations: 'disabled' }))
    .raw()
    .toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * info.width + x) * info.channels;
  const background = data.subarray(at(inset, inset), at(inset, inset) + 3);
  let drawn = 0;
  for (let y = inset; y < info.height - inset; y += 1) {
    for (let x = inset; x < info.width - inset; x += 1) {
      const pixel = at(x, y);
      const distance = Math.abs(data[pixel] - background[0]) + Math.abs(data[pixel + 1] - background[1]) + Math.abs(data[pixel + 2] - background[2]);
      if (distance > 200) drawn += 1;
    }
  }
  return drawn;
}

/**
 * Every visible control has a box, and every icon button (one without text) shows its icon; with a
 * modal dialog open, `scope` is the dialog (what lies behind it is covered).
 */
async function expectEveryControlBoxed(page: Page, where: string, scope = 'html'): Promise<void> {
  expect(await controlsWithoutBox(page, scope), `${where}: controls without a visible box in forced colours`).toEqual([]);
  const buttons = page.locator(scope).locator('button:visible');
  const iconButtons = await buttons.evaluateAll((elements) =>
    elements.flatMap((element, index) => (element.textContent?.trim() || element.closest('[inert]') ? [] : [index])),
  );
  for (const index of iconButtons) {
    const button = buttons.nth(index);
    const name = await button.getAttribute('aria-label');
    expect(await drawnPixels(button), `${where}: the icon of "${name}" is drawn in forced colours`).toBeGreaterThan(30);
  }
}

test.describe('visitor pages in forced colours', () => {
  test('every button, button-styled link and dialog has a visible box; the menu button keeps its icon', async ({ page }, testInfo) => {
    for (const path of ['/', '/Promotion/Customer', '/cheonghak/press', '/FloorPlan/videos']) {
      await page.goto(path);
      await waitForHydration(page);
      await expectEveryControlBoxed(page, path);
      await screenshot(page, testInfo, `forced-colors${path.replaceAll('/', '-')}`);
    }

    await page.goto('/');
    await waitForHydration(page);
    await page.locator('[data-interest-popup]:visible').first().click();
    const popup = page.getByRole('dialog', { name: '관심고객 등록' });
    await expect(popup).toBeVisible();
    await expectEveryControlBoxed(page, 'the 관심고객 등록 dialog', 'dialog.interest-popup');
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();

    if (testInfo.project.name !== 'mobile') return;
    // At 900 px and below (a phone, or 400 % zoom) the ☰ button is the way to the whole menu; the
    // walk above checked its icon, this one checks the ✕ it turns into.
    await page.getByRole('button', { name: '전체 메뉴 열기' }).click();
    await expect(page.getByRole('button', { name: '전체 메뉴 닫기' })).toBeVisible();
    await expectEveryControlBoxed(page, 'the open slide menu');
    await screenshot(page, testInfo, 'forced-colors-slide-menu');
  });
});

test.describe('console pages in forced colours', () => {
  test('every button and the session dialog have a visible box', async ({ page }, testInfo) => {
    test.slow();
    const name = uniqueName('고대비');
    const { phone, lastFour } = uniquePhone();
    await registerThroughApi(page.request, name, phone);
    await signInByRequest(page);
    for (const path of ['/admin', '/admin/today', '/admin/visits', '/admin/slots', '/admin/leads', '/admin/stats', '/admin/audit', '/admin/accounts']) {
      await page.goto(path);
      await expectEveryControlBoxed(page, path);
    }
    await openLead(page, name, lastFour);
    await expectEveryControlBoxed(page, 'a lead');

    // The session warning: the server says the session ends in a minute.
    await page.route('**/api/session', (route) => route.fulfill({ json: { remainingMs: 60_000 } }));
    await page.reload();
    const warning = page.getByRole('alertdialog', { name: '로그인 시간이 곧 끝납니다' });
    await expect(warning).toBeVisible();
    await expectEveryControlBoxed(page, 'the session warning', 'dialog.session-warning');
    await screenshot(page, testInfo, 'forced-colors-session-warning');
  });
});
