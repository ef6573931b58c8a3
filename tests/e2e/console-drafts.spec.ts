/**
 * What is typed into the console's forms outlives the end of a session, as the session dialogs
 * promise: typed, the session ends, the save goes to the sign-in, and after signing in again the
 * page puts the values back (a focused note says so); saved, the draft is gone. Drafts live in
 * the tab's sessionStorage, never a password. The lead page's own test is in console-a11y.spec.ts.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations, waitForHydrated } from './support/checks';
import {
  endSessionThenSignInAgain,
  keptDrafts,
  registerThroughApi,
  signIn,
  signInByRequest,
  simulateSessionClock,
  uniqueName,
  uniquePhone,
} from './support/console-helpers';

const RESTORED = '로그인 전에 작성하던 내용을 입력란에 되살렸습니다';

/** Signed in as the admin on a page whose clock the test runs (so that the session can end). */
async function signInWithSessionClock(page: Page) {
  await page.clock.install();
  const clock = await simulateSessionClock(page);
  await clock.restart();
  await signIn(page);
  await clock.restart();
  return clock;
}

/** The draft note inside `where`. */
function restoredNote(where: Locator | Page): Locator {
  return where.getByRole('status').filter({ hasText: RESTORED });
}

/** Nothing is kept in localStorage (it outlives the tab): drafts hold personal data. */
async function expectNothingInLocalStorage(page: Page, typed: string) {
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(typed);
}

test('현장 등록: the name, number and kind come back after a new sign-in, and go once the customer is registered', async ({ page }) => {
  test.slow();
  const clock = await signInWithSessionClock(page);
  await page.goto('/admin/visits');
  const desk = page.getByRole('region', { name: '현장 등록' });
  await waitForHydrated(desk.getByLabel('이름'));
  const name = uniqueName('현장보관');
  const { phone } = uniquePhone();
  await desk.getByLabel('이름').fill(name);
  await desk.getByLabel('휴대폰').fill(phone);
  await desk.getByLabel('전화 (방문 예약)').check();
  expect(await keptDrafts(page)).toContain(name);
  await expectNothingInLocalStorage(page, name);

  await endSessionThenSignInAgain(page, clock, () => desk.getByRole('button', { name: '등록' }).click());
  await expect(restoredNote(desk)).toBeFocused();
  await expect(desk.getByLabel('이름')).toHaveValue(name);
  await expect(desk.getByLabel('휴대폰')).toHaveValue(phone);
  await expect(desk.getByLabel('전화 (방문 예약)')).toBeChecked();
  // The consent is confirmed with the customer when registering, never carried over.
  await expect(desk.getByLabel(/개인정보 수집·이용 동의를 받았고/)).not.toBeChecked();
  await expectNoAxeViolations(page);

  await desk.getByLabel('방문 (지금 방문 확인)').check();
  await desk.getByLabel(/개인정보 수집·이용 동의를 받았고/).check();
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(page.getByRole('status').getByText(`${name} 님을 등록하고 방문 확인했습니다`)).toBeFocused();
  await expect(desk.getByLabel('이름')).toHaveValue('');
  expect(await keptDrafts(page)).toBe('');
  await page.reload();
  await waitForHydrated(desk.getByLabel('이름'));
  await expect(restoredNote(page)).toHaveCount(0);
});

