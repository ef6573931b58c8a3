import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated, watchErrors } from './support/checks';
import { registerThroughApi, signInByRequest, uniqueName, uniquePhone } from './support/console-helpers';

/**
 * One customer, many registrations: a person who registers four times with one number (typed
 * three ways, from two campaigns and none) is one customer. The list shows them once, as their
 * newest registration marked 등록 4회, and their page (opened by the customer or by any of its
 * registrations) lists every registration; the funnel on
 * /admin/stats counts them once in their campaign, with the campaign they came from first (첫 유입)
 * and last (마지막 유입). Followed by keyboard alone, axe at each step. And the spend a 관리자
 * enters for a campaign gives its cost per 고객 in the funnel.
 */

test('a repeat customer is one row marked 등록 4회 in the list, their page lists every registration, the funnel counts them once with first and last touch', async ({
  page,
}, testInfo) => {
  // Four registrations, three pages and four axe runs.
  test.slow();
  const name = uniqueName('재등록');
  const { phone, lastFour } = uniquePhone();
  const digits = phone.replaceAll('-', '');
  // Campaigns of this test's own, so the funnel's row counts this customer only.
  const launch = `launch-${testInfo.project.name}-${Date.now() % 100000}`;
  const firstRegistration = await registerThroughApi(page.request, name, phone, `/?utm_source=naver&utm_campaign=${launch}`);
  await registerThroughApi(page.request, name, digits, `/?utm_source=naver&utm_campaign=${launch}`);
  await registerThroughApi(page.request, name, digits, '/?utm_source=kakao&utm_campaign=winter');
  await registerThroughApi(page.request, name, `+82 ${digits.slice(1, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`, '/');
  await signInByRequest(page);
  const errors = watchErrors(page);

  await page.goto(`/admin/leads?q=${lastFour}`);
  const rows = page.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('등록 4회');
  // The row is the newest registration, which came without a campaign.
  await expect(rows).toContainText('유입 (매체 / 캠페인)없음');
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-customer-list');

  // Keyboard only: the newest registration's link, Enter.
  const newest = rows.first().getByRole('link', { name });
  await waitForHydrated(newest);
  await newest.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name} 고객`) })).toBeVisible();
  const registrations = page.getByRole('region', { name: '이 고객의 등록 4회' });
  const items = registrations.getByRole('listitem');
  await expect(items).toHaveCount(4);
  await expect(items.nth(0)).toContainText('캠페인 없음');
  await expect(items.nth(1)).toContainText('winter (kakao)');
  await expect(items.nth(2)).toContainText(`${launch} (naver)`);
  await expect(items.nth(3)).toContainText(`${launch} (naver)`);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-customer-page');

  // An older link names the first registration (an audit record, a message): it opens the same customer.
  await page.goto(`/admin/leads/${firstRegistration}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name} 고객`) })).toBeVisible();
  await expect(items).toHaveCount(4);
  await expectNoAxeViolations(page);

  // The funnel counts the customer once in their campaign, though they registered from it twice:
  // it is where they came first, not last (their newest registration came with no campaign).
  await page.goto('/admin/stats');
  const funnel = page.getByRole('region', { name: '캠페인별 전환 (등록 → 통화 → 내방 → 계약)' });
  await expect(funnel.getByRole('row', { name: new RegExp(launch) }).getByRole('cell')).toHaveText(['1', '1', '0', '0', '0', '0', '—', '—', '—']);
  await expect(page.getByText('첫 유입은 이 기간에 처음으로 등록한 신규 고객')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '사이트 방문', exact: true }).first()).toBeVisible();
  await funnel.focus();
  await expect(funnel).toBeFocused();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-funnel');
  expect(errors.filter((error) => !/net::ERR_ABORTED/.test(error))).toEqual([]);
});

test('the spend a 관리자 enters for a campaign and month gives its cost per 고객 in the funnel', async ({ page }, testInfo) => {
  const launch = `spend-${testInfo.project.name}-${Date.now() % 100000}`;
  await registerThroughApi(page.request, uniqueName('광고비'), uniquePhone().phone, `/?utm_source=naver&utm_campaign=${launch}`);
  await signInByRequest(page);
  const errors = watchErrors(page);
  await page.goto('/admin/stats');
  const funnel = page.getByRole('region', { name: '캠페인별 전환 (등록 → 통화 → 내방 → 계약)' });
  const launchRow = funnel.getByRole('row', { name: new RegExp(launch) });
  await expect(launchRow.getByRole('cell')).toHaveText(['1', '1', '1', '0', '0', '0', '—', '—', '—']);

  // By keyboard: the campaign, this month (the range's, already there), the amount, Enter. Its
  // cost per 고객 is the spend over its one customer; nobody came yet, so no cost per 내방.
  const campaign = page.getByLabel('캠페인', { exact: true });
  await waitForHydrated(campaign);
  await campaign.focus();
  await campaign.selectOption(launch);
  await expect(page.getByLabel('월', { exact: true })).toHaveValue(/^\d{4}-\d{2}$/);
  await page.getByLabel('금액 (원)').focus();
  await page.keyboard.type('1,200,000');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `${launch} 광고비를 저장했습니다.` })).toBeFocused();
  await expect(launchRow.getByRole('cell')).toHaveText(['1', '1', '1', '0', '0', '0', '1,200,000원', '1,200,000원', '—']);
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-ad-spend');
  expect(errors.filter((error) => !/net::ERR_ABORTED/.test(error))).toEqual([]);
});

test('관심 타입, 청약 자격 and 자금 계획 are chosen on the customer’s page by keyboard, found by the list’s filters; a forged value is refused in Korean', async ({
  page,
}, testInfo) => {
  const name = uniqueName('청약');
  const { phone, lastFour } = uniquePhone();
  const id = await registerThroughApi(page.request, name, phone, '/');
  await signInByRequest(page);
  await page.goto(`/admin/leads/${id}`);
  const panel = page.getByRole('region', { name: '관심 타입·청약 자격·자금 계획' });
  const interest = panel.getByLabel('관심 타입');
  await waitForHydrated(interest);
  // The CMS's unit types, in its order (40, 59A, 59B, 84A, …): the fourth is 84㎡A.
  await expect(interest.locator('option', { hasText: '84㎡A' })).toHaveCount(1);
  const choose = async (label: string, option: string) => {
    const select = panel.getByLabel(label);
    await select.focus();
    const options = await select.locator('option').allTextContents();
    for (let step = 0; step < options.indexOf(option); step += 1) await page.keyboard.press('ArrowDown');
    await expect(select.locator('option:checked')).toHaveText(option);
  };
  await choose('관심 타입', '84㎡A');
  await choose('청약 자격', '1순위 · 무주택');
  await choose('자금 계획', '중도금·잔금 대출');
  await panel.getByRole('button', { name: '고객 정보 저장' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '관심 타입·청약 자격·자금 계획을 저장했습니다.' })).toBeFocused();
  await expect(panel.getByLabel('청약 자격').locator('option:checked')).toHaveText('1순위 · 무주택');
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, testInfo, 'customer-profile');

  // The list's filters (under 필터 더 보기) find the customer by each.
  await page.goto(`/admin/leads?q=${lastFour}&subscription=firstHomeless&funding=loan&interestType=84A`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(page.getByLabel('청약 자격')).toHaveValue('firstHomeless');
  await page.goto(`/admin/leads?q=${lastFour}&subscription=second`);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
  await expectNoAxeViolations(page);

  // A value that is no choice, posted as a forged form: 400, the field says why, nothing changed.
  const forged = await page.request.post(`/admin/leads/${id}`, {
    form: { intent: 'profile', rev: '999', interestType: '99Z', subscription: '무주택', funding: 'loan' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(forged.status()).toBe(400);
  const body = await forged.text();
  expect(body).toContain('관심 타입은 목록에서 골라 주세요.');
  expect(body).toContain('청약 자격은 목록에서 골라 주세요.');
});
