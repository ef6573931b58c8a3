import { expect, test, type Page } from '@playwright/test';
import { documented, expectNoAxeViolations, screenshot, waitForHydrated } from './support/checks';
import { openLead, registerThroughApi, signInByRequest, uniquePhone } from './support/console-helpers';

/**
 * Bookings from the console, at both widths, by keyboard and axe-clean: a lead's visit booked,
 * moved and cancelled on its page; a walk-in registered at the reception desk (checked in at
 * once, counted under its own form kind); a week of slots created in /admin/slots.
 * The pictures of docs/sales-console.md are taken here (docs/images/console/).
 */

/** Chooses option `index` (1 = the first after the prompt) of a select by keyboard. */
async function chooseByKeyboard(page: Page, select: ReturnType<Page['getByLabel']>, index: number): Promise<string> {
  await select.focus();
  for (let step = 0; step < index; step += 1) await page.keyboard.press('ArrowDown');
  return select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
}

test('a lead’s visit is booked, moved and cancelled from its page, by keyboard', async ({ page }, testInfo) => {
  const { phone, lastFour } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '예약변경 데스크' : '예약변경 모바일';
  await registerThroughApi(page.request, name, phone);
  await signInByRequest(page);
  await openLead(page, name, lastFour);
  const panel = page.getByRole('region', { name: '방문 예약 관리' });
  await expect(panel).toContainText('예약된 방문이 없습니다.');
  const slot = panel.getByLabel('방문 일시 (날짜별 시간, 남은 자리)');
  await waitForHydrated(slot);
  // The number revealed while working the lead stays shown through the bookings below.
  await page.getByRole('button', { name: '전체 번호 보기' }).focus();
  await page.keyboard.press('Enter');
  const wholeNumber = page.getByRole('link', { name: phone });
  await expect(wholeNumber).toBeVisible();

  const first = await chooseByKeyboard(page, slot, 1);
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: '이 일시로 예약' })).toBeFocused();
  await page.keyboard.press('Enter');
  const outcome = page.getByRole('status').filter({ hasText: '방문을 예약했습니다' });
  await expect(outcome).toBeFocused();
  const bookedAt = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2})/.exec((await outcome.innerText()) ?? '')?.[1] ?? '';
  expect(first).toContain(bookedAt.slice(11));
  await expect(panel).toContainText(`예약된 방문: ${bookedAt}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('방문 예약');
  await expectNoAxeViolations(page);
  await documented(page, testInfo, 'lead-booking', panel);

  await chooseByKeyboard(page, slot, 2);
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('button', { name: '이 일시로 변경' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '방문 일시를' })).toBeFocused();
  await expect(panel).not.toContainText(`예약된 방문: ${bookedAt}`);

  // Cancelling asks first; declining keeps the booking.
  const cancel = panel.getByRole('button', { name: '예약 취소' });
  await cancel.focus();
  // The browser's confirmation blocks the page until answered: answered here, declined.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await page.keyboard.press('Enter');
  expect(question).toMatch(/방문 예약을 취소할까요\?/);
  await expect(panel).toContainText('예약된 방문:');
  page.once('dialog', (dialog) => dialog.accept());
  await cancel.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '방문 예약을 취소했습니다' })).toBeFocused();
  await expect(panel).toContainText('예약된 방문이 없습니다.');
  await expect(wholeNumber).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a walk-in is registered at the reception desk and checked in at once; a missing field is said in Korean', async ({ page }, testInfo) => {
  const { phone, lastFour } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '현장방문 데스크' : '현장방문 모바일';
  await signInByRequest(page);
  await page.goto('/admin/visits');
  const form = page.getByRole('region', { name: '현장 등록' });
  const nameField = form.getByLabel('이름');
  await waitForHydrated(nameField);

  // Without the consent confirmation: refused, the field says why.
  await nameField.focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(phone);
  await form.getByRole('button', { name: '등록' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText('표시한 항목을 고쳐 주세요');
  await expect(form.getByRole('checkbox', { name: /개인정보/ })).toHaveAccessibleDescription(/동의.*받은 뒤 체크해 주세요/);
  await expectNoAxeViolations(page);

  await form.getByRole('checkbox', { name: /개인정보/ }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('button', { name: '등록' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText(`${name} 님을 등록하고 방문 확인했습니다`)).toBeFocused();
  // The next customer gets an empty form; the visitor is on the day's sheet, checked in, with no slot place.
  await expect(form.getByLabel('이름')).toHaveValue('');
  const walkIn = page
    .getByRole('region', { name: /현장 방문/ })
    .getByRole('row')
    .filter({ hasText: lastFour });
  await expect(walkIn).toContainText(name);
  await expect(walkIn).toContainText('방문 완료');
  await expect(walkIn).toContainText('미배정');
  await expect(walkIn).toContainText(/\d{2}:\d{2} 방문 확인/);
  await expectNoAxeViolations(page);
  await documented(page, testInfo, 'desk-registration', page.locator('.visit-sheet'));

  await page.goto(`/admin/leads?q=${lastFour}&formKind=walkIn`);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('현장 방문 (데스크 등록)');
  await expect(row).toContainText('방문 완료');
});

test('the desk notes 유입 경로, 동반 인원 and 마케팅 동의 by keyboard; the walk-in counts for that 유입 경로 in the campaign funnel', async ({
  page,
}, testInfo) => {
  const { phone, lastFour } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '유입경로 데스크' : '유입경로 모바일';
  await signInByRequest(page);
  await page.goto('/admin/visits');
  const form = page.getByRole('region', { name: '현장 등록' });
  const nameField = form.getByLabel('이름');
  await waitForHydrated(nameField);
  await nameField.focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type(phone);
  // The list is the Studio's (the seed's): 현수막, 지인 소개, 전단, 인터넷, 기타.
  expect(await chooseByKeyboard(page, form.getByLabel('유입 경로'), 2)).toBe('지인 소개');
  await form.getByLabel('동반 인원').focus();
  await page.keyboard.type('2');
  await expect(form.getByLabel('동반 인원')).toHaveAccessibleDescription('본인 제외, 0–20명');
  await form.getByRole('checkbox', { name: /개인정보/ }).focus();
  await page.keyboard.press('Space');
  await form.getByRole('checkbox', { name: /마케팅/ }).focus();
  await page.keyboard.press('Space');
  await expect(form.getByRole('checkbox', { name: /마케팅/ })).toBeChecked();
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: '등록' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').getByText(`${name} 님을 등록하고 방문 확인했습니다`)).toBeFocused();
  await expect(form.getByLabel('유입 경로')).toHaveValue('');
  await screenshot(page, testInfo, 'desk-fields');

  // The customer's page says where they came from; the funnel has a 지인 소개 row with a 내방.
  await openLead(page, name, lastFour);
  await expect(page.getByRole('main')).toContainText('지인 소개');
  const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
  await page.goto(`/admin/stats?from=${today}&to=${today}`);
  const funnelRow = page
    .getByRole('region', { name: /캠페인별 전환/ })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: '지인 소개', exact: true }) });
  await expect(funnelRow).toHaveCount(1);
  // 고객, 첫 유입, 마지막 유입, 통화, 내방: the walk-in came (each project's walk-in counts).
  await expect(funnelRow.getByRole('cell').nth(4)).not.toHaveText('0');
  await expectNoAxeViolations(page);
});

test('an admin creates a week of slots in one form, edits a capacity and deletes an empty slot, by keyboard', async ({ page }, testInfo) => {
  await signInByRequest(page);
  await page.goto('/admin/slots');
  await expect(page.getByRole('heading', { level: 1, name: '방문 일정 관리' })).toBeVisible();
  const create = page.getByRole('region', { name: '일정 추가' });
  const from = create.getByLabel('일정 시작 날짜');
  await waitForHydrated(from);
  // A week of its own per project and run, far from the demo slots.
  const start = new Date(Date.UTC(2031 + Math.floor(Math.random() * 50), 0, 6 + (testInfo.project.name === 'desktop' ? 0 : 7))).toISOString().slice(0, 10);
  await from.fill(start);
  await create.getByLabel('일주일').focus();
  await page.keyboard.press('Space');
  const times = create.getByLabel(/^시각/);
  await times.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('10:30, 15:00');
  await page.keyboard.press('Tab');
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('4');
  await page.keyboard.press('Tab');
  await expect(create.getByRole('button', { name: '일정 만들기' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '방문 일정 14개를 만들었습니다.' })).toBeFocused();

  await page.goto(`/admin/slots?from=${start}&days=7`);
  await expect(page.locator('.slot-manager__table tbody tr')).toHaveCount(14);
  await expectNoAxeViolations(page);
  await documented(page, testInfo, 'slots-week', page.locator('.slot-manager'));

  // Edit the first slot's capacity by keyboard.
  const capacity = page.getByRole('spinbutton', { name: /정원$/ }).first();
  await capacity.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '일정을 저장했습니다' })).toBeFocused();
  await expect(page.locator('.slot-manager__table tbody tr').first()).toContainText('예약 0 / 정원 2');
  // An empty slot may go.
  // Deleting asks first; declining keeps the slot.
  await page
    .getByRole('button', { name: /일정 삭제$/ })
    .first()
    .focus();
  // The browser's confirmation blocks the page until answered: answered here, declined.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await page.keyboard.press('Enter');
  expect(question).toMatch(/방문 일정을 삭제할까요\?/);
  await expect(page.locator('.slot-manager__table tbody tr')).toHaveCount(14);
  page.once('dialog', (dialog) => dialog.accept());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: '일정을 삭제했습니다' })).toBeFocused();
  await expect(page.locator('.slot-manager__table tbody tr')).toHaveCount(13);
});
