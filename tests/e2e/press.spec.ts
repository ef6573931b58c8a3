import { expect, test, type Response, type TestInfo } from '@playwright/test';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './support/canary-secrets';
import { expectNoAxeViolations, screenshot } from './support/checks';

/**
 * The press pages at each viewport (projects mobile 375×812 and desktop 1440×900): the list and
 * its columns, "더보기", the detail and its view count, the redirect for a missing article, the
 * admin's sign-in, post and logout, and the no-JavaScript paths.
 */

const LIST = '/cheonghak/press';
// A visitor's browser: Playwright's own user agent says HeadlessChrome, which is a bot whose views
// are rightly not counted.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
});
const ADMIN_EMAIL = secretEnv().ADMIN_EMAIL;

const isWide = (testInfo: TestInfo) => testInfo.project.name === 'desktop';

test('list: 10 newest rows, columns by width, 더보기 appends the next 10', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(LIST);
  expect(response?.status()).toBe(200);
  const rows = page.locator('.press-table tbody tr');
  await expect(rows).toHaveCount(10);

  const headers = page.locator('.press-table thead th');
  await expect(headers.filter({ hasText: '제목' })).toBeVisible();
  await expect(headers.filter({ hasText: 'NO' })).toBeVisible();
  await expect(headers.filter({ hasText: '작성일' })).toBeVisible();
  // 작성자 and 조회수 only above 900px.
  for (const wideOnly of ['작성자', '조회수']) {
    const header = headers.filter({ hasText: wideOnly });
    if (isWide(testInfo)) await expect(header).toBeVisible();
    else await expect(header).toBeHidden();
  }
  if (isWide(testInfo)) await expect(rows.first().locator('td').nth(2)).toHaveText('관리자');

  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'press-list');

  const firstTitles = await rows.locator('a').allTextContents();
  await page.getByRole('link', { name: '더보기' }).click();
  await expect(rows).toHaveCount(20);
  const allTitles = await rows.locator('a').allTextContents();
  expect(allTitles.slice(0, 10)).toEqual(firstTitles);
  expect(new Set(allTitles).size).toBe(20);
  // Focus moves to the first new row for keyboard and screen-reader users.
  await expect(rows.nth(10).locator('a')).toBeFocused();
  // Until a page returns fewer than 10 (other tests may add posts meanwhile): then no button.
  const more = page.getByRole('link', { name: '더보기' });
  for (let loaded = 20; (await more.count()) > 0 && loaded < 100; loaded += 10) {
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(loaded);
  }
  await expect(more).toHaveCount(0);
  expect((await rows.count()) % 10).not.toBe(0);
  expect(errors).toEqual([]);
});

