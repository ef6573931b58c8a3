/**
 * Group messages (단체 문자) over real HTTP against the built server, performing the attacks: a
 * 상담사 asking for the page or posting a send is answered 403 in Korean and nothing is queued; a
 * 관리자 posting a hand-made list of ids with an advertising template queues it only to the
 * customers with marketing consent; the same confirmation posted again sends nothing more; a body
 * over the console's limit is refused with 413.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import { register } from '../../../web/server/customers/registration';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { seoulDay } from '../../../web/shared/seoul-time';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie, rawRequest } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';
import { seoulMorningClock } from '../../support/seoul-clock';

const EMAIL = 'boss@example.kr';
const SALES_EMAIL = 'sales@example.kr';
const PASSWORD = 'correct horse battery staple';
const AD_TEXT = '(광고) 청학 분양홍보관\n#{이름}님, 이번 주말 분양 설명회에 초대합니다.\n무료수신거부 080-123-4567';
const CUSTOMERS = { agreed: '01022220001', refused: '01022220002', invalid: '01022220003' } as const;
/** Every process this test starts reads 11:00 Seoul time of today, and they agree with each other. */
const MORNING = seoulMorningClock();

let server: RunningServer;
let dataDir: string;
let adminCookie: string;
let salesCookie: string;
const ids: Record<keyof typeof CUSTOMERS, string> = { agreed: '', refused: '', invalid: '' };

async function preparedDataDir(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'cheonghak-group-messages-'));
  const content = await openEmbeddedStore({ file: path.join(dir, 'content.sqlite'), seedFile: path.resolve('content/production.ndjson') });
  await content.mutate([{ create: { _id: 'group-event', _type: 'groupMessageTemplate', title: '분양 설명회 초대', purpose: 'ad', text: AD_TEXT } }]);
  await content.close();
  const sales = await openEmbeddedSalesDatabase(dir);
  for (const [key, phone] of Object.entries(CUSTOMERS) as Array<[keyof typeof CUSTOMERS, string]>) {
    const createdAt = new Date().toISOString();
    const outcome = await register(
      sales,
      {
        id: `lead-${phone}`,
        name: '김민지',
        phone,
        createdAt,
        formKind: 'popup',
        consent: { marketing: key !== 'refused', noticeVersion: '2026-11', agreedAt: createdAt },
      },
      { assignee: null, today: seoulDay(Date.now()), queueMessages: false },
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    ids[key] = outcome.customerId;
  }
  await sales.db.updateTable('customers').set({ status: 'invalid' }).where('id', '=', ids.invalid).execute();
  await sales.close();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', SALES_EMAIL, '--role', 'sales', '--name', '김상담'], {
    env: { ...process.env, ...MORNING, DATA_DIR: dir, SANITY_PROJECT_ID: '' },
    input: `${PASSWORD}\n`,
  });
  return dir;
}

/** The group messages queued so far, and the audit records of sends. */
async function stored(): Promise<{ rows: string[]; audits: number }> {
  const sales = await openEmbeddedSalesDatabase(dataDir);
  try {
    const rows = await sales.db
      .selectFrom('lead_messages')
      .select(['event', 'lead_id'])
      .where('event', 'in', ['groupAd', 'groupNotice'])
      .orderBy('lead_id')
      .execute();
    const audits = await sales.db.selectFrom('audit_events').select('seq').where('action', '=', 'groupMessage').execute();
    return { rows: rows.map((row) => `${row.event} ${row.lead_id}`), audits: audits.length };
  } finally {
    await sales.close();
  }
}

