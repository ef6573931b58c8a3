import { expect, test } from '@playwright/test';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './support/canary-secrets';
import { expectNoAxeViolations, screenshot, watchErrors } from './support/checks';

/**
 * Preview from the console, at both widths: the admin turns it on from the dashboard, every page
 * then carries the banner (axe clean, reachable by keyboard, never over the phone's bottom bar)
 * with the way out, which returns to the page being read without the banner.
 */
test('an admin turns preview on from the dashboard; the banner is on every page until it is turned off', async ({ page }, testInfo) => {
  await page.goto('/admin');
  await page.getByLabel('이메일').fill(secretEnv().ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('button', { name: '미리보기로 사이트 보기' }).click();
  await expect(page).toHaveURL(/\/$/);
  // From here on (the console's own requests, cut short by the form post, are not the subject).
  const errors = watchErrors(page);

  const banner = page.getByText('미리보기 모드 — 게시되지 않은 변경 내용이 보입니다');
  await expect(banner).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'preview-banner');

  // Another page: still in preview, and the banner stays in view when scrolled.
  await page.goto('/FloorPlan/59A');
  await expect(banner).toBeVisible();
  await page.mouse.wheel(0, 2000);
  await expect(banner).toBeInViewport();
  const bottomBar = page.locator('.mobile-bottom-bar');
  if (await bottomBar.isVisible()) {
    const [bannerBox, barBox] = [await banner.boundingBox(), await bottomBar.boundingBox()];
    expect(bannerBox!.y + bannerBox!.height).toBeLessThanOrEqual(barBox!.y);
  }

  const exit = page.getByRole('button', { name: '미리보기 끝내기' });
  await exit.focus();
  await expect(exit).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/FloorPlan\/59A$/);
  await expect(banner).toHaveCount(0);
  expect(errors).toEqual([]);
});
