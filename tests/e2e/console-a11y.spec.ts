import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, horizontalOverflow, waitForHydrated } from './support/checks';
import {
  addSalesAccount,
  ADMIN_EMAIL,
  openLead,
  registerLeadsThroughApi,
  registerThroughApi,
  SALES_PASSWORD,
  signIn,
  signInByRequest,
  simulateSessionClock,
  uniqueName,
  uniquePhone,
} from './support/console-helpers';
import { CANARY_ADMIN_PASSWORD } from './support/canary-secrets';

/**
 * The staff console and the sign-in forms by keyboard (KWCAG 2.2), at the width each was found
 * failing: the warning before the session ends and the work kept across a sign-in, the outcome
 * of each form reached and announced, search results announced, page titles.
 */

test.describe('the session ends with warning, and nothing typed is lost', () => {
  test('an answer about the time left that comes late still brings the warning before the end', async ({ page }) => {
    await page.clock.install();
    const clock = await simulateSessionClock(page);
    await clock.restart();
    await signIn(page);
    await clock.restart();
    const slow = clock.holdAnswers();
    await page.goto('/admin/leads');
    await slow.answered;
    // The answer (30 minutes left) was reckoned; 26 minutes 50 pass before the page gets it.
    await page.clock.fastForward('26:50');
    slow.release();
    const warning = page.getByRole('alertdialog', { name: '로그인 시간이 곧 끝납니다' });
    await page.clock.fastForward('00:15');
    await expect(warning).toBeVisible();
  });

  test('a warning dialog 3 minutes before the end, 계속 사용 renews; after the end the typed memo and status survive the sign-in and save', async ({
    page,
    context,
  }) => {
    test.slow();
    const name = uniqueName('세션');
    const { phone, lastFour } = uniquePhone();
    await registerThroughApi(page.request, name, phone);
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
    // Focus is moved by the page's script: a form sent before it runs loads the next page afresh.
    await waitForHydrated(page.getByLabel('이메일'));
    await page.getByLabel('이메일').fill(ADMIN_EMAIL);
    await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: '대시보드' })).toBeFocused();
    await expect(page).toHaveTitle('대시보드 | 상담 관리');

    const missing = await page.goto('/admin/leads/lead-does-not-exist');
    expect(missing?.status()).toBe(404);
    await expect(page).toHaveTitle('찾을 수 없습니다 | 상담 관리');

    await page.context().clearCookies();
    await signInByRequest(page, addSalesAccount('titles'));
    const forbidden = await page.goto('/admin/accounts');
    expect(forbidden?.status()).toBe(403);
    await expect(page).toHaveTitle('접근 권한이 없습니다 | 상담 관리');
  });
});

