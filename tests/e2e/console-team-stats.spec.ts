/**
 * 상담사별 실적 on /admin/stats at 375×812 and 1440×900, by keyboard, axe clean: the admin gives a new
 * 상담사 two customers and reads them in the table (caption, column and row headers, numbers
 * right-aligned, no Korean word broken, sideways scrolling inside its own region on a phone), picks
 * the table's range without losing the page's other range, and downloads its CSV after a 사유. The
 * 상담사 sees no table, and the CSV route answers them 403 in Korean.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { seoulDay } from '../../web/shared/seoul-time';
import { documented, expectNoAxeViolations, expectNoHorizontalOverflow, expectNoKoreanWordBroken, waitForHydrated } from './support/checks';
import { addSalesAccount, registerLeadsThroughApi, signInByRequest, uniqueName } from './support/console-helpers';

/** Tabs until `target` has focus (a keyboard user's way to a control). */
async function tabTo(page: Page, target: ReturnType<Page['locator']>): Promise<void> {
  for (let step = 0; step < 80; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('not reached by Tab');
}

test("상담사별 실적: the admin reads a 상담사's day in the table and downloads it; the 상담사 gets neither", async ({ page, browser, request }, testInfo) => {
  test.slow();
  const today = seoulDay(Date.now());
  const leadName = uniqueName('실적');
  const staffName = uniqueName('실적상담');
  const staffEmail = addSalesAccount(`team-stats-${testInfo.project.name}`, staffName);
  await registerLeadsThroughApi(request, leadName, 2);

  await signInByRequest(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const selectAll = page.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.focus();
  await page.keyboard.press('Space');
  await page.getByLabel('배정할 담당자').selectOption({ label: staffName });
  await page.getByRole('button', { name: '선택한 고객 배정' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: `고객 2명을 ${staffName} 님에게 배정했습니다.` })).toBeFocused();

  await page.goto('/admin/stats?from=2026-11-01&to=2026-11-07');
  const table = page.getByRole('table', { name: `상담사별 실적 (${today})` });
  await expect(table).toBeVisible();
  const header = table.getByRole('row').first();
  await expect(header.getByRole('columnheader')).toHaveText([
    '일자',
    '상담사',
    '배정',
    '통화',
    '통화 완료',
    '부재',
    '재통화 요청',
    '관심 없음',
    '번호 오류',
    '방문 예약',
    '방문',
    '계약',
  ]);
  const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name: staffName }) });
  await expect(row.getByRole('cell')).toHaveText([today, '2', '0', '0', '0', '0', '0', '0', '0', '0', '0']);
  expect(
    await row
      .getByRole('cell')
      .nth(1)
      .evaluate((cell) => getComputedStyle(cell).textAlign),
  ).toBe('right');
  await expect(table.getByRole('rowheader', { name: '합계' })).toBeVisible();
  await expectNoKoreanWordBroken(table);
  await expectNoHorizontalOverflow(page);
  // On a phone the table scrolls inside its region, which the keyboard reaches.
  const region = page.getByRole('region', { name: `상담사별 실적 (${today})` });
  await expect(region).toHaveAttribute('tabindex', '0');
  await expectNoAxeViolations(page);
  await documented(page, testInfo, 'team-performance', page.locator('section[aria-labelledby="team-performance-heading"]'));

  // Its own range, by keyboard: the page's other range stays.
  const teamFrom = page.getByRole('form', { name: '상담사별 실적' }).getByLabel('실적 시작일');
  await waitForHydrated(teamFrom);
  await teamFrom.fill('2026-11-01');
  await page.getByRole('button', { name: '실적 조회' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/teamFrom=2026-11-01/);
  expect(new URL(page.url()).searchParams.get('from')).toBe('2026-11-01');
  await expect(page.getByRole('table', { name: `상담사별 실적 (2026-11-01 ~ ${today})` })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: `상담사별 실적 (2026-11-01 ~ ${today})` })
      .getByRole('row')
      .filter({ hasText: staffName })
      .filter({ hasText: today })
      .getByRole('cell')
      .nth(1),
  ).toHaveText('2');

  // The CSV after a 사유, by keyboard.
  const reason = page.locator('#team-export-reason');
  await waitForHydrated(reason);
  await reason.focus();
  await page.keyboard.type('일일 실적 보고');
  await tabTo(page, page.getByRole('button', { name: '실적 CSV 내려받기' }));
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe(`team-2026-11-01-${today}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFF"일자","상담사","이메일","배정"')).toBe(true);
  expect(csv).toContain(`"${today}","${staffName}","${staffEmail}","2","0"`);

  // The 상담사: no table on the page, and the route refuses them in Korean.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const sales = await context.newPage();
  await signInByRequest(sales, staffEmail);
  await sales.goto('/admin/stats');
  await expect(sales.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(sales.getByRole('heading', { name: '상담사별 실적' })).toHaveCount(0);
  const refused = await sales.request.get('/admin/stats/team.csv?reason=x', { headers: { accept: 'application/json' } });
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ error: 'staffRoleForbidden', message: '상담사별 실적은 팀장과 관리자만 볼 수 있습니다.' });
  await context.close();
});
