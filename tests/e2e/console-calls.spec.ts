import { expect, test, type Locator, type Page } from '@playwright/test';
import { documented, expectNoAxeViolations, expectNoHorizontalOverflow } from './support/checks';
import { addSalesAccount, openLead, registerThroughApi, signIn, signInByRequest, uniqueName, uniquePhone, watchConsoleErrors } from './support/console-helpers';

/**
 * A 상담사's calls at both widths, by keyboard, axe-clean: the 상담사's sign-in lands on 오늘 할 일
 * (the admin's on the dashboard); a caller who is a colleague's customer says whose, with a call
 * button to the 담당자's 휴대폰; the first call makes 신규 연락 중, 부재 calls are counted
 * ("2회 부재"), a refused 재통화 time is said beside its field, and 번호 오류 offers 무효. The rows
 * come before the selection box, and the day's sheet before 현장 등록, on screen and by Tab alike.
 */

const COLLEAGUE_MOBILE = '010-9876-5432';

/** Focuses `target` by keyboard (Tab from the element before it) and presses Enter. */
async function pressByKeyboard(page: Page, target: Locator): Promise<void> {
  await target.evaluate((element) => {
    const before = document.createElement('span');
    before.tabIndex = -1;
    element.before(before);
    before.focus();
    before.remove();
  });
  await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press('Enter');
}

/**
 * Tabs from `from` until `to` has focus and expects every step to move forward in the page (so `to`
 * comes after `from` in Tab order, not reached by wrapping round), then that `to` is where a reader
 * meets it next: below `from` on a phone, to the right of it or below it on a wide screen.
 */
async function expectReadInOrder(page: Page, from: Locator, to: Locator, layout: 'below' | 'besideOrBelow'): Promise<void> {
  const ends = [await from.elementHandle(), await to.elementHandle()] as const;
  await from.focus();
  for (let presses = 0; ; presses += 1) {
    expect(presses, 'Tab reaches the later region within 100 presses').toBeLessThan(100);
    await page.keyboard.press('Tab');
    const step = await page.evaluate(([start, end]) => {
      const focused = document.activeElement;
      if (focused === end) return 'reached';
      const forward = focused && focused !== document.body && start!.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING;
      return forward ? 'forward' : `went back to ${focused?.outerHTML.slice(0, 120) ?? 'nothing'}`;
    }, ends);
    if (step === 'reached') break;
    expect(step, 'each Tab after the earlier region moves forward').toBe('forward');
  }
  const earlier = (await from.boundingBox())!;
  const later = (await to.boundingBox())!;
  const below = later.y >= earlier.y + earlier.height;
  if (layout === 'below') expect(below, 'the later region is below the earlier one').toBe(true);
  else expect(below || later.x >= earlier.x + earlier.width, 'the later region is to the right of the earlier one or below it').toBe(true);
}

/** Each of `tables` lies wholly apart from `box` (a table wider than its column would run under it). */
async function expectApart(tables: Locator, box: Locator): Promise<void> {
  const other = (await box.boundingBox())!;
  for (const table of await tables.all()) {
    const own = (await table.boundingBox())!;
    const apart = own.x + own.width <= other.x || other.x + other.width <= own.x || own.y + own.height <= other.y || other.y + other.height <= own.y;
    expect(apart, 'a table and the box beside it do not overlap').toBe(true);
  }
}

async function searchList(page: Page, q: string): Promise<void> {
  await page.goto('/admin/leads');
  const search = page.getByLabel('이름 또는 전화번호');
  await search.fill(q);
  await search.press('Enter');
  // A whole number travels sealed (qs=), never in the address.
  await expect(page).toHaveURL(/[?&]qs=/);
}

async function recordCall(page: Page, result: string): Promise<void> {
  await page.getByLabel('결과', { exact: true }).selectOption(result);
  await pressByKeyboard(page, page.getByRole('button', { name: '통화 결과 저장' }));
  await expect(page.getByRole('status').filter({ hasText: '통화 결과를 저장했습니다.' })).toBeVisible();
}

