/**
 * Visitors cannot make our 알림톡 message any number at will, against the built server sending
 * through a SOLAPI stand-in: 50 anonymous registrations (each with its own form token, the
 * per-address and per-number limits raised out of the way) of one number — one customer — send one
 * message; the site-wide daily cap on messages to customers holds, and every console page says so
 * once it is reached.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import { openEmbeddedSalesDatabase, type SalesDatabase } from '../../../web/server/database/index';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';
import { startSolapiStandIn, type SolapiStandIn } from '../../support/solapi-stand-in';
import { registrationMessages } from '../../support/registration-messages';

const ADMIN = 'boss@example.kr';
const PASSWORD = 'correct horse battery staple';
const VICTIM = '01024681357';
const DAILY_CAP = 3;
const ACCOUNT = { apiKey: 'NCSTESTKEY', apiSecret: 'test-secret-0123456789', sender: '0321234567', pfId: 'KA01PF-TEST' };
const REGISTRATION = '#{이름}님, 관심고객 등록이 완료되었습니다. 문의: #{대표번호}';

let server: RunningServer;
let standIn: SolapiStandIn;
let admin: string;
/** The server's sales database, opened beside it (the send log is read from it). */
let sales: SalesDatabase;

/** The seeded content with the registration confirmation switched on. */
async function preparedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-message-limits-'));
  const content = await openEmbeddedStore({
    file: path.join(dataDir, 'content.sqlite'),
    seedFile: path.resolve('content/production.ndjson'),
    rootDir: process.cwd(),
  });
  await content.mutate([
    { patch: { id: 'leadSettings', set: { messageTemplates: { registration: { enabled: true, templateCode: 'KA01TP-REG', text: REGISTRATION } } } } },
  ]);
  await content.close();
  return dataDir;
}

beforeAll(async () => {
  standIn = await startSolapiStandIn({ ...ACCOUNT, templates: { 'KA01TP-REG': REGISTRATION } });
  const dataDir = await preparedDataDir();
  server = await startServer({
    env: {
      E2E_DATA_DIR: dataDir,
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-message-limits-test-0123',
      LEAD_MIN_FILL_MS: '0',
      LEAD_RATE_LIMIT_IP: '1000/600',
      LEAD_RATE_LIMIT_PHONE: '1000/3600',
      MESSAGES_PROVIDER: 'solapi',
      SOLAPI_API_KEY: ACCOUNT.apiKey,
      SOLAPI_API_SECRET: ACCOUNT.apiSecret,
      SOLAPI_SENDER: ACCOUNT.sender,
      KAKAO_PFID: ACCOUNT.pfId,
      SOLAPI_API_URL: standIn.url,
      MESSAGES_CUSTOMER_DAILY_CAP: String(DAILY_CAP),
    },
  });
  sales = await openEmbeddedSalesDatabase(dataDir);
  admin = cookiesOf(await postFormWithCookie(server.url, '/admin', { intent: 'login', email: ADMIN, password: PASSWORD }, ''));
  expect(admin).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await sales?.close();
  await server?.stop();
  await standIn?.close();
});

/** A lead as an anonymous visitor leaves it: a fresh form token, then the form. */
async function anonymousLead(name: string, phone: string): Promise<string> {
  const form = (await (await fetch(`${server.url}/api/leads/form`)).json()) as { token: string };
  const response = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ formToken: form.token, formKind: 'popup', name, phone, privacyConsent: true, ageConfirmed: true, website: '', sourcePage: '/' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** The registration's send log (each message's status and reason), once nothing of it is waiting to be sent. */
async function settledLog(id: string): Promise<string> {
  let settled = '';
  await expect
    .poll(
      async () => {
        const entries = await registrationMessages(sales, id);
        settled = entries.map(({ status, reason }) => `${status} ${reason}`).join(', ');
        return entries.length > 0 && entries.every((entry) => entry.status !== 'pending');
      },
      { timeout: 60_000, interval: 200 },
    )
    .toBe(true);
  return settled;
}

describe('messages to customers', () => {
  it('50 anonymous leads to one number send one message', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) ids.push(await anonymousLead('홍길동', VICTIM));
    const logs = [];
    for (const id of ids) logs.push(await settledLog(id));
    expect(standIn.received.filter((message) => message.to === VICTIM)).toHaveLength(1);
    expect(logs.filter((log) => log === 'skipped sentThisWeek')).toHaveLength(49);
  });

  it('the daily cap holds, and every console page says it was reached', async () => {
    expect(text(await getWithCookie(server.url, '/admin', admin))).not.toContain('하루 상한');
    const ids: string[] = [];
    for (let index = 0; index < DAILY_CAP + 2; index += 1) ids.push(await anonymousLead('김민지', `0103333${String(index).padStart(4, '0')}`));
    const logs = [];
    for (const id of ids) logs.push(await settledLog(id));
    // One message went to the number above; the cap counts the day's messages, whoever they went to.
    expect(standIn.received).toHaveLength(DAILY_CAP);
    expect(logs.filter((log) => log === 'skipped dailyCap')).toHaveLength(3);
    for (const page of ['/admin', '/admin/leads', `/admin/leads/${ids[0]}`]) {
      expect(text(await getWithCookie(server.url, page, admin)), page).toContain(`하루 상한(${DAILY_CAP}건)`);
    }
  });
});

const text = (response: { body: Buffer }) => response.body.toString('utf8');