test('방문 일정 관리: 일정 추가 and a row’s edit come back after a new sign-in, and each goes once saved', async ({ page }, testInfo) => {
  test.slow();
  const clock = await signInWithSessionClock(page);
  const start = new Date(Date.UTC(2181 + Math.floor(Math.random() * 50), 6, 7 + (testInfo.project.name === 'desktop' ? 0 : 7))).toISOString().slice(0, 10);
  await page.goto(`/admin/slots?from=${start}&days=1`);
  const create = page.getByRole('region', { name: '일정 추가' });
  const times = create.getByLabel(/^시각/);
  await waitForHydrated(create.getByRole('button', { name: '일정 만들기' }));
  await create.getByLabel('일정 시작 날짜').fill(start);
  await times.fill('10:00');
  await create.getByRole('button', { name: '일정 만들기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '방문 일정 1개를 만들었습니다.' })).toBeFocused();
  expect(await keptDrafts(page)).toBe('');

  await times.fill('10:30, 15:30');
  await create.getByLabel('정원 (시각마다)').fill('4');
  const rowCapacity = page.getByLabel(/10:00 정원$/);
  await rowCapacity.fill('3');

  await endSessionThenSignInAgain(page, clock, () => create.getByRole('button', { name: '일정 만들기' }).click());
  await expect(restoredNote(create)).toBeVisible();
  await expect(page.locator(':focus')).toHaveText(new RegExp(RESTORED));
  await expect(times).toHaveValue('10:30, 15:30');
  await expect(create.getByLabel('정원 (시각마다)')).toHaveValue('4');
  await expect(rowCapacity).toHaveValue('3');
  await expectNoAxeViolations(page);

  // The row saved: its draft goes, the 일정 추가 form keeps what was typed.
  await page.getByRole('button', { name: /10:00 일정 저장$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: '일정을 저장했습니다.' })).toBeFocused();
  await expect(page.getByRole('cell', { name: '예약 0 / 정원 3' })).toBeVisible();
  await expect(times).toHaveValue('10:30, 15:30');
  expect(await keptDrafts(page)).not.toContain('"capacity":"3"');
  expect(await keptDrafts(page)).toContain('10:30, 15:30');

  await create.getByRole('button', { name: '일정 만들기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '방문 일정 2개를 만들었습니다.' })).toBeFocused();
  expect(await keptDrafts(page)).toBe('');
  await page.reload();
  await waitForHydrated(create.getByRole('button', { name: '일정 만들기' }));
  await expect(restoredNote(page)).toHaveCount(0);
});

test('광고비: the campaign and amount come back after a new sign-in, and go once saved', async ({ page }, testInfo) => {
  test.slow();
  const campaign = `drafts-${testInfo.project.name}`;
  await registerThroughApi(page.request, uniqueName('광고보관'), uniquePhone().phone, `/?utm_source=naver&utm_medium=cpc&utm_campaign=${campaign}`);
  const clock = await signInWithSessionClock(page);
  await page.goto('/admin/stats');
  const amount = page.getByLabel('금액 (원)');
  await waitForHydrated(amount);
  await page.getByLabel('캠페인', { exact: true }).selectOption(campaign);
  await amount.fill('1,350,000');

  await endSessionThenSignInAgain(page, clock, () => page.getByRole('button', { name: '광고비 저장' }).click());
  await expect(restoredNote(page.getByRole('region', { name: '광고비 입력' }))).toBeFocused();
  await expect(page.getByLabel('캠페인', { exact: true })).toHaveValue(campaign);
  await expect(amount).toHaveValue('1,350,000');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: '광고비 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${campaign} 광고비를 저장했습니다.` })).toBeFocused();
  await expect(amount).toHaveValue('');
  expect(await keptDrafts(page)).toBe('');
});

test('계정 관리: 계정 추가 (never its password) and an account’s 휴대폰 come back after a new sign-in, and go once saved', async ({ page }, testInfo) => {
  test.slow();
  const clock = await signInWithSessionClock(page);
  await page.goto('/admin/accounts');
  await expect(page.getByText('비밀번호는 계정 추가에서도 재설정에서도 보관하지 않습니다.')).toBeVisible();
  const add = page.locator('form', { has: page.getByRole('button', { name: '계정 추가' }) });
  await waitForHydrated(add.getByLabel('이메일'));
  const email = `drafts-${testInfo.project.name}-${Date.now()}@example.kr`;
  const person = uniqueName('보관');
  const password = 'never-kept-password-2026';
  await add.getByLabel('이메일').fill(email);
  await add.getByLabel('이름').fill(person);
  await add.getByLabel('역할').selectOption('manager');
  await add.getByLabel('휴대폰').fill('010-4444-5555');
  await add.getByLabel('비밀번호').fill(password);
  // Another account's 휴대폰, typed and not saved.
  const cardMobile = page.getByLabel(/휴대폰 번호$/).first();
  const cardMobileId = (await cardMobile.getAttribute('id'))!;
  await cardMobile.fill('010-6666-7777');
  expect(await keptDrafts(page)).toContain(person);
  expect(await keptDrafts(page)).not.toContain(password);

  await endSessionThenSignInAgain(page, clock, () => add.getByRole('button', { name: '계정 추가' }).click());
  await expect(restoredNote(page).first()).toBeVisible();
  await expect(page.locator(':focus')).toHaveText(new RegExp(RESTORED));
  await expect(add.getByLabel('이메일')).toHaveValue(email);
  await expect(add.getByLabel('이름')).toHaveValue(person);
  await expect(add.getByLabel('역할')).toHaveValue('manager');
  await expect(add.getByLabel('휴대폰')).toHaveValue('010-4444-5555');
  await expect(add.getByLabel('비밀번호')).toHaveValue('');
  await expect(page.locator(`[id="${cardMobileId}"]`)).toHaveValue('010-6666-7777');
  await expectNoAxeViolations(page);

  await add.getByLabel('비밀번호').fill(password);
  await add.getByRole('button', { name: '계정 추가' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} 계정을 추가했습니다.` })).toBeFocused();
  await expect(add.getByLabel('이메일')).toHaveValue('');
  // The card's number is still unsaved, so it alone is kept.
  expect(await keptDrafts(page)).not.toContain(person);
  expect(await keptDrafts(page)).toContain('010-6666-7777');
  await page.locator(`[id="${cardMobileId}"]`).fill(await page.locator(`[id="${cardMobileId}"]`).evaluate((input) => (input as HTMLInputElement).defaultValue));
  expect(await keptDrafts(page)).toBe('');
});

test('a save the browser posted itself, before the script took over: the page that answers shows the form empty, not the draft kept while typing', async ({
  page,
}, testInfo) => {
  await signInByRequest(page);
  await page.goto('/admin/accounts');
  const add = page.locator('form', { has: page.getByRole('button', { name: '계정 추가' }) });
  await waitForHydrated(add.getByLabel('이메일'));
  const email = `native-${testInfo.project.name}-${Date.now()}@example.kr`;
  const person = uniqueName('직접전송');
  await add.getByLabel('이메일').fill(email);
  await add.getByLabel('이름').fill(person);
  await add.getByLabel('비밀번호').fill('a-desk-password-2026');
  expect(await keptDrafts(page)).toContain(person);

  // form.submit() skips the router as a post sent before hydration does: a new document answers.
  await add.evaluate((form) => (form as HTMLFormElement).submit());
  await expect(page.getByRole('status').filter({ hasText: `${email} 계정을 추가했습니다.` })).toBeFocused();
  await waitForHydrated(add.getByLabel('이메일'));
  // The draft goes once the effects after hydration have looked at the (empty) form.
  await expect.poll(() => keptDrafts(page)).not.toContain(person);
  await expect(add.getByLabel('이메일')).toHaveValue('');
  await expect(add.getByLabel('이름')).toHaveValue('');
  await expect(restoredNote(page)).toHaveCount(0);
});

test('forms that keep nothing say so beside their field: 내려받기 사유, the audit’s customer search, a customer deletion’s 사유', async ({ page }) => {
  await signInByRequest(page);
  await page.goto('/admin/leads');
  await expect(page.getByLabel(/내려받는 사유/)).toHaveAccessibleDescription(/사유는 이 브라우저에 보관하지 않습니다/);
  await page.goto('/admin/audit');
  await expect(page.getByLabel('고객 이름 또는 전화번호')).toHaveAccessibleDescription(/입력한 이름·번호는 이 브라우저에 보관하지 않습니다/);
  const name = uniqueName('삭제안내');
  const { phone, lastFour } = uniquePhone();
  await registerThroughApi(page.request, name, phone);
  await page.goto(`/admin/leads?q=${lastFour}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByLabel('삭제 사유')).toHaveAccessibleDescription(/사유는 이 브라우저에 보관하지 않습니다/);
  expect(await keptDrafts(page)).toBe('');
});
