import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import { openEmbeddedSalesDatabase } from '../../web/server/database/index';
import { seoulDay, shiftDay } from '../../web/shared/seoul-time';
import { startServer, type RunningServer } from '../support/built-server';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './support/canary-secrets';
import { expectNoAxeViolations, expectNoKoreanWordBroken, screenshot } from './support/checks';
import { addSalesAccount, SALES_PASSWORD, uniquePhone } from './support/console-helpers';

/**
 * The console’s dashboard and the reception desk’s visit sheet, at both widths: a visit booked
 * through the customer page for today shows on today's sheet; a sales account (added with the
 * CLI) checks the visitor in, which sets 방문 완료 and says when; an admin takes a check-in back;
 * tomorrow's sheet offers no check-in (on the day only); the sheet prints as a clean A4 table; the
 * dashboard counts the lead; both pages are axe-clean. A bad date is a Korean message, not a 500.
 * A server of its own per worker: its leads store holds slots for today, which the demo slots
 * (from tomorrow on) never do.
 */

const ADMIN_EMAIL = secretEnv().ADMIN_EMAIL;
/** The slots' ids name their day: visitSlot-20261128-1100. */
const SLOT_DAY = /^visitSlot-(\d{4})(\d{2})(\d{2})-\d{4}$/;

