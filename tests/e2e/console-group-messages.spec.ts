import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { register } from '../../web/server/customers/registration';
import { openEmbeddedSalesDatabase } from '../../web/server/database/index';
import { seoulDay } from '../../web/shared/seoul-time';
import { startServer, type RunningServer } from '../support/built-server';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './support/canary-secrets';
import { documented, expectNoAxeViolations, expectNoHorizontalOverflow } from './support/checks';
import { watchConsoleErrors } from './support/console-helpers';

/**
 * 단체 문자 at both widths, by keyboard: the 관리자 ticks two customers on the lead list, opens the
 * group message page from the selection, chooses the 안내 template, reads the preview, the count,
 * the exclusions and the cost, confirms once (the count in the button), and each customer's
 * 알림톡·문자 발송 기록 then has the message (보내지 않음 · 꺼짐: this server sends nothing). Axe-clean,
 * no horizontal scrolling. A server of its own, its content holding the templates.
 */

const NOTICE = '#{이름}님, 이번 주 모델하우스 운영 시간을 안내드립니다. 문의 #{대표번호}';
const AD = '(광고) 청학 분양홍보관\n#{이름}님, 분양 설명회에 초대합니다.\n무료수신거부 080-123-4567';
const CUSTOMERS = [
  { name: '문자가', phone: '01033330001' },
  { name: '문자나', phone: '01033330002' },
];

let server: RunningServer;
const customerIds: string[] = [];

test.beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-group-e2e-'));
  const content = await openEmbeddedStore({ file: path.join(dataDir, 'content.sqlite'), seedFile: path.resolve('content/production.ndjson') });
  await content.mutate([
    { create: { _id: 'group-notice', _type: 'groupMessageTemplate', title: '운영 시간 안내', purpose: 'notice', templateCode: 'KA01TP-HOURS', text: NOTICE } },
    { create: { _id: 'group-ad', _type: 'groupMessageTemplate', title: '분양 설명회 초대', purpose: 'ad', text: AD } },
  ]);
  await content.close();
  const sales = await openEmbeddedSalesDatabase(dataDir);
  for (const { name, phone } of CUSTOMERS) {
    const createdAt = new Date().toISOString();
    const outcome = await register(
      sales,
      { id: `lead-${phone}`, name, phone, createdAt, formKind: 'popup', consent: { marketing: false, noticeVersion: '2026-11', agreedAt: createdAt } },
      { assignee: null, today: seoulDay(Date.now()), queueMessages: false },
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    customerIds.push(outcome.customerId);
  }
  await sales.close();
  server = await startServer({ env: { ...secretEnv(), E2E_DATA_DIR: dataDir, E2E_KEEP_DATA: '1', TRUST_PROXY: 'loopback' } });
});

test.afterAll(async () => {
  await server?.stop();
});

/** Tab until `target` has focus (keyboard only), then `key`. */
async function reachAndPress(page: Page, target: Locator, key: string): Promise<void> {
  for (let presses = 0; presses < 80 && !(await target.evaluate((element) => element === document.activeElement)); presses += 1)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  await page.keyboard.press(key);
}

test('a 관리자 sends a 안내 to the ticked customers from the lead list: preview, count, cost, one confirmation, each send log', async ({ page }, testInfo) => {
  await page.goto(`${server.url}/admin`);
  await page.getByLabel('이메일').fill(secretEnv().ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('navigation', { name: '상담 관리 메뉴' })).toBeVisible();
  const errors = watchConsoleErrors(page);

  await page.goto(`${server.url}/admin/leads?q=${encodeURIComponent('문자')}`);
  for (const { name } of CUSTOMERS) await reachAndPress(page, page.getByRole('checkbox', { name: `${name} 선택` }), 'Space');
  await reachAndPress(page, page.getByRole('button', { name: '선택한 고객에게 문자' }), 'Enter');

  await expect(page.getByRole('heading', { level: 1, name: '단체 문자 보내기' })).toBeVisible();
  await expect(page.getByText('고객 목록에서 선택한 고객 2명')).toBeVisible();
  // The ad comes first (by title); none of the two agreed to marketing, so it would reach nobody.
  await expect(page.getByText('마케팅 수신 동의 없음: 2명')).toBeVisible();
  await page.getByLabel('보낼 템플릿').selectOption({ label: '운영 시간 안내 (안내)' });
  await reachAndPress(page, page.getByRole('button', { name: '이 템플릿으로 보기' }), 'Enter');

  const confirm = page.getByRole('button', { name: '2명에게 보내기' });
  await expect(confirm).toBeVisible();
  await expect(page.getByText('제외되는 고객이 없습니다.')).toBeVisible();
  await expect(page.getByRole('figure')).toContainText('님, 이번 주 모델하우스 운영 시간을 안내드립니다.');
  await expect(page.getByText('알림톡 13원 × 2건 = 약 26원')).toBeVisible();
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await documented(page, testInfo, 'group-messages', page.locator('.group-messages'));

  await reachAndPress(page, confirm, 'Enter');
  await expect(page.getByRole('status').filter({ hasText: '2명에게 보내기 시작했습니다.' })).toBeVisible();
  await expectNoAxeViolations(page);

  for (const id of customerIds) {
    await page.goto(`${server.url}/admin/leads/${encodeURIComponent(id)}`);
    const log = page.getByRole('region', { name: '알림톡·문자 발송 기록' });
    const entry = log.getByRole('listitem').filter({ hasText: '단체 안내' });
    await expect(async () => {
      await page.reload();
      await expect(entry).toContainText('보내지 않음 · 꺼짐', { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
  }
  expect(errors()).toEqual([]);
});
