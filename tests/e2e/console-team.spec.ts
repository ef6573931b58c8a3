/**
 * The 팀장's morning in the browser at 375×812 and 1440×900, by keyboard, axe clean: the team's
 * audit trail (a 상담사's sign-in there, the 관리자's account administration not; a 상담사 refused
 * with a Korean 403 page); 퇴사자 고객 넘기기 on the list, asked once with the count and done at
 * once; and a 상담사 marking their own phone at sign-in for the longer idle window, which a 팀장
 * marking theirs does not get.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated } from './support/checks';
import { addSalesAccount, registerLeadsThroughApi, SALES_PASSWORD, signIn, signInByRequest, uniqueName } from './support/console-helpers';

async function staffPage(browser: Browser, email?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email);
  return page;
}

/** The time left of the page's session, as the session warning asks for it. */
const remainingMinutes = (page: Page) =>
  page.evaluate(async () => ((await (await fetch('/api/session')).json()) as { remainingMs: number }).remainingMs / 60_000);

test("the 팀장 reads the team's audit trail; a 상담사 is refused in Korean", async ({ page, browser }, testInfo) => {
  test.slow();
  const salesName = uniqueName('감사상담');
  const sales = addSalesAccount(`audit-sales-${testInfo.project.name}`, salesName);
  const manager = addSalesAccount(`audit-lead-${testInfo.project.name}`, uniqueName('감사팀장'), undefined, 'manager');
  const salesPage = await staffPage(browser, sales);
  await expect(salesPage.getByRole('navigation', { name: '상담 관리 메뉴' }).getByRole('link', { name: '접속 기록' })).toHaveCount(0);
  const refused = await salesPage.goto('/admin/audit');
  expect(refused?.status()).toBe(403);
  await expect(salesPage.getByText('이 화면은 관리자와 팀장만 쓸 수 있습니다.')).toBeVisible();

  await signIn(page, manager);
  const menuLink = page.getByRole('navigation', { name: '상담 관리 메뉴' }).getByRole('link', { name: '접속 기록' });
  await waitForHydrated(menuLink);
  await menuLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: '접속 기록' })).toBeVisible();
  await expect(page.getByText('계정 관리 기록은 관리자만 볼 수 있습니다.')).toBeVisible();
  await page.getByLabel('작업자 이메일').fill(sales);
  await page.getByRole('button', { name: '조회' }).focus();
  await page.keyboard.press('Enter');
  const rows = page.locator('.audit-table tbody tr');
  await expect(rows.filter({ hasText: '로그인' }).filter({ hasText: sales })).toHaveCount(1);
  // Account administration is the 관리자's: not among the choices, and not in the trail asked for.
  await expect(page.getByLabel('작업', { exact: true }).locator('option', { hasText: '계정 추가' })).toHaveCount(0);
  await page.goto(`/admin/audit?action=accountCreate`);
  await expect(page.locator('.audit-result')).toHaveText('조건에 맞는 기록이 없습니다.');
  await page.goto(`/admin/audit?actor=${encodeURIComponent(sales)}`);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-team-audit');
});

test("퇴사자 고객 넘기기: the 팀장 hands a leaving 상담사's customers to a colleague after one confirmation", async ({ page, browser, request }, testInfo) => {
  test.slow();
  const leadName = uniqueName('인계');
  const leavingName = uniqueName('퇴사상담');
  const receiverName = uniqueName('인수상담');
  const leaving = addSalesAccount(`leaving-${testInfo.project.name}`, leavingName);
  addSalesAccount(`receiver-${testInfo.project.name}`, receiverName);
  const manager = addSalesAccount(`handover-lead-${testInfo.project.name}`, uniqueName('인계팀장'), undefined, 'manager');
  await registerLeadsThroughApi(request, leadName, 2);
  const admin = await staffPage(browser);
  await admin.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const selectAll = admin.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.check();
  await admin.getByLabel('배정할 담당자').selectOption({ label: leavingName });
  await admin.getByRole('button', { name: '선택한 고객 배정' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `고객 2명을 ${leavingName} 님에게 배정했습니다.` })).toBeVisible();

  await signInByRequest(page, manager);
  await page.goto('/admin/leads');
  const section = page.getByRole('region', { name: '퇴사자 고객 넘기기' });
  const from = section.getByLabel('고객을 넘길 상담사');
  await waitForHydrated(from);
  // Only 상담사 are offered: no 팀장 or 관리자 on either side.
  await expect(from.locator('option', { hasText: '관리자' })).toHaveCount(0);
  await from.selectOption({ label: leavingName });
  await section.getByLabel('넘겨받을 상담사').selectOption({ label: receiverName });
  await section.getByRole('button', { name: '고객 넘기기' }).focus();
  await page.keyboard.press('Enter');
  const asked = section.getByRole('status');
  await expect(asked).toHaveText(`${leavingName} 님의 고객 2명을 ${receiverName} 님에게 넘깁니다. 넘길까요?`);
  await expect(asked).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-team-hand-over-confirm');
  await section.getByRole('button', { name: '넘기기', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status')).toHaveText(`${leavingName} 님의 고객 2명을 ${receiverName} 님에게 넘겼습니다.`);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  await expect(page.getByRole('row').filter({ hasText: leadName }).filter({ hasText: receiverName })).toHaveCount(2);
  await expectNoHorizontalOverflow(page);

  // Its one record of the whole, in the 팀장's own audit trail.
  await page.goto('/admin/audit?action=leadHandOver');
  await expect(page.locator('.audit-table tbody tr').filter({ hasText: leaving })).toContainText(`고객 2명`);
});

test('a 상담사 who marks their own device at sign-in stays signed in a working day; a 팀장 keeps the usual window', async ({ browser }, testInfo) => {
  test.slow();
  const sales = addSalesAccount(`device-sales-${testInfo.project.name}`, uniqueName('기기상담'));
  const manager = addSalesAccount(`device-lead-${testInfo.project.name}`, uniqueName('기기팀장'), undefined, 'manager');
  const signInMarked = async (email: string) => {
    const page = await (await browser.newContext()).newPage();
    await page.goto('/admin');
    await page.getByLabel('이메일').fill(email);
    await page.getByLabel('비밀번호').fill(SALES_PASSWORD);
    const mark = page.getByLabel('자주 쓰는 기기 (내 휴대폰·업무용 PC)');
    await expect(mark).toHaveAccessibleDescription(/상담사 계정만 해당합니다. 이 기기에서는 아무 작업이 없어도 9시간 동안 로그인이 유지됩니다./);
    await mark.focus();
    await page.keyboard.press('Space');
    await expect(mark).toBeChecked();
    await expectNoAxeViolations(page);
    await screenshot(page, testInfo, 'console-sign-in-known-device');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByRole('navigation', { name: '상담 관리 메뉴' })).toBeVisible();
    return page;
  };
  const salesPage = await signInMarked(sales);
  expect(await remainingMinutes(salesPage)).toBeGreaterThan(530);
  const managerPage = await signInMarked(manager);
  expect(await remainingMinutes(managerPage)).toBeLessThanOrEqual(30);
  // Sign-out still ends the long session at once.
  await salesPage.getByRole('button', { name: '로그아웃' }).click();
  await expect(salesPage.getByRole('heading', { level: 1, name: '직원 로그인' })).toBeVisible();
  expect(await remainingMinutes(salesPage)).toBe(0);
});