beforeAll(async () => {
  dataDir = await preparedDataDir();
  server = await startServer({
    env: {
      // Ads are refused from 21:00 to 08:00 in Seoul: the server's clock reads 11:00 of today.
      ...MORNING,
      E2E_DATA_DIR: dataDir,
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-group-messages-test-01',
    },
  });
  adminCookie = cookiesOf(await postFormWithCookie(server.url, '/admin', { intent: 'login', email: EMAIL, password: PASSWORD }, ''));
  salesCookie = cookiesOf(await postFormWithCookie(server.url, '/admin', { intent: 'login', email: SALES_EMAIL, password: PASSWORD }, ''));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The hand-made post of the attack: every id, the ad template, a key of the attacker's choosing. */
function handMade(requestKey: string): URLSearchParams {
  return new URLSearchParams([
    ['audience', 'selection'],
    ...Object.values(ids).map((id): [string, string] => ['lead', id]),
    ['lead', 'customer-nobody'],
    ['template', 'group-event'],
    ['requestKey', requestKey],
  ]);
}

function post(fields: URLSearchParams, cookie: string) {
  return rawRequest(server.url, {
    method: 'POST',
    path: '/admin/messages',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, cookie },
    body: fields.toString(),
  });
}

describe('group messages over HTTP', () => {
  it('a 상담사 is answered 403 in Korean, on the page and on a post, and nothing is queued', async () => {
    const page = await getWithCookie(server.url, '/admin/messages?audience=today', salesCookie);
    expect(page.status).toBe(403);
    expect(page.body.toString('utf8')).toContain('단체 문자는 팀장과 관리자만 보낼 수 있습니다.');
    const sent = await post(handMade('sales-attempt-1'), salesCookie);
    expect(sent.status).toBe(403);
    expect(sent.body.toString('utf8')).toContain('단체 문자는 팀장과 관리자만 보낼 수 있습니다.');
    expect(await stored()).toEqual({ rows: [], audits: 0 });
    // Nor does the 상담사's list offer it.
    const list = (await getWithCookie(server.url, '/admin/leads', salesCookie)).body.toString('utf8');
    expect(list).not.toContain('현재 조건의 고객 모두에게 문자');
    expect(list).not.toContain('선택한 고객에게 문자');
  });

  it('the page shows the count, who is left out and why, and the cost', async () => {
    const query = new URLSearchParams([['audience', 'selection'], ...Object.values(ids).map((id): [string, string] => ['lead', id])]);
    const page = await getWithCookie(server.url, `/admin/messages?${query}`, adminCookie);
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    expect(html).toContain('1명에게 보내기');
    expect(html).toContain('마케팅 수신 동의 없음: 1명');
    expect(html).toContain('무효 고객: 1명');
    expect(html).toMatch(/LMS 50원 × 1건 = 약 50원|SMS 20원 × 1건 = 약 20원/);
    expect(html).toContain('김민지님, 이번 주말 분양 설명회에 초대합니다.');
  });

  it("a 관리자's hand-made ids reach only the customers with marketing consent; the same confirmation again sends nothing more", async () => {
    const first = await post(handMade('attack-confirmation-1'), adminCookie);
    expect(first.status).toBe(200);
    expect(first.body.toString('utf8')).toContain('1명에게 보내기 시작했습니다.');
    expect(await stored()).toEqual({ rows: [`groupAd ${ids.agreed}`], audits: 1 });
    const again = await post(handMade('attack-confirmation-1'), adminCookie);
    expect(again.status).toBe(200);
    expect(again.body.toString('utf8')).toContain('이미 보낸 요청입니다. 다시 보내지 않았습니다 (1명).');
    expect(await stored()).toEqual({ rows: [`groupAd ${ids.agreed}`], audits: 1 });
  });

  it("a body over the console forms' limit is refused with 413, and a post without a template with 400 in Korean", async () => {
    const huge = handMade('too-large-body-1');
    for (let index = 0; index < 12_000; index += 1) huge.append('lead', `customer-${index}-padding-padding`);
    expect((await post(huge, adminCookie)).status).toBe(413);
    const noTemplate = new URLSearchParams([
      ['audience', 'selection'],
      ['lead', ids.agreed],
      ['requestKey', 'no-template-1'],
    ]);
    const answer = await post(noTemplate, adminCookie);
    expect(answer.status).toBe(400);
    expect(answer.body.toString('utf8')).toContain('고른 템플릿이 없습니다.');
  });
});