test.describe('outcomes reached and announced', () => {
  test('adding an account: the outcome is focused and in view; a duplicate keeps what was typed and focuses the marked e-mail; a reset empties its field and names its person', async ({
    page,
  }, testInfo) => {
    await signInByRequest(page);
    await page.goto('/admin/accounts');
    const form = page.locator('form', { has: page.getByRole('button', { name: '계정 추가' }) });
    const email = `a11y-${testInfo.project.name}-${Date.now()}@example.kr`;
    const person = uniqueName('접근성');
    const fillAndSubmit = async () => {
      await form.getByLabel('이메일').fill(email);
      await form.getByLabel('이름').fill(person);
      await form.getByLabel('역할').selectOption('sales');
      await form.getByLabel('비밀번호').fill(SALES_PASSWORD);
      await page.keyboard.press('Enter');
    };

    await fillAndSubmit();
    const added = page.getByRole('status').filter({ hasText: `${email} 계정을 추가했습니다.` });
    await expect(added).toBeFocused();
    await expect(added).toBeInViewport();

    await fillAndSubmit();
    const emailField = form.getByLabel('이메일');
    await expect(emailField).toBeFocused();
    await expect(emailField).toBeInViewport();
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(emailField).toHaveAccessibleDescription('이미 있는 계정입니다.');
    await expect(emailField).toHaveValue(email);
    await expect(form.getByLabel('이름')).toHaveValue(person);
    await expect(form.getByLabel('역할')).toHaveValue('sales');
    await expectNoAxeViolations(page);

    const reset = page.getByRole('button', { name: `${person} 비밀번호 재설정` });
    await expect(reset).toHaveCount(1);
    const newPassword = page.getByLabel(`${person} 새 비밀번호`);
    await newPassword.fill('a-new-desk-password-2026');
    await newPassword.press('Enter');
    const resetDone = page.getByRole('status').filter({ hasText: `${person} 님의 비밀번호를 바꿨습니다. 로그인된 기기에서도 바로 로그아웃됩니다.` });
    await expect(resetDone).toBeFocused();
    await expect(resetDone).toBeInViewport();
    await expect(page.getByLabel(`${person} 새 비밀번호`)).toHaveValue('');
  });

  test('the press page sign-in keeps the e-mail after a refusal and focuses the reason; the next Tab goes on to the fields', async ({ page }) => {
    await page.goto('/cheonghak/press');
    await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
    const panel = page.locator('.press-admin');
    await panel.getByLabel('이메일').fill(ADMIN_EMAIL);
    await panel.getByLabel('비밀번호').fill('not the password');
    await page.keyboard.press('Enter');
    const reason = panel.getByRole('alert');
    await expect(reason).toHaveText('로그인 실패: 이메일 또는 비밀번호가 올바르지 않습니다.');
    await expect(reason).toBeFocused();
    await expect(panel.getByLabel('이메일')).toHaveValue(ADMIN_EMAIL);
    await expect(panel.getByLabel('비밀번호')).toHaveValue('');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: '로그인' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(panel.getByLabel('비밀번호')).toBeFocused();
  });

  test('조회 on the audit and stats pages announces the result where focus stays; a reversed audit range says so', async ({ page }) => {
    await signInByRequest(page);
    await page.goto('/admin/audit');
    // The page's other status (고객으로 찾기's answer) is empty until a customer is looked for.
    const result = page.locator('main').getByRole('status').filter({ hasText: /기록/ });
    await expect(result).toHaveText(/^기록 \d+건/);
    // Where focus stays after 조회 is the script's doing: the page has hydrated before the key.
    await waitForHydrated(page.getByRole('button', { name: '조회' }));
    await page.getByLabel('작업자 이메일').fill('nobody-at-all@example.kr');
    await page.getByRole('button', { name: '조회' }).focus();
    await page.keyboard.press('Enter');
    await expect(result).toHaveText('조건에 맞는 기록이 없습니다.');
    await expect(page.getByRole('button', { name: '조회' })).toBeFocused();

    await page.goto('/admin/audit?from=2026-11-20&to=2026-11-01');
    await expect(page.getByRole('alert')).toHaveText('시작일이 종료일보다 늦습니다.');
    await expect(result).toHaveText(/^기록 \d+건/);

    await page.goto('/admin/stats?from=2020-01-01&to=2020-01-07');
    const stats = page.locator('main').getByRole('status');
    await expect(stats).toHaveText('2020-01-01 ~ 2020-01-07: 이 기간의 기록이 없습니다.');
    // The page's own period (상담사별 실적 has one of its own, named 실적 시작일 and 실적 조회).
    await waitForHydrated(page.getByRole('button', { name: '조회', exact: true }));
    await page.getByLabel('시작일', { exact: true }).fill('2020-02-01');
    await page.getByLabel('종료일', { exact: true }).fill('2020-02-03');
    await page.getByRole('button', { name: '조회', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(stats).toHaveText('2020-02-01 ~ 2020-02-03: 이 기간의 기록이 없습니다.');
    await expect(page.getByRole('button', { name: '조회', exact: true })).toBeFocused();
    // Each table is one region, named once (not a region named the same inside another).
    await expect(page.getByRole('region', { name: '합계' })).toHaveCount(1);
  });
});

test.describe('the lead list and a lead by keyboard', () => {
  test('the 상태 filter searches once its value is committed; 조건 지우기 and paging leave focus on the search field and the count', async ({
    page,
    request,
  }) => {
    test.slow();
    const name = uniqueName('페이지');
    await registerLeadsThroughApi(request, name, 31);
    await signInByRequest(page);
    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    const count = page.locator('main').getByRole('status');
    await expect(count).toHaveText('조건에 맞는 고객 31명 중 이 페이지에 30명 (다음 페이지 있음)');

    const status = page.getByLabel('상태', { exact: true });
    // Before hydration the filter has no handler yet (committing a value then searches nothing).
    await waitForHydrated(status);
    await status.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(status).toHaveValue('contacting');
    // Stepping through the choices asks nothing yet.
    await expect(page).toHaveURL(`/admin/leads?q=${encodeURIComponent(name)}`);
    await page.keyboard.press('Tab');
    await expect(page).toHaveURL(/[?&]status=contacting/);
    await expect(count).toHaveText('조건에 맞는 고객이 없습니다.');

    await page.getByRole('link', { name: '조건 지우기' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/leads$/);
    await expect(page.getByLabel('이름 또는 전화번호')).toBeFocused();

    await page.goto(`/admin/leads?q=${encodeURIComponent(name)}`);
    // Before hydration the link is a plain one: the new page would load without the focus it carries.
    await waitForHydrated(page.getByRole('link', { name: '다음 페이지' }));
    await page.getByRole('link', { name: '다음 페이지' }).focus();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('조건에 맞는 고객 31명 중 이 페이지에 1명');
    await expect(count).toBeFocused();
    await page.getByRole('link', { name: '처음 페이지' }).focus();
    await page.keyboard.press('Enter');
    await expect(count).toHaveText('조건에 맞는 고객 31명 중 이 페이지에 30명 (다음 페이지 있음)');
    await expect(count).toBeFocused();
  });

  test('an empty memo marks the field invalid and describes it with the alert', async ({ page }) => {
    const name = uniqueName('빈메모');
    const { phone, lastFour } = uniquePhone();
    await registerThroughApi(page.request, name, phone);
    await signInByRequest(page);
    await openLead(page, name, lastFour);
    await page.getByRole('button', { name: '메모 저장' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert')).toHaveText('메모 내용을 입력해 주세요.');
    const memo = page.getByLabel('새 메모');
    await expect(memo).toHaveAttribute('aria-invalid', 'true');
    await expect(memo).toHaveAccessibleDescription(/메모 내용을 입력해 주세요\./);
    await expectNoAxeViolations(page);
  });
});

test.describe('sideways menus at 375', () => {
  test('Tab through the floor-plan menu: every focused item lies wholly inside the strip @mobile', async ({ page }) => {
    await page.goto('/FloorPlan/59A');
    await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
    const links = page.locator('.sub-menu__link');
    await links.first().focus();
    const visited: string[] = [];
    for (let index = 0; index < (await links.count()); index++) {
      if (index > 0) await page.keyboard.press('Tab');
      const focused = links.nth(index);
      await expect(focused).toBeFocused();
      // Where the page's own keeping-in-view leaves it, a frame later.
      await expect
        .poll(() =>
          focused.evaluate((element) => {
            const strip = element.closest('.sub-menu__list')!;
            const box = strip.getBoundingClientRect();
            const rect = element.getBoundingClientRect();
            return rect.left >= box.left - 0.5 && rect.right <= box.right + 0.5;
          }),
        )
        .toBe(true);
      visited.push((await focused.textContent()) ?? '');
    }
    expect(visited).toContain('84㎡C');
    expect(visited).toContain('E-모델하우스');
  });
});

test.describe('text spacing (1.4.12) from a user stylesheet', () => {
  // An extension's styles are not subject to the page's CSP; bypassing it here stands for that.
  // Reduced motion: a banner's passing light (a moving overlay) is no text and not measured.
  test.use({ bypassCSP: true, reducedMotion: 'reduce' });

  const SPACING = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
    p { margin-bottom: 2em !important; }`;

  /** Text cut off by a box that hides its overflow (visually hidden helpers aside). */
  function clippedText(): string[] {
    return [...document.querySelectorAll<HTMLElement>('body *')].flatMap((element) => {
      const style = getComputedStyle(element);
      const hides = (value: string) => value === 'hidden' || value === 'clip';
      if (!hides(style.overflowY) && !hides(style.overflowX)) return [];
      if (element.clientWidth <= 2 || element.clientHeight <= 2 || !element.innerText?.trim()) return [];
      const cut =
        (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1) ||
        (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1);
      return cut ? [`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} "${element.innerText.trim().slice(0, 30)}"`] : [];
    });
  }

  test('the console and the customer page at 375 and 320: nothing wider than the screen, no text cut off @mobile', async ({ page }) => {
    test.setTimeout(120_000);
    await signInByRequest(page);
    const problems: string[] = [];
    for (const width of [375, 320]) {
      await page.setViewportSize({ width, height: 812 });
      for (const path of ['/admin', '/admin/leads', '/admin/visits', '/admin/stats', '/admin/accounts', '/Promotion/Customer']) {
        await page.goto(path);
        await page.addStyleTag({ content: SPACING });
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) problems.push(`${width} ${path}: ${overflow} px wider than the screen`);
        problems.push(...(await page.evaluate(clippedText)).map((line) => `${width} ${path}: ${line}`));
      }
    }
    expect(problems).toEqual([]);
  });
});
