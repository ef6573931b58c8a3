/** What the browser tests of the lead forms share: opening a page ready for the popup, and filling a form. */
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Opens a page and waits until the popup's listeners are attached (after hydration): an opener
 * activated before then is still the plain link to the customer page, as it is without JavaScript.
 */
export async function openInteractive(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
}

/** The first opener a visitor can see at this width (header, hero, footer or bottom bar). */
export function visibleOpener(page: Page): Locator {
  return page.locator('[data-interest-popup]:visible').first();
}

export async function fillAndConsent(scope: Locator, name: string, phone: string): Promise<void> {
  await scope.getByLabel('이름').fill(name);
  await scope.getByLabel('연락처').fill(phone);
  await scope.getByLabel('[필수] 개인정보 수집·이용 동의').check();
  await scope.getByLabel('만 14세 이상입니다.').check();
}
