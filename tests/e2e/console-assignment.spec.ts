/**
 * 담당자 배정 in the browser at 375×812 and 1440×900, by keyboard, axe clean: ticking leads on the
 * list (one by one or the whole page, the count read out) and assigning them at once; a 상담사
 * seeing only their own and unassigned leads, and a colleague's lead by its address answered with
 * a Korean 403 page; the admin disabling an account and handing its leads to a colleague; 자동 배정
 * saved and 균등 배분 of ticked customers after one confirmation (each 상담사 taking part gets the same
 * number, give or take one), and of every 미배정 asked and cancelled. Other tests share the server:
 * the switch stays off and nobody is left out, so their leads are not assigned meanwhile.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { documented, expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated } from './support/checks';
import { addSalesAccount, registerLeadsThroughApi, signInByRequest, uniqueName } from './support/console-helpers';

/** A name no other test (or project) uses, for staff and leads alike. */

async function staffPage(browser: Browser, viewport: { width: number; height: number } | null, email?: string): Promise<Page> {
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await signInByRequest(page, email);
  return page;
}

/** Ticks every lead shown and assigns them, by keyboard, to the 담당자 of the given label. */
async function assignAllShown(page: Page, assignee: string): Promise<void> {
  const selectAll = page.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.focus();
  await page.keyboard.press('Space');
  await page.getByLabel('배정할 담당자').selectOption({ label: assignee });
  await page.getByRole('button', { name: '선택한 고객 배정' }).focus();
  await page.keyboard.press('Enter');
}