test('detail: counted view, Korean date and time, JSON-LD, back to the list', async ({ page }, testInfo) => {
  await page.goto(LIST);
  // Past the articles the page crawl visits (the first three), and one per project: the other
  // project's browser is another visitor, whose first view would change the count read below.
  const link = page.locator('.press-table tbody tr a').nth(testInfo.project.name === 'desktop' ? 4 : 3);
  const title = (await link.textContent()) ?? '';
  const isViewPost = (response: Response) => response.url().includes('/view?site=') && response.request().method() === 'POST';
  const firstView = page.waitForResponse(isViewPost);
  await link.click();
  await expect(page.locator('.press-article__title')).toHaveText(title);
  // The page counts its own view once loaded (a same-origin POST) and shows the server's number.
  const shownViews = async () => Number((await page.locator('.press-article__views').textContent())?.replace(/,/g, ''));
  await expect.poll(shownViews).toBeGreaterThan(0);
  const views = await shownViews();
  await expect(page.locator('.press-article time')).toHaveText(/^\d{4}년 \d{1,2}월 \d{1,2}일 (오전|오후) \d{1,2}:\d{2}$/);
  await expect(page.locator('.press-article__meta')).toContainText('관리자');
  const jsonLd = JSON.parse((await page.locator('main script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: title });
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'press-detail');

  // Opening it again within the clock hour does not count again: one visitor, one view per hour
  // (a test that crosses the hour between the two sees the second counted, as it should be).
  const counted = page.waitForResponse(isViewPost);
  await page.reload();
  // Another test's visitor may open this article meanwhile: the count may grow, but not by this one.
  const [first, second] = [await firstView, await counted];
  const again = (await second.json()) as { counted: boolean; views: number };
  const clockHour = (response: Response) => Math.floor(Date.parse(response.headers()['date'] ?? '') / 3_600_000);
  expect(clockHour(first)).not.toBeNaN();
  expect(again.counted).toBe(clockHour(second) !== clockHour(first));
  expect(again.views).toBeGreaterThanOrEqual(views);
  await expect.poll(shownViews).toBe(again.views);

  await page.getByRole('link', { name: '목록으로' }).click();
  await expect(page).toHaveURL(LIST);
});

test("the Studio's 조회수: a page of another origin reads an article's count from the site", async ({ page, baseURL }) => {
  const site = new URL(baseURL!);
  // A page of another origin (localhost, the site being 127.0.0.1), answered by the browser itself as a Studio
  // would be: the fetch below is cross-origin, as the Studio's is.
  const studio = `http://localhost:${site.port}/studio-stand-in`;
  // Both are loopback here, which Chromium's local network access asks the user about; the Studio and the
  // site are public sites in production, where it does not apply.
  await page.context().grantPermissions(['local-network-access'], { origin: new URL(studio).origin });
  await page.route(studio, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Studio</title>' }));
  await page.goto(studio);
  const answer = await page.evaluate(async (address) => {
    const response = await fetch(address, { credentials: 'omit' });
    return { status: response.status, body: (await response.json()) as unknown };
  }, `${site.origin}/api/press/press-sample-01/views?site=cheonghak`);
  expect(answer).toEqual({ status: 200, body: { views: expect.any(Number) } });
});

test("a missing or another site's article redirects to the list", async ({ page, request }) => {
  await page.goto(`${LIST}/no-such-article`);
  await expect(page).toHaveURL(LIST);
  const redirect = await request.get(`${LIST}/no-such-article`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe(LIST);
  expect((await request.get('/other-site/press', { maxRedirects: 0 })).status()).toBe(404);
});

test('admin: failed sign-in, required fields, a post rendered inert, logout', async ({ page }, testInfo) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(LIST);
  await page.getByLabel('이메일').fill(ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill('wrong-password');
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^로그인 실패: .+/);

  await page.getByLabel('이메일').fill(ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByText(`${ADMIN_EMAIL}님 환영합니다`)).toBeVisible();

  // Title and summary are required: an alert on the page, never window.alert.
  await page.getByRole('button', { name: '게시물 등록' }).click();
  await expect(page.getByRole('alert')).toHaveText('제목과 요약은 필수입니다!');
  expect(dialogs).toEqual([]);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'press-admin');

  const title = `<img src=x onerror="window.__pressXss=1">보도 ${testInfo.project.name} ${Date.now()}`;
  await page.getByLabel('제목').fill(title);
  await page.getByLabel('요약').fill('요약 <script>window.__pressXss=2</script>');
  await page.getByLabel('본문').fill('첫 문단\n<b onmouseover="window.__pressXss=3">둘째 문단</b>');
  await page.getByRole('button', { name: '게시물 등록' }).click();

  // The list reloads from the start with the new post; the form is empty again.
  const newRow = page.getByRole('link', { name: title });
  await expect(newRow).toBeVisible();
  await expect(page.locator('.press-table tbody tr')).toHaveCount(10);
  await expect(page.getByLabel('제목')).toHaveValue('');
  await expect(page.getByLabel('요약')).toHaveValue('');

  await newRow.click();
  await expect(page.locator('.press-article__title')).toHaveText(title);
  await expect(page.locator('.press-article .rich-text p')).toHaveText(['첫 문단', '<b onmouseover="window.__pressXss=3">둘째 문단</b>']);
  await page.locator('.press-article .rich-text p').nth(1).hover();
  expect(await page.evaluate(() => (window as { __pressXss?: number }).__pressXss)).toBeUndefined();
  await expect(page.locator('.press-article img')).toHaveCount(0);

  await page.goto(LIST);
  await page.getByRole('button', { name: '로그아웃' }).click();
  await expect(page.getByRole('button', { name: '로그인' })).toBeVisible();
  await expect(page.getByText('님 환영합니다')).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('더보기 is a ?cursor= link to the next page', async ({ page }) => {
    await page.goto(LIST);
    const firstPage = await page.locator('.press-table tbody tr a').allTextContents();
    await page.getByRole('link', { name: '더보기' }).click();
    await expect(page).toHaveURL(/\?cursor=[\w-]+$/);
    const secondPage = await page.locator('.press-table tbody tr a').allTextContents();
    expect(secondPage).toHaveLength(10);
    expect(secondPage.some((title) => firstPage.includes(title))).toBe(false);
    await expect(page.getByRole('link', { name: '처음 목록으로' })).toBeVisible();
  });

  test('a post without title shows the alert from the server', async ({ page }) => {
    await page.goto(LIST);
    await page.getByLabel('이메일').fill(ADMIN_EMAIL);
    await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText(`${ADMIN_EMAIL}님 환영합니다`)).toBeVisible();
    await page.getByLabel('요약').fill('요약만 있음');
    await page.getByRole('button', { name: '게시물 등록' }).click();
    await expect(page.getByRole('alert')).toHaveText('제목과 요약은 필수입니다!');
  });
});
