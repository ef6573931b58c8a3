import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated, watchErrors } from './checks';
import { signIn, uniquePhone } from './console-helpers';

/**
 * One customer, many registrations: a person who registers three times with one number (typed
 * three ways, from two campaigns and none) is one customer. The list marks each of their rows
 * 등록 3회 and their page lists every registration; followed by keyboard alone, axe at each step.
 */

/** Registers through the lead API as the popup's script does, from `sourcePage` (which may carry utm_*). */
async function register(request: APIRequestContext, name: string, phone: string, sourcePage: string): Promise<void> {
  const { token: formToken } = (await (await request.get('/api/leads/form')).json()) as { token: string };
  const lead = { name, phone, privacyConsent: true, ageConfirmed: true, formKind: 'popup', formToken, sourcePage };
  // Accepted once the form's minimum fill time has passed.
  await expect.poll(async () => (await request.post('/api/leads', { data: lead })).status(), { intervals: [250] }).toBe(201);
}

test('a repeat customer is marked 등록 3회 in the list and their page lists every registration', async ({ page }, testInfo) => {
  const name = `재등록${Date.now() % 100000}`;
  const { phone, lastFour } = uniquePhone();
  const digits = phone.replaceAll('-', '');
  await register(page.request, name, phone, '/?utm_source=naver&utm_campaign=launch');
  await register(page.request, name, digits, '/?utm_source=kakao&utm_campaign=winter');
  await register(page.request, name, `+82 ${digits.slice(1, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`, '/');
  await signIn(page);
  const errors = watchErrors(page);

  await page.goto(`/admin/leads?q=${lastFour}`);
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toContainText('등록 3회');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-customer-list');

  // Keyboard only: the newest registration's link, Enter.
  const newest = rows.first().getByRole('link', { name });
  await waitForHydrated(newest);
  await newest.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name} 고객`) })).toBeVisible();
  const registrations = page.getByRole('region', { name: '이 고객의 등록 3회' });
  const items = registrations.getByRole('listitem');
  await expect(items).toHaveCount(3);
  await expect(items.nth(0)).toContainText('(지금 보는 등록)');
  await expect(items.nth(0)).toContainText('캠페인 없음');
  await expect(items.nth(1)).toContainText('winter (kakao)');
  await expect(items.nth(2)).toContainText('launch (naver)');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-customer-page');

  // The first registration, by keyboard, lists the same three with itself as the current one.
  const first = items.nth(2).getByRole('link');
  await waitForHydrated(first);
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(items.nth(2)).toContainText('(지금 보는 등록)');
  await expect(items.nth(0).getByRole('link')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(errors.filter((error) => !/net::ERR_ABORTED/.test(error))).toEqual([]);
});
