import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot } from './support/checks';
import { addSalesAccount, registerThroughApi, SALES_PASSWORD, uniquePhone, watchConsoleErrors, uniqueName } from './support/console-helpers';

/**
 * The lead page's 알림톡·문자 발송 기록 at both widths: a lead registered as the popup sends it shows
 * its registration confirmation, and since the e2e server sends no messages (MESSAGES_PROVIDER
 * unset) why it was not sent (보내지 않음 · 꺼짐). Reached by keyboard only from the list; axe-clean.
 * Sending itself is tested against the SOLAPI stand-in in tests/integration/from-source/messages.test.ts.
 */
test('the send log on the lead page says what became of the confirmation, and why it was not sent', async ({ page }, testInfo) => {
  const name = uniqueName('알림');
  const { phone, lastFour } = uniquePhone();
  await registerThroughApi(page.request, name, phone);
  const email = addSalesAccount(`messages-${testInfo.project.name}`);
  await page.goto('/admin/leads');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(SALES_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '고객 목록' })).toBeVisible();
  const errors = watchConsoleErrors(page);

  await page.goto(`/admin/leads?q=${lastFour}`);
  const link = page.getByRole('link', { name });
  await expect(link).toHaveCount(1);
  // Keyboard only: Tab until the lead's link has focus, then Enter.
  for (let presses = 0; presses < 60 && !(await link.evaluate((element) => element === document.activeElement)); presses += 1) {
    await page.keyboard.press('Tab');
  }
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);

  const log = page.getByRole('region', { name: '알림톡·문자 발송 기록' });
  await expect(log).toBeVisible();
  const entry = log.getByRole('listitem').filter({ hasText: '등록 확인' });
  // The confirmation is settled right after the lead is stored; a page opened sooner shows it on reload.
  await expect(async () => {
    await page.reload();
    await expect(entry).toContainText('보내지 않음 · 꺼짐', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(log).not.toContainText(phone);

  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await log.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, 'console-messages');
  await log.screenshot({ path: `test-results/screens/${testInfo.project.name}-console-messages-log.png` });
  expect(errors()).toEqual([]);
});
