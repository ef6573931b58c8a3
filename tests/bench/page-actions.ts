/**
 * The page actions of the sales team's morning (docs/sales-console.md, "팀장의 아침 / 상담사의
 * 통화"), counted in Chromium on the built server with data of its own: every click, key press,
 * field filled (a choice in a list included) and address opened that each job takes, from the page
 * the staff member is on to the answer that says it is done. Not timed: it counts.
 *
 *   npm run build && npx tsx tests/bench/page-actions.ts
 *
 * The jobs: 균등 배분 of 45 new customers to four 상담사 (the 팀장); a caller who is a colleague's
 * customer (a 상담사 finds out whose, with the 담당자's call button); a call recorded as 부재 with a
 * 재통화 time; a walk-in who registered on the site before (the desk).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { fullChromiumLaunchOptions } from '../e2e/support/chromium';
import { CANARY_ADMIN_PASSWORD, secretEnv } from '../e2e/support/canary-secrets';
import { addSalesAccount, SALES_PASSWORD } from '../e2e/support/console-helpers';
import { ensureFreshBuild, startServer } from '../support/built-server';

const CUSTOMERS = 45;
const SALES = ['가상담', '나상담', '다상담', '라상담'];
const SYLLABLES = ['가', '나', '다', '라', '마', '바', '사', '아', '자'];
/** 김가가, 김나가 …: names are letters only. */
const customerName = (index: number) => `김${SYLLABLES[index % 9]}${SYLLABLES[Math.floor(index / 9)]}`;

type Kind = 'navigations' | 'clicks' | 'keys' | 'fills';

/** A page whose actions are counted: each goes through here. */
class Counted {
  readonly counts: Record<Kind, number> = { navigations: 0, clicks: 0, keys: 0, fills: 0 };
  constructor(readonly page: Page) {}
  async goto(url: string) {
    this.counts.navigations += 1;
    await this.page.goto(url);
  }
  async click(target: Locator) {
    this.counts.clicks += 1;
    await target.click();
  }
  async press(target: Locator, key: string) {
    this.counts.keys += 1;
    await target.press(key);
  }
  async fill(target: Locator, value: string) {
    this.counts.fills += 1;
    await target.fill(value);
  }
  async choose(target: Locator, label: string) {
    this.counts.fills += 1;
    await target.selectOption({ label });
  }
  get total() {
    return Object.values(this.counts).reduce((sum, count) => sum + count, 0);
  }
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await page.getByRole('navigation', { name: '상담 관리 메뉴' }).waitFor();
}