test('bulk: the admin ticks leads by keyboard, hears the count, and assigns them to a 상담사 at once', async ({ page, request }, testInfo) => {
  test.slow();
  const leadName = uniqueName('일괄');
  const staffName = uniqueName('한상담');
  addSalesAccount(`bulk-${testInfo.project.name}`, staffName);
  await registerLeadsThroughApi(request, leadName, 3);
  await signInByRequest(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  await expect(page.locator('main').getByRole('status')).toHaveText('조건에 맞는 고객 3명');
  const count = page.locator('.bulk-assign__count');
  await expect(count).toHaveAttribute('aria-live', 'polite');
  await expect(count).toHaveText('선택한 고객이 없습니다. 목록에서 고객을 선택해 주세요.');

  const selectAll = page.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.focus();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('고객 3명을 선택했습니다.');
  // One of them stays as it is: Tab to its box, Space.
  const rowBoxes = page.getByLabel(`${leadName} 선택`);
  await expect(rowBoxes).toHaveCount(3);
  await rowBoxes.first().focus();
  await page.keyboard.press('Space');
  await expect(count).toHaveText('고객 2명을 선택했습니다.');
  await expect(selectAll).not.toBeChecked();

  const assignee = page.getByLabel('배정할 담당자');
  await assignee.selectOption({ label: staffName });
  await page.getByRole('button', { name: '선택한 고객 배정' }).focus();
  await page.keyboard.press('Enter');
  const outcome = page.getByRole('status').filter({ hasText: `고객 2명을 ${staffName} 님에게 배정했습니다.` });
  await expect(outcome).toBeFocused();
  const rows = page.getByRole('row').filter({ hasText: leadName });
  await expect(rows.filter({ hasText: staffName })).toHaveCount(2);
  await expect(rows.filter({ hasText: '미배정' })).toHaveCount(1);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await documented(page, testInfo, 'assignment-bulk', page.getByRole('main'));

  // Nothing ticked: told so, nothing changes.
  await page.getByRole('button', { name: '선택한 고객 배정' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('배정할 고객을 먼저 선택해 주세요.');
  await expect(rows.filter({ hasText: '미배정' })).toHaveCount(1);
});

test("a 상담사 sees their own and unassigned leads; a colleague's lead by its address is a Korean 403 page", async ({ page, browser, request }, testInfo) => {
  test.slow();
  const mineName = uniqueName('내고객');
  const freeName = uniqueName('미배정');
  const colleagueEmail = addSalesAccount(`colleague-${testInfo.project.name}`, uniqueName('동료'));
  const meEmail = addSalesAccount(`me-${testInfo.project.name}`, uniqueName('나상담'));
  await registerLeadsThroughApi(request, mineName, 1);
  await registerLeadsThroughApi(request, freeName, 1);

  // The colleague takes the first lead.
  const colleague = await staffPage(browser, page.viewportSize(), colleagueEmail);
  await colleague.goto(`/admin/leads?q=${encodeURIComponent(mineName)}`);
  await assignAllShown(colleague, (await colleague.getByLabel('배정할 담당자').locator('option').first().textContent()) ?? '');
  await expect(colleague.getByRole('status').filter({ hasText: '고객 1명을' })).toBeFocused();
  const leadPath = await colleague.getByRole('link', { name: mineName }).getAttribute('href');
  await colleague.context().close();

  await signInByRequest(page, meEmail);
  await page.goto(`/admin/leads?q=${encodeURIComponent(mineName)}`);
  await expect(page.locator('main').getByRole('status')).toHaveText('조건에 맞는 고객이 없습니다.');
  await page.goto(`/admin/leads?q=${encodeURIComponent(freeName)}`);
  await expect(page.locator('main').getByRole('status')).toHaveText('조건에 맞는 고객 1명');
  await expectNoAxeViolations(page);

  const response = await page.goto(leadPath!);
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('접근 권한이 없습니다');
  await expect(page.getByText('다른 상담사에게 배정된 고객이라 볼 수 없습니다.')).toBeVisible();
  await expect(page.getByText(mineName)).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-lead-not-yours');
});

test('hand-over: disabling an account, the admin chooses who receives its leads; they move over', async ({ page, browser, request }, testInfo) => {
  test.slow();
  const leadName = uniqueName('인계');
  const leavingName = uniqueName('퇴사');
  const receiverName = uniqueName('인수');
  const leavingEmail = addSalesAccount(`leaving-${testInfo.project.name}`, leavingName);
  addSalesAccount(`receiver-${testInfo.project.name}`, receiverName);
  await registerLeadsThroughApi(request, leadName, 2);

  const leaving = await staffPage(browser, page.viewportSize(), leavingEmail);
  await leaving.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  await assignAllShown(leaving, `나 (${leavingName})`);
  await expect(leaving.getByRole('status').filter({ hasText: '고객 2명을' })).toBeFocused();
  await leaving.context().close();

  await signInByRequest(page);
  await page.goto('/admin/accounts');
  const card = page.getByRole('listitem').filter({ hasText: leavingEmail });
  const receiver = card.getByLabel(`${leavingName} 고객을 넘겨받을 사람`);
  await waitForHydrated(receiver);
  await receiver.selectOption({ label: `${receiverName} · 상담사` });
  await card.screenshot({ path: `test-results/screens/${testInfo.project.name}-console-hand-over-card.png` });
  await card.getByRole('button', { name: `${leavingName} 사용 중지` }).focus();
  await page.keyboard.press('Enter');
  const outcome = page.getByRole('status').filter({ hasText: `고객 2명을 ${receiverName} 님에게 넘겼습니다.` });
  await expect(outcome).toBeFocused();
  await expect(outcome).toContainText(`${leavingName} 님의 계정을 사용 중지했습니다. 로그인된 기기에서도 바로 로그아웃됩니다.`);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-hand-over');

  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  await expect(page.getByRole('row').filter({ hasText: leadName }).filter({ hasText: receiverName })).toHaveCount(2);
});

test('the 팀장 saves 자동 배정, splits ticked customers evenly after one confirmation, and cancels splitting every 미배정', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const leadName = uniqueName('균등');
  addSalesAccount(`even-a-${testInfo.project.name}`, uniqueName('가상담'));
  addSalesAccount(`even-b-${testInfo.project.name}`, uniqueName('나상담'));
  await registerLeadsThroughApi(request, leadName, 4);
  await signInByRequest(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const team = page.getByRole('region', { name: '자동 배정' });
  await expect(team.getByRole('group', { name: '배정받는 상담사 (균등 배분에도 적용)' })).toBeVisible();

  // The switch saved as it is (off), everyone taking part: said beside the form, and focused.
  const roundRobin = team.getByLabel('홈페이지로 들어온 새 고객을 상담사에게 돌아가며 배정');
  await waitForHydrated(roundRobin);
  await expect(roundRobin).not.toBeChecked();
  const takingPart = await team.getByRole('group').getByRole('checkbox').count();
  expect(takingPart).toBeGreaterThanOrEqual(2);
  await team.getByRole('button', { name: '자동 배정 설정 저장' }).focus();
  await page.keyboard.press('Enter');
  await expect(team.getByRole('status')).toHaveText(`자동 배정을 껐습니다. 배정받는 상담사 ${takingPart}명.`);
  await expect(team.getByRole('status')).toBeFocused();

  // 균등 배분 of the four ticked: asked once, then done.
  const selectAll = page.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.focus();
  await page.keyboard.press('Space');
  await page.getByRole('button', { name: '선택한 고객 균등 배분' }).focus();
  await page.keyboard.press('Enter');
  const bulk = page.getByRole('region', { name: '선택한 고객 담당자 배정' });
  await expect(bulk.getByRole('status')).toContainText(`선택한 고객 4명을 상담사 ${takingPart}명(`);
  await expect(bulk.getByRole('status')).toContainText('배분할까요?');
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await documented(page, testInfo, 'assignment-distribute-confirm', bulk);
  await bulk.getByRole('button', { name: '배분하기' }).focus();
  await page.keyboard.press('Enter');
  const done = bulk.getByRole('status');
  await expect(done).toContainText('고객 4명을 나눴습니다: ');
  const counts = [...((await done.textContent()) ?? '').matchAll(/ (\d+)명[,.]/g)].map((match) => Number(match[1]));
  expect(counts.reduce((sum, count) => sum + count, 0)).toBe(4);
  const floor = Math.floor(4 / takingPart);
  for (const count of counts) expect([floor, floor + 1]).toContain(count);
  // The list says who has them now: none of the four is 미배정.
  await expect(page.locator('.lead-list').getByText('미배정')).toHaveCount(0);

  // Every 미배정 customer: asked, then cancelled; nothing split.
  await team.getByRole('button', { name: '미배정 고객 모두 균등 배분' }).focus();
  await page.keyboard.press('Enter');
  await expect(team.getByRole('status')).toContainText('미배정 고객 모두를 상담사');
  await team.getByRole('button', { name: '취소' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '균등 배분을 취소했습니다.' })).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
});
