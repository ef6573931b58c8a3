import { expect, test, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectNoAxeViolations, screenshot } from './support/checks';
import { discoverPages } from './support/site-pages';

/**
 * What a screen-reader or keyboard user needs from the content pages beyond what axe checks, at
 * both widths: the video and VR players take focus when a facade is activated, every floor plan
 * has its own description, videos carry captions and a text summary, the VR tour a text
 * description, decorative icons are silent, links to a new window say so, the not-found page
 * speaks Korean, and short labels (NO, 40, 59A) have full names.
 *
 * Nothing here may reach the internet: requests to any other host are refused and recorded.
 */

/** Refuses every request that leaves the test server and returns the list of those refused. */
async function stayOffline(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => {
      refused.push(route.request().url());
      return route.abort('blockedbyclient');
    },
  );
  return refused;
}

/** Opens a page and waits for hydration (the popup marks itself ready once its script runs). */
async function openInteractive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

test.describe('video and VR facades hand focus to the player they open', () => {
  for (const key of ['Enter', 'Space']) {
    test(`a video facade activated with ${key}: the YouTube frame has focus, a title and Korean captions`, async ({ page }, testInfo) => {
      const refused = await stayOffline(page);
      await openInteractive(page, '/FloorPlan/videos');
      const panel = page.getByRole('tabpanel', { name: '입지 안내' });
      await panel.getByRole('link', { name: /입지 안내/ }).focus();
      await page.keyboard.press(key);
      const player = panel.locator('iframe');
      await expect(player).toHaveAttribute('title', '입지 안내 영상 (YouTube)');
      await expect.poll(() => isFocused(player)).toBe(true);
      const src = new URL((await player.getAttribute('src')) ?? '');
      expect(src.hostname).toBe('www.youtube-nocookie.com');
      expect(Object.fromEntries(src.searchParams)).toMatchObject({ cc_load_policy: '1', cc_lang_pref: 'ko', hl: 'ko' });
      // The player was asked for and refused: nothing came from the internet.
      expect(refused.every((url) => new URL(url).hostname === 'www.youtube-nocookie.com')).toBe(true);
      if (key === 'Enter') await screenshot(page, testInfo, 'floor-plan-videos-playing');
    });
  }

  test('the VR facade is named for what it opens, says 선택하면, and hands focus to the tour', async ({ page }) => {
    const refused = await stayOffline(page);
    await openInteractive(page, '/FloorPlan/Emodel');
    const facade = page.getByRole('link', { name: /^VR 보기: 전용 59㎡A/ });
    await expect(facade).toContainText('화면을 선택하면 VR을 보실 수 있습니다.');
    await expect(page.getByText('클릭하시면')).toHaveCount(0);
    await facade.focus();
    await page.keyboard.press('Enter');
    const tour = page.locator('iframe');
    await expect(tour).toHaveAttribute('title', 'VR 보기: 전용 59㎡A');
    await expect.poll(() => isFocused(tour)).toBe(true);
    expect(refused.every((url) => new URL(url).hostname === 'vr.cheonghak-park.example')).toBe(true);
  });
});

test('each video has a text summary beside its player, from the CMS', async ({ page }) => {
  await stayOffline(page);
  await openInteractive(page, '/FloorPlan/videos');
  const summaries: string[] = [];
  for (const name of ['입지 안내', '59타입 안내', '84타입 안내']) {
    await page.getByRole('tab', { name }).click();
    const summary = page.getByRole('tabpanel', { name }).locator('.media-summary');
    await expect(summary.getByRole('heading', { name: '영상 내용 요약' })).toBeVisible();
    const text = (await summary.locator('p').allTextContents()).join(' ');
    expect(text.length, name).toBeGreaterThan(40);
    summaries.push(text);
  }
  expect(new Set(summaries).size).toBe(3);
  await expectNoAxeViolations(page);
});

test('the VR tour has a text description of what it shows', async ({ page }) => {
  await page.goto('/FloorPlan/Emodel');
  const description = page.locator('.media-summary');
  await expect(description.getByRole('heading', { name: 'VR 화면 설명' })).toBeVisible();
  await expect(description).toContainText('거실');
  await expectNoAxeViolations(page);
});