/** A visitor's registration through the site's API (a form is refused when sent sooner than a person could: sent again when it says); returns the phone as typed. */
async function registerOnSite(url: string, token: string, name: string, index: number): Promise<string> {
  const phone = `010-55${String(index).padStart(2, '0')}-${String(1000 + index).slice(-4)}`;
  for (;;) {
    const response = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ name, phone, privacyConsent: true, ageConfirmed: true, formKind: 'popup', formToken: token, sourcePage: '/' }),
    });
    if (response.status === 201) return phone;
    const answer = (await response.json()) as { error: string; retryAfterMs?: number };
    if (answer.error !== 'tooFast') throw new Error(`registration ${index}: ${response.status} ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, answer.retryAfterMs ?? 1000));
  }
}

async function main(): Promise<void> {
  const fullChromium = fullChromiumLaunchOptions();
  await ensureFreshBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'page-actions-'));
  const server = await startServer({
    env: { ...secretEnv(), E2E_DATA_DIR: dataDir, TRUST_PROXY: 'loopback', LEAD_RATE_LIMIT_IP: '1000/600', LEAD_BOOKING_LIMIT_IP: '1000/86400' },
  });
  const browser = await chromium.launch(fullChromium);
  const results: Array<{ job: string; counted: Counted; note: string }> = [];
  try {
    const sales = SALES.map((name, index) => ({ name, email: addSalesAccount(`actions-${index}`, name, dataDir) }));
    const phones: string[] = [];
    const tokens = await Promise.all(
      Array.from({ length: CUSTOMERS }, async () => ((await (await fetch(`${server.url}/api/leads/form`)).json()) as { token: string }).token),
    );
    for (const [index, token] of tokens.entries()) phones.push(await registerOnSite(server.url, token, customerName(index), index));
    const context = (viewport: { width: number; height: number }) =>
      browser.newContext({ baseURL: server.url, viewport, locale: 'ko-KR', timezoneId: 'Asia/Seoul' });

    // The 팀장's morning at the desk (1440): every 미배정 customer split among the four, asked once.
    const desk = await (await context({ width: 1440, height: 900 })).newPage();
    await signIn(desk, secretEnv().ADMIN_EMAIL, CANARY_ADMIN_PASSWORD);
    const morning = new Counted(desk);
    await morning.goto('/admin/leads');
    const team = desk.getByRole('region', { name: '자동 배정' });
    await morning.click(team.getByRole('button', { name: '미배정 고객 모두 균등 배분' }));
    await morning.click(team.getByRole('button', { name: '배분하기' }));
    await desk
      .getByRole('status')
      .filter({ hasText: `고객 ${CUSTOMERS}명을 나눴습니다` })
      .waitFor();
    results.push({
      job: `균등 배분: 고객 ${CUSTOMERS}명을 상담사 ${SALES.length}명에게`,
      counted: morning,
      note: '고객 목록 → 미배정 고객 모두 균등 배분 → 배분하기',
    });

    // Whose customer each phone went to: the list says.
    const ownerOf = async (phone: string) => {
      await desk.goto('/admin/leads');
      await desk.getByLabel('이름 또는 전화번호').fill(phone);
      await desk.getByLabel('이름 또는 전화번호').press('Enter');
      return desk.locator('.lead-list tbody tr').first().innerText();
    };
    const first = await ownerOf(phones[0]);
    const colleague = sales.find((person) => first.includes(person.name))!;
    const caller = sales.find((person) => person !== colleague)!;
    const colleaguesPhone = phones[0];
    let ownPhone = '';
    for (const phone of phones.slice(1)) {
      if ((await ownerOf(phone)).includes(caller.name)) {
        ownPhone = phone;
        break;
      }
    }

    // A 상담사 on their phone (375): a caller who is a colleague's customer.
    const phone = await (await context({ width: 375, height: 812 })).newPage();
    await signIn(phone, caller.email, SALES_PASSWORD);
    const lookup = new Counted(phone);
    await lookup.goto('/admin/leads');
    const search = phone.getByLabel('이름 또는 전화번호');
    await lookup.fill(search, colleaguesPhone);
    await lookup.press(search, 'Enter');
    await phone.getByText(`다른 상담사의 고객입니다. 담당: ${colleague.name}`).waitFor();
    results.push({
      job: '동료의 고객이 건 전화: 누구 고객인지 알기',
      counted: lookup,
      note: `고객 목록 → 번호 입력 → Enter: "담당: ${colleague.name}" (담당자 휴대폰이 있으면 전화 버튼 하나 더)`,
    });

    // The same 상담사: their own customer did not answer; 재통화 tomorrow at 10:00.
    const call = new Counted(phone);
    await call.goto('/admin/leads');
    await call.fill(search, ownPhone);
    await call.press(search, 'Enter');
    await call.click(phone.locator('.lead-list tbody a').first());
    await call.choose(phone.getByLabel('결과', { exact: true }), '부재');
    const tomorrow = new Date(Date.now() + 9 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    await call.fill(phone.getByLabel('재통화 일시 (선택)'), `${tomorrow}T10:00`);
    await call.click(phone.getByRole('button', { name: '통화 결과 저장' }));
    await phone.getByRole('status').filter({ hasText: '통화 결과를 저장했습니다.' }).waitFor();
    results.push({ job: '부재 + 재통화 기록', counted: call, note: '고객 목록 → 번호 입력 → Enter → 고객 → 결과 부재 → 재통화 일시 → 통화 결과 저장' });

    // The desk (1440): a walk-in who registered on the site before.
    const walkIn = new Counted(desk);
    await walkIn.goto('/admin/visits');
    const form = desk.getByRole('region', { name: '현장 등록' });
    await walkIn.fill(form.getByLabel('이름'), customerName(2));
    await walkIn.fill(form.getByLabel('휴대폰'), phones[2]);
    await walkIn.click(form.getByRole('checkbox', { name: /개인정보/ }));
    await walkIn.click(form.getByRole('button', { name: '등록', exact: true }));
    await desk
      .getByRole('status')
      .getByText(`${customerName(2)} 님을 등록하고 방문 확인했습니다`)
      .waitFor();
    results.push({
      job: '전에 온라인으로 등록한 고객의 현장 방문',
      counted: walkIn,
      note: '방문 일정 → 이름 → 휴대폰 → 동의 확인 → 등록 (기존 고객에 등록이 더해지고 방문 확인까지)',
    });
  } finally {
    await browser.close();
    await server.stop();
  }
  console.log('| job | page actions | navigations | clicks | keys | fields | how |');
  console.log('|---|---|---|---|---|---|---|');
  for (const { job, counted, note } of results) {
    const { navigations, clicks, keys, fills } = counted.counts;
    console.log(`| ${job} | ${counted.total} | ${navigations} | ${clicks} | ${keys} | ${fills} | ${note} |`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