/** A data directory whose sales database has three slots today and three tomorrow. */
async function dataDirWithSlotsToday(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-desk-'));
  const sales = await openEmbeddedSalesDatabase(dataDir);
  const today = seoulDay(Date.now());
  await sales.db
    .insertInto('visit_slots')
    .values(
      [today, shiftDay(today, 1)].flatMap((date) =>
        ['00:10', '12:00', '23:50'].map((time) => ({
          id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}`,
          date,
          time,
          capacity: 6,
          created_at: new Date().toISOString(),
        })),
      ),
    )
    .execute();
  await sales.close();
  return dataDir;
}

const test = base.extend<{ dataDir: string }, { desk: { server: RunningServer; dataDir: string } }>({
  desk: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      const dataDir = await dataDirWithSlotsToday();
      const server = await startServer({
        env: {
          ...secretEnv(),
          E2E_DATA_DIR: dataDir,
          E2E_KEEP_DATA: '1',
          LEAD_RATE_LIMIT_IP: '1000/600',
          LEAD_BOOKING_LIMIT_IP: '1000/86400',
          PAGE_VIEW_COMBINATIONS_PER_ADDRESS: '100000',
          PAGE_RENDER_LIMIT_IP: '100000/60',
        },
      });
      await use({ server, dataDir });
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ desk }, use) => use(desk.server.url),
  dataDir: async ({ desk }, use) => use(desk.dataDir),
});

async function signIn(page: Page, email = ADMIN_EMAIL, password = CANARY_ADMIN_PASSWORD): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  // The admin lands on the dashboard, a 상담사 on 오늘 할 일.
  await expect(page.getByRole('heading', { level: 1, name: email === ADMIN_EMAIL ? '대시보드' : '오늘 할 일' })).toBeVisible();
}

/**
 * The accessible names of the cells of a visitor's row, as Chromium's accessibility tree has them
 * (the names a screen reader reads, CSS generated content included).
 */
async function accessibleCellNames(page: Page, name: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: Array<{ nodeId: string; parentId?: string; childIds?: string[]; role?: { value: string }; name?: { value: string } }>;
  };
  const byId = new Map(nodes.map((node) => [node.nodeId, node]));
  const row = nodes.find((node) => node.role?.value === 'row' && (node.childIds ?? []).some((id) => byId.get(id)?.name?.value === name));
  await cdp.detach();
  return (row?.childIds ?? [])
    .map((id) => byId.get(id))
    .filter((node) => /cell|header/i.test(node?.role?.value ?? ''))
    .map((node) => node?.name?.value ?? '');
}

/** Today's customers as the dashboard counts them (the tile's first figure; its registrations are beside it). */
async function customersToday(page: Page): Promise<number> {
  await page.goto('/admin');
  const tile = page.locator('.stat-tiles__tile').filter({ has: page.getByText('오늘', { exact: true }) });
  return Number((await tile.locator('dd').first().innerText()).replace(/\D/g, ''));
}

/** Books the earliest open visit slot (on `onDate`, when given) on the customer page; the slot's day (YYYY-MM-DD). */
async function bookEarliestSlot(page: Page, name: string, phone: string, onDate?: string): Promise<string> {
  await page.goto('/Promotion/Customer');
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
  const form = page.locator('.lead-form--customer');
  await form.getByLabel('이름').fill(name);
  await form.getByLabel('연락처').fill(phone);
  await form.getByLabel('문의내용').fill('모델하우스 방문 예정');
  const slot = form.getByLabel('모델하우스 방문 희망 일시');
  const onDay = onDate ? `[value^="visitSlot-${onDate.replaceAll('-', '')}-"]` : '';
  const slotId = (await slot.locator(`option:not([disabled]):not([value=""])${onDay}`).first().getAttribute('value')) ?? '';
  const day = SLOT_DAY.exec(slotId);
  expect(day, `a demo slot id: ${slotId}`).not.toBeNull();
  await slot.selectOption(slotId);
  await form.getByLabel('[필수] 개인정보 수집·이용 동의').check();
  await form.getByLabel('만 14세 이상입니다.').check();
  await form.getByRole('button', { name: '방문예약' }).click();
  await expect(form.getByRole('status')).toContainText('등록이 완료되었습니다.');
  return `${day![1]}-${day![2]}-${day![3]}`;
}

test('a visit booked on the customer page for today is on today’s sheet; a sales account checks it in (방문 완료); the sheet prints on A4', async ({
  page,
  dataDir,
}, testInfo) => {
  test.slow();
  const desk = addSalesAccount(`desk-${testInfo.project.name}`, '안내데스크', dataDir);
  await signIn(page, desk, SALES_PASSWORD);
  const before = await customersToday(page);

  const { phone, masked } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '방문확인 데스크' : '방문확인 모바일';
  const visitDay = await bookEarliestSlot(page, name, phone);

  // The dashboard counts the new customer (other tests may add theirs meanwhile).
  expect(await customersToday(page)).toBeGreaterThanOrEqual(before + 1);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-dashboard');

  // The earliest slot on offer is today's: the sheet opens on today.
  expect(visitDay).toBe(seoulDay(Date.now()));
  await page.goto('/admin/visits');
  await expect(page.getByRole('heading', { level: 1, name: /방문 명단/ })).toBeVisible();

  const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: masked });
  await expect(row).toHaveCount(1);
  // Booked on the site: 방문 예약, as a booking made on the console.
  await expect(row).toContainText('방문 예약');
  await expectNoKoreanWordBroken(page.locator('table tbody').first());
  await expect(row).not.toContainText(phone);
  await expectNoAxeViolations(page);
  await screenshot(page, testInfo, 'console-visits');

  // Each cell is read once: a phone's card labels are shown, not read again after the column header.
  expect((await accessibleCellNames(page, name)).slice(0, 5)).toEqual([name, masked, '방문 예약', '미배정', '—']);

  // By keyboard: focus stays on the visitor's row, and the outcome is announced (a status).
  await row.getByRole('button', { name: `${name} 님 방문 확인` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`${name} 님의 방문을 확인했습니다`);
  const checkedIn = row.getByText(/\d{2}:\d{2} 방문 확인/);
  await expect(checkedIn).toBeFocused();
  await expect(checkedIn).toBeInViewport();
  await expect(row).toContainText('방문 완료');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The reception desk's paper: A4 width, only the sheet.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.visit-sheet__controls')).toBeHidden();
  for (const chrome of ['header', 'footer', 'nav']) {
    const visible = await page.locator(chrome).evaluateAll((elements) => elements.filter((element) => (element as HTMLElement).offsetParent !== null).length);
    expect(visible, `${chrome} on paper`).toBe(0);
  }
  await expect(row).toBeVisible();
  await screenshot(page, testInfo, 'console-visits-print');
});

test('without JavaScript: the check-in posts, the sheet comes back with 방문 완료 and focus on the message; an admin takes it back', async ({
  browser,
  page,
}, testInfo) => {
  const { phone, masked } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '무스크립트 데스크' : '무스크립트 모바일';
  const visitDay = await bookEarliestSlot(page, name, phone);

  const context = await browser.newContext({ javaScriptEnabled: false, viewport: page.viewportSize() });
  const plain = await context.newPage();
  await signIn(plain);
  await plain.goto(`/admin/visits?date=${visitDay}`);
  const row = plain.getByRole('row').filter({ hasText: name }).filter({ hasText: masked });
  await row.getByRole('button', { name: `${name} 님 방문 확인` }).click();
  await expect(plain.getByText(`${name} 님의 방문을 확인했습니다`)).toBeFocused();
  await expect(row).toContainText('방문 완료');
  await row.getByRole('button', { name: `${name} 님 방문 확인 취소` }).click();
  await expect(plain.getByText(`${name} 님의 방문 확인을 취소했습니다`)).toBeFocused();
  await expect(row).toContainText('방문 예약');
  await expect(row.getByRole('button', { name: `${name} 님 방문 확인` })).toBeVisible();
  await context.close();
});

test('by keyboard, an admin takes a check-in back; tomorrow’s sheet offers no check-in', async ({ page }, testInfo) => {
  const { phone, masked } = uniquePhone();
  const name = testInfo.project.name === 'desktop' ? '확인취소 데스크' : '확인취소 모바일';
  const visitDay = await bookEarliestSlot(page, name, phone);
  await signIn(page);
  await page.goto(`/admin/visits?date=${visitDay}`);
  const row = page.getByRole('row').filter({ hasText: name }).filter({ hasText: masked });
  await row.getByRole('button', { name: `${name} 님 방문 확인` }).focus();
  await page.keyboard.press('Enter');
  await expect(row.getByText(/\d{2}:\d{2} 방문 확인/)).toBeFocused();
  await row.getByRole('button', { name: `${name} 님 방문 확인 취소` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status')).toContainText(`${name} 님의 방문 확인을 취소했습니다`);
  await expect(row.getByRole('button', { name: `${name} 님 방문 확인` })).toBeFocused();
  await expect(row).toContainText('방문 예약');
  await expectNoAxeViolations(page);

  // Tomorrow's visitor is on tomorrow's sheet, without a check-in until the day.
  const tomorrow = shiftDay(visitDay, 1);
  const later = uniquePhone();
  expect(await bookEarliestSlot(page, `${name} 내일`, later.phone, tomorrow)).toBe(tomorrow);
  await page.goto(`/admin/visits?date=${visitDay}`);
  await page.getByRole('link', { name: '다음 날 →' }).click();
  await expect(page).toHaveURL(new RegExp(`date=${tomorrow}$`));
  const laterRow = page
    .getByRole('row')
    .filter({ hasText: `${name} 내일` })
    .filter({ hasText: later.masked });
  await expect(laterRow).toContainText('방문 당일에 확인합니다');
  await expect(laterRow.getByRole('button')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('a date that is not a day is a Korean message on the page, not a 500', async ({ page }) => {
  await signIn(page);
  for (const date of ['2026-02-30', 'tomorrow', '<script>']) {
    const response = await page.goto(`/admin/visits?date=${encodeURIComponent(date)}`);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('alert')).toContainText('올바른 날짜가 아닙니다');
    await expect(page.getByLabel('날짜', { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
});

test('signed out, the sheet sends to the sign-in and back', async ({ page }) => {
  const response = await page.goto('/admin/visits?date=2026-12-05');
  expect(response?.url()).toContain('/admin?next=');
  await page.getByLabel('이메일').fill(ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/\/admin\/visits\?date=2026-12-05$/);
  await expect(page.getByRole('heading', { level: 1, name: /방문 명단/ })).toBeVisible();
});