test.describe('floor plans are described one by one', () => {
  test('the home viewer: three different plan descriptions with their room counts', async ({ page }) => {
    await page.goto('/');
    const alts = await page.locator('.unit-viewer__plan img').evaluateAll((images) => images.map((image) => image.getAttribute('alt') ?? ''));
    expect(alts).toHaveLength(3);
    expect(new Set(alts).size).toBe(3);
    expect(alts[0]).toMatch(/전용 40㎡[\s\S]*침실 1개/);
    expect(alts[1]).toMatch(/전용 59㎡A[\s\S]*침실 3개/);
    expect(alts[2]).toMatch(/전용 59㎡B[\s\S]*침실 2개/);
  });

  test('the plan pages use the same descriptions', async ({ page }, testInfo) => {
    const expected: Array<[string, RegExp]> = [
      ['/FloorPlan/59A', /침실 3개[\s\S]*욕실 1개/],
      ['/FloorPlan/59B', /침실 2개[\s\S]*욕실 1개/],
      ['/FloorPlan/84A', /침실 3개[\s\S]*욕실 2개/],
    ];
    for (const [path, rooms] of expected) {
      await page.goto(path);
      const alt = (await page.locator('.page-figure--plan img').getAttribute('alt')) ?? '';
      expect(alt, path).toMatch(rooms);
      expect(alt, path).toMatch(/발코니/);
    }
    await page.goto('/FloorPlan/59A');
    await screenshot(page, testInfo, 'floor-plan-59A');
  });
});

test('decorative card icons are silent (alt="")', async ({ page }) => {
  await page.goto('/');
  const premium = page.locator('.premium-card__image');
  await expect(premium).toHaveCount(4);
  for (const image of await premium.all()) await expect(image).toHaveAttribute('alt', '');
  await page.goto('/LocationEnvironment/intro');
  const location = page.locator('.location-card__image');
  await expect(location).toHaveCount(6);
  for (const image of await location.all()) await expect(image).toHaveAttribute('alt', '');
});

test.describe('the not-found page', () => {
  for (const path of ['/no-such-page', '/FloorPlan/99Z']) {
    test(`${path}: Korean title with the site name, the "Not Found" heading, a Korean way home`, async ({ page }, testInfo) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle('페이지를 찾을 수 없습니다 | 청학 파크 에디션');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Not Found');
      const main = page.locator('main');
      await expect(main).toContainText('요청하신 페이지를 찾을 수 없습니다.');
      await expect(main.getByRole('link', { name: '홈으로 가기' })).toHaveAttribute('href', '/');
      await expectNoAxeViolations(page);
      if (path === '/no-such-page') await screenshot(page, testInfo, 'not-found');
    });
  }
});

test('short labels have full names: the press NO column, the home unit buttons, the English footer line', async ({ page }) => {
  await page.goto('/cheonghak/press');
  await expect(page.getByRole('columnheader', { name: '번호' })).toHaveCount(1);
  await page.goto('/');
  // Each name is the full label and contains the visible code (label in name, for speech input).
  for (const [code, name] of [
    ['40', '전용 40㎡'],
    ['59A', '전용 59㎡A (59A)'],
    ['59B', '전용 59㎡B (59B)'],
  ]) {
    const button = page.locator('.unit-viewer__types').getByRole('button', { name, exact: true });
    await expect(button).toHaveCount(1);
    await expect(button).toHaveText(code);
  }
  await expect(page.locator('footer [lang="en"]')).toHaveText('All rights reserved.');
});

test('every link that opens a new window says so (새 창) @desktop', async ({ request }) => {
  test.setTimeout(300_000);
  const missing: string[] = [];
  let found = 0;
  for (const path of await discoverPages(request)) {
    const html = await (await request.get(path)).text();
    for (const [anchor] of html.matchAll(/<a\b[^>]*\btarget="_blank"[^>]*>[\s\S]*?<\/a>/g)) {
      found += 1;
      const text = anchor.replace(/<[^>]+>/g, '') + (/aria-label="([^"]*)"/.exec(anchor)?.[1] ?? '');
      if (!text.includes('새 창')) missing.push(`${path}: ${anchor.slice(0, 160)}`);
    }
  }
  expect(found).toBeGreaterThan(0);
  expect(missing).toEqual([]);
});

test('home: every landmark has a name of its own, whichever accordion item is open (axe landmark-unique)', async ({ page }) => {
  await openInteractive(page, '/');
  const landmarksAlike = async () =>
    (await new AxeBuilder({ page }).withRules(['landmark-unique']).analyze()).violations.flatMap((violation) =>
      violation.nodes.map((node) => node.target.join(' ')),
    );
  // 타입 안내 is the first item, open on arrival, and the section's heading names it.
  await expect(page.getByRole('region', { name: '타입 안내' })).toHaveCount(1);
  expect(await landmarksAlike()).toEqual([]);
  await page.getByRole('button', { name: 'E-모델하우스' }).click();
  await expect(page.getByRole('region', { name: 'E-모델하우스' })).toHaveCount(1);
  expect(await landmarksAlike()).toEqual([]);
  await expectNoAxeViolations(page);
});
