import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './checks';
import { ADMIN_EMAIL, addSalesAccount, openLead, registerThroughPopup, SALES_PASSWORD, signIn, uniquePhone } from './console-helpers';
import { CANARY_ADMIN_PASSWORD } from './canary-secrets';

/**
 * The staff console and the sign-in forms by keyboard (KWCAG 2.2), at the width each was found
 * failing: the warning before the session ends and the work kept across a sign-in, the outcome
 * of each form reached and announced, search results announced, page titles.
 */

const IDLE_MS = 30 * 60 * 1000;

/**
 * The server's session clock as the page's fake clock makes it run: GET /api/session answers the
 * time left until `endsAt` (page time), a renewal goes to the server and moves `endsAt`.
 */
async function simulateSessionClock(page: Page) {
  const pageNow = () => page.evaluate(() => Date.now());
  const clock = { endsAt: 0, restart: async () => (clock.endsAt = (await pageNow()) + IDLE_MS) };
  await page.route('**/api/session', async (route) => {
    if (route.request().method() !== 'POST') {
      return route.fulfill({ json: { remainingMs: Math.max(0, clock.endsAt - (await pageNow())) } });
    }
    const response = await route.fetch();
    const body = (await response.json()) as { remainingMs?: number };
    if (response.ok()) clock.endsAt = (await pageNow()) + body.remainingMs!;
    return route.fulfill({ response, json: body });
  });
  return clock;
}

test.describe('the session ends with warning, and nothing typed is lost', () => {
  test('a warning dialog 3 minutes before the end, 계속 사용 renews; after the end the typed memo and status survive the sign-in and save', async ({ page, context }) => {
    test.slow();
    const name = `세션${Date.now() % 100000}`;
    const { phone, lastFour } = uniquePhone();
    await registerThroughPopup(page, name, phone);
    await page.clock.install();
    const clock = await simulateSessionClock(page);
    await clock.restart();
    await signIn(page);
    await clock.restart();
    await openLead(page, name, lastFour);
    const leadPath = new URL(page.url()).pathname;

    const memo = page.getByLabel('새 메모');
    await page.getByLabel('상태', { exact: true }).selectOption({ label: '연락 중' });
    await memo.focus();
    await page.keyboard.type('주말 오후 방문 희망, 59A 관심');

    const warning = page.getByRole('alertdialog', { name: '로그인 시간이 곧 끝납니다' });
    await page.clock.fastForward('26:50');
    await expect(warning).toBeHidden();
    await page.clock.fastForward('00:15');
    await expect(warning).toBeVisible();
    await expect(warning).toHaveAccessibleDescription(/자동으로 로그아웃됩니다\(약 3분 뒤\)/);
    const keepGoing = warning.getByRole('button', { name: '계속 사용' });
    await expect(keepGoing).toBeFocused();
    await expectNoAxeViolations(page);

    const renewal = page.waitForResponse((response) => response.url().endsWith('/api/session') && response.request().method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await renewal).status()).toBe(200);
    await expect(warning).toBeHidden();
    await expect(memo).toBeFocused();
    // Renewed: the next warning is 27 minutes from now, not 3.
    await page.clock.fastForward('05:00');
    await expect(warning).toBeHidden();

    // The session ends (the browser drops the cookie when its time is up).
    await context.clearCookies();
    await page.clock.fastForward('25:00');
    const ended = page.getByRole('alertdialog', { name: '로그인 시간이 끝났습니다' });
    await expect(ended).toBeVisible();
    await expect(ended.getByRole('button', { name: '다시 로그인' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(ended.getByRole('button', { name: '닫기' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(ended).toBeHidden();

    // The save, as the staff member tries it: to the sign-in, which says the work is kept.
    await page.getByRole('button', { name: '메모 저장' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/admin?next=${encodeURIComponent(leadPath)}`);
    await expect(page.getByRole('status')).toHaveText(/저장하지 못한 내용이 이 브라우저에 보관되어 있습니다/);
    await clock.restart();
    await page.getByLabel('이메일').fill(ADMIN_EMAIL);
    await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(leadPath);
    const restored = page.getByRole('status').filter({ hasText: '로그인 전에 작성하던 내용을 입력란에 되살렸습니다' });
    await expect(restored).toBeFocused();
    await expect(memo).toHaveValue('주말 오후 방문 희망, 59A 관심');
    await expect(page.getByLabel('상태', { exact: true })).toHaveValue('contacting');
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '상태·담당자 저장' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('상태와 담당자를 저장했습니다.');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('연락 중');
    await expect(memo).toHaveValue('주말 오후 방문 희망, 59A 관심');
    await page.getByRole('button', { name: '메모 저장' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('메모를 저장했습니다.');
    await expect(page.locator('.lead-memos__text').first()).toHaveText('주말 오후 방문 희망, 59A 관심');
    await expect(memo).toHaveValue('');
    // Saved: nothing is kept for this page any more.
    await page.reload();
    await expect(page.getByText('로그인 전에 작성하던 내용을')).toHaveCount(0);
  });
});

test.describe('page titles and focus after signing in', () => {
  test('the sign-in is titled so (also after a redirect); signing in focuses the page heading; 403 and 404 pages say what they are', async ({ page }) => {
    await page.goto('/admin/accounts');
    await expect(page).toHaveTitle('직원 로그인 | 상담 관리');
    await page.goto('/admin');
    await expect(page).toHaveTitle('직원 로그인 | 상담 관리');
    await page.getByLabel('이메일').fill(ADMIN_EMAIL);
    await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeFocused();
    await expect(page).toHaveTitle('대시보드 | 상담 관리');

    const missing = await page.goto('/admin/leads/lead-does-not-exist');
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle('찾을 수 없습니다 | 상담 관리');

    await page.context().clearCookies();
    await signIn(page, addSalesAccount('titles'), SALES_PASSWORD);
    const forbidden = await page.goto('/admin/accounts');
    expect(forbidden?.status()).toBe(403);
    await expect(page).toHaveTitle('접근 권한이 없습니다 | 상담 관리');
  });
});
