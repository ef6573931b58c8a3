/**
 * The sales console's accounts at /admin, in the browser at 375×812 and 1440×900: the admin signs
 * in at /admin (and returns to the page that sent them there), sees the whole menu, adds a sales
 * account and disables it on the accounts page; the sales account sees only its menu and gets 403
 * on the accounts and audit pages and on press writes; axe on the sign-in, accounts and audit pages.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './support/canary-secrets';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated, watchErrors } from './support/checks';

const ADMIN_EMAIL = secretEnv().ADMIN_EMAIL;
const SALES_PASSWORD = 'model-house-desk-2026';

async function signIn(page: Page, email: string, password: string, path = '/admin'): Promise<void> {
  await page.goto(path);
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(consoleNav(page)).toBeVisible();
}

function consoleNav(page: Page) {
  return page.getByRole('navigation', { name: '상담 관리 메뉴' });
}

/** A sales account made by the admin on the accounts page; its email is unique per run and project. */
async function addSalesAccount(page: Page, email: string): Promise<void> {
  await page.goto('/admin/accounts');
  const form = page.locator('form', { has: page.getByRole('button', { name: '계정 추가' }) });
  await form.getByLabel('이메일').fill(email);
  await form.getByLabel('이름').fill('김상담');
  await form.getByLabel('역할').selectOption('sales');
  await form.getByLabel('비밀번호').fill(SALES_PASSWORD);
  await form.getByRole('button', { name: '계정 추가' }).click();
  await expect(page.getByRole('status')).toHaveText(`${email} 계정을 추가했습니다.`);
}

async function salesPage(browser: Browser, email: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({ viewport: viewport ?? undefined });
  const page = await context.newPage();
  await signIn(page, email, SALES_PASSWORD);
  return { context, page };
}