test("a 상담사's calls: 오늘 할 일 first, a colleague's caller put through, 부재 counted, 번호 오류 offers 무효", async ({ page, browser }, testInfo) => {
  test.slow();
  const project = testInfo.project.name;
  const colleagueName = uniqueName('이');
  addSalesAccount(`calls-colleague-${project}`, colleagueName);
  const sales = addSalesAccount(`calls-${project}`, uniqueName('김'));
  const theirs = { name: uniqueName('동료고객'), ...uniquePhone() };
  const mine = { name: uniqueName('부재고객'), ...uniquePhone() };
  await registerThroughApi(page.request, theirs.name, theirs.phone);
  await registerThroughApi(page.request, mine.name, mine.phone);

  // The admin lands on the dashboard, keeps the colleague's 휴대폰 and gives them the first caller.
  await signIn(page);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/admin/accounts');
  await page.getByLabel(`${colleagueName} 휴대폰 번호`).fill(COLLEAGUE_MOBILE);
  await page.getByRole('button', { name: `${colleagueName} 휴대폰 저장` }).click();
  await expect(page.getByText(`${colleagueName} 님의 휴대폰 번호를`)).toBeVisible();
  await openLead(page, theirs.name, theirs.lastFour);
  await page.getByLabel('담당자', { exact: true }).selectOption({ label: colleagueName });
  await page.getByRole('button', { name: '상태·담당자 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '저장했습니다' })).toBeFocused();

  const context = await browser.newContext({ viewport: page.viewportSize(), baseURL: testInfo.project.use.baseURL, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });
  const phone = await context.newPage();
  const errors = watchConsoleErrors(phone);
  await signIn(phone, sales);
  await expect(phone).toHaveURL(/\/admin\/today$/);
  await expect(phone.getByRole('heading', { level: 1, name: '오늘 할 일' })).toBeVisible();

  // The colleague's caller: whose, and a call to the 담당자; nothing of the customer.
  await searchList(phone, theirs.phone);
  await expect(phone.getByText(`다른 상담사의 고객입니다. 담당: ${colleagueName}`)).toBeVisible();
  const callColleague = phone.getByRole('link', { name: `${colleagueName} 님에게 전화 (${COLLEAGUE_MOBILE})` });
  await expect(callColleague).toHaveAttribute('href', 'tel:01098765432');
  await expect(phone.getByRole('main')).not.toContainText(theirs.name);
  await documented(phone, testInfo, 'caller-elsewhere', phone.locator('.lead-list-page__elsewhere'));
  await expectNoAxeViolations(phone);
  await expectNoHorizontalOverflow(phone);

  // Their own caller: the row.
  await searchList(phone, mine.phone);
  await expect(phone.getByRole('row').filter({ hasText: mine.name })).toContainText('신규');

  await openLead(phone, mine.name, mine.lastFour);
  await recordCall(phone, '부재');
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('연락 중');
  await expect(phone.getByText('마지막 통화 결과: 1회 부재')).toBeVisible();
  await recordCall(phone, '부재');
  await expect(phone.getByText('마지막 통화 결과: 2회 부재')).toBeVisible();

  // A 재통화 time in the past: refused, and said beside the field.
  await phone.getByLabel('재통화 일시 (선택)').fill('2020-01-02T10:00');
  await pressByKeyboard(phone, phone.getByRole('button', { name: '통화 결과 저장' }));
  const callback = phone.getByLabel('재통화 일시 (선택)');
  await expect(callback).toHaveAttribute('aria-invalid', 'true');
  await expect(callback).toHaveAccessibleDescription(/재통화 일시는 지금보다 뒤여야 합니다\./);
  const field = callback.locator('xpath=..');
  await expect(field).toContainText('재통화 일시는 지금보다 뒤여야 합니다.');
  await expectNoAxeViolations(phone);

  await phone.goto('/admin/leads');
  await expect(phone.getByRole('row').filter({ hasText: mine.name })).toContainText('2회 부재');

  await openLead(phone, mine.name, mine.lastFour);
  // The refused time was kept as a draft of the page: taken out, as the 상담사 would.
  await phone.getByLabel('재통화 일시 (선택)').fill('');
  await recordCall(phone, '번호 오류');
  await expect(phone.getByText('마지막 통화가 번호 오류입니다. 연락할 수 없는 번호라면 무효로 바꾸세요.')).toBeVisible();
  await documented(phone, testInfo, 'call-wrong-number', phone.getByRole('region', { name: '통화 결과' }));
  await expectNoAxeViolations(phone);
  await pressByKeyboard(phone, phone.getByRole('button', { name: '무효로 바꾸기' }));
  await expect(phone.getByRole('status').filter({ hasText: '상태를 무효로 바꿨습니다.' })).toBeVisible();
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('무효');
  await expect(phone.getByRole('button', { name: '무효로 바꾸기' })).toHaveCount(0);
  await expectNoHorizontalOverflow(phone);

  // The refused 재통화 time is the one answer that is not 200.
  expect(errors()).toEqual([expect.stringMatching(/^HTTP 400 for fetch .*\/admin\/leads\/customer-[^/]+\.data$/)]);
  await context.close();
});

test("the rows come before the selection box, and the day's sheet before 현장 등록, by Tab as on screen", async ({ page }, testInfo) => {
  const layout = testInfo.project.name === 'mobile' ? 'below' : 'besideOrBelow';
  const lead = { name: uniqueName('순서고객'), ...uniquePhone() };
  await registerThroughApi(page.request, lead.name, lead.phone);
  await signInByRequest(page);

  await searchList(page, lead.phone);
  const lastRowLink = page.getByRole('row').last().getByRole('link').last();
  await expect(lastRowLink).toHaveText(lead.name);
  const selectionBox = page.getByRole('region', { name: '선택한 고객 담당자 배정' });
  await expectReadInOrder(page, lastRowLink, selectionBox.getByRole('checkbox').first(), layout);
  await expectApart(page.getByRole('table'), selectionBox);
  await documented(page, testInfo, 'lead-list-order', page.getByRole('main'));
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);

  // A walk-in registered at the desk, so that the day's sheet holds a table.
  await page.goto('/admin/visits');
  const desk = page.getByRole('region', { name: '현장 등록' });
  const walkIn = { name: uniqueName('현장순서'), ...uniquePhone() };
  await desk.getByLabel('이름').fill(walkIn.name);
  await desk.getByLabel('휴대폰').fill(walkIn.phone);
  await desk.getByRole('checkbox', { name: /개인정보/ }).check();
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(page.getByRole('row').filter({ hasText: walkIn.name })).toBeVisible();
  await expectReadInOrder(
    page,
    page.getByRole('button', { name: '보기', exact: true }),
    desk.locator('input:not([type=hidden]), select, textarea, button').first(),
    layout,
  );
  await expectApart(page.getByRole('table'), desk);
  await documented(page, testInfo, 'visit-sheet-order', page.getByRole('main'));
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
});