test('the admin signs in at /admin, sees the admin menu, adds and disables a sales account (axe clean)', async ({ page, browser }, testInfo) => {
  // Two sign-ins, four account posts and axe on three pages: 40–55 s on a busy machine.
  test.slow();
  const errors = watchErrors(page);
  await page.goto('/admin/accounts');
  // Signed out: the sign-in form at /admin, which returns to the accounts page afterwards.
  await expect(page).toHaveURL(/\/admin\?next=%2Fadmin%2Faccounts$/);
  await expect(page.getByRole('heading', { level: 1, name: '직원 로그인' })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoAxeViolations(page);

  await page.getByLabel('이메일').fill(ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill('not the password');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('alert')).toHaveText('이메일 또는 비밀번호가 올바르지 않습니다.');

  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  // The environment's admin is named 관리자: the header says it once, not "관리자 (관리자)".
  await expect(page.locator('.console-header__who')).toHaveText('관리자');
  await expect(consoleNav(page).getByRole('link')).toHaveText([
    '대시보드',
    '오늘 할 일',
    '고객 목록',
    '방문 명단',
    '방문 일정 관리',
    '사이트 방문 통계',
    '접속 기록',
    '계정 관리',
  ]);
  await expect(consoleNav(page).getByRole('link', { name: '계정 관리' })).toHaveAttribute('aria-current', 'page');

  const email = `sales-${testInfo.project.name}-${Date.now()}@example.kr`;
  // A console save reads the console's data again, not the public site's (its settings and lead form).
  const reads: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.endsWith('.data')) reads.push(url);
  });
  await addSalesAccount(page, email);
  // The public site's layout is not a route of a console page, so no read can include it; without
  // `_routes` a data request reads every route of the page.
  const pageRoutes = await page.evaluate(() => Object.keys((window as unknown as { __reactRouterRouteModules: object }).__reactRouterRouteModules));
  expect(pageRoutes).toEqual(expect.arrayContaining(['root', 'routes/console/layout', 'routes/console/accounts']));
  expect(pageRoutes).not.toContain('site');
  expect(reads).toHaveLength(1);
  expect(reads[0]!.searchParams.get('_routes')?.split(',') ?? pageRoutes).not.toContain('site');
  const card = page.getByRole('listitem').filter({ hasText: email });
  await expect(card).toContainText('상담사');
  await expect(card).toContainText('사용 중');
  // Its 휴대폰, for messages about its leads: a number that is not a 010 mobile is refused in Korean; one that is shows masked.
  const mobile = card.getByLabel('김상담 휴대폰 번호');
  await waitForHydrated(mobile);
  await mobile.fill('02-123-4567');
  await mobile.press('Enter');
  await expect(page.getByRole('alert')).toContainText('010으로 시작하는 11자리');
  await expect(mobile).toHaveAccessibleDescription(/010으로 시작하는 11자리/);
  await mobile.fill('010 2345 6789');
  await mobile.press('Enter');
  await expect(page.getByRole('status')).toContainText('김상담 님의 휴대폰 번호를 010-****-6789로 저장했습니다.');
  await expect(card.getByRole('definition').filter({ hasText: '010-****-6789' })).toBeVisible();
  await expect(mobile).toHaveValue('010-2345-6789');
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, testInfo, 'console-accounts');

  const sales = await salesPage(browser, email, page.viewportSize());
  await expect(sales.page.getByText('김상담 (상담사)')).toBeVisible();

  await card.getByRole('button', { name: '김상담 사용 중지' }).click();
  await expect(page.getByRole('status')).toContainText('김상담 님의 계정을 사용 중지했습니다. 로그인된 기기에서도 바로 로그아웃됩니다.');
  await expect(page.getByRole('listitem').filter({ hasText: email })).toContainText('사용 중지');
  // Its session ended at once: the next page asks it to sign in.
  await sales.page.reload();
  await expect(sales.page.getByRole('heading', { level: 1, name: '직원 로그인' })).toBeVisible();
  await sales.context.close();

  await consoleNav(page).getByRole('link', { name: '접속 기록' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '접속 기록' })).toBeVisible();
  await expect(page.getByRole('cell', { name: '계정 사용 중지' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await screenshot(page, testInfo, 'console-audit');
  // The refused sign-in answers 401 and the refused 휴대폰 400; a data request cut short by the next click is no failure.
  const refused = (line: string) => line.includes('HTTP 401') || (line.includes('HTTP 400') && line.endsWith('/admin/accounts.data'));
  expect(errors.filter((line) => !refused(line) && !line.includes('ERR_ABORTED'))).toEqual([]);
});

test('a sales account sees its menu only and gets 403 on the accounts and audit pages and on press writes', async ({ page, browser, baseURL }, testInfo) => {
  await signIn(page, ADMIN_EMAIL, CANARY_ADMIN_PASSWORD);
  const email = `sales-403-${testInfo.project.name}-${Date.now()}@example.kr`;
  await addSalesAccount(page, email);

  const sales = await salesPage(browser, email, page.viewportSize());
  await expect(consoleNav(sales.page).getByRole('link')).toHaveText(['대시보드', '오늘 할 일', '고객 목록', '방문 명단', '사이트 방문 통계']);
  for (const [path, refusal] of [
    ['/admin/accounts', '이 화면은 관리자만 쓸 수 있습니다.'],
    ['/admin/audit', '이 화면은 관리자와 팀장만 쓸 수 있습니다.'],
  ]) {
    const response = await sales.page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(sales.page.getByText(refusal)).toBeVisible();
  }
  await expectNoAxeViolations(sales.page);
  const exported = await sales.page.request.get('/admin/audit/export.csv');
  expect(exported.status()).toBe(403);
  expect(await exported.json()).toMatchObject({ error: 'staffRoleForbidden', message: '관리자만 할 수 있는 작업입니다.' });

  // The press page: no write form for sales, and a hand-made post is refused.
  await sales.page.goto('/cheonghak/press');
  await expect(sales.page.getByText('기사 작성은 관리자 계정만 할 수 있습니다.')).toBeVisible();
  await expect(sales.page.getByLabel('제목')).toHaveCount(0);
  const write = await sales.page.request.post('/cheonghak/press', {
    form: { intent: 'create', title: '상담사가 쓴 글', summary: '요약', body: '본문' },
    headers: { origin: baseURL! },
  });
  expect(write.status()).toBe(403);
  await sales.context.close();
});
