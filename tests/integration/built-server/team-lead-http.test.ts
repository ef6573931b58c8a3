/**
 * The 팀장's audit download and 퇴사자 고객 넘기기 over real HTTP against the built server (`node
 * server.js`): the 팀장's CSV holds the team's records alone and is itself recorded; a 상담사's
 * download and page are refused with Korean 403s; a hand-over a 팀장 may not make (the 관리자's
 * customers), or a 상담사's, is a Korean 403 and moves nothing.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie, type RawResponse } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';

const ADMIN = 'boss-admin@example.kr';
const MANAGER = 'lead@example.kr';
const SALES = 'kim@example.kr';
const PASSWORD = 'correct horse battery staple';
let server: RunningServer;
const cookies: Record<string, string> = {};

function preparedDataDir(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-team-lead-'));
  for (const [email, role, name] of [
    [MANAGER, 'manager', '박팀장'],
    [SALES, 'sales', '김상담'],
  ]) {
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'add', email, '--role', role, '--name', name], {
      env: { ...process.env, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' },
      input: `${PASSWORD}\n`,
    });
  }
  return dataDir;
}

beforeAll(async () => {
  server = await startServer({
    env: {
      E2E_DATA_DIR: preparedDataDir(),
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-team-lead-test-0123',
    },
  });
  for (const email of [ADMIN, MANAGER, SALES]) {
    const signIn = await postFormWithCookie(server.url, '/admin', { intent: 'login', email, password: PASSWORD }, '');
    expect(signIn.status, email).toBe(302);
    cookies[email] = cookiesOf(signIn);
  }
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const get = (path: string, email: string) => getWithCookie(server.url, path, cookies[email]);
const text = (response: RawResponse) => response.body.toString('utf8');
const csvActors = (csv: string) =>
  csv
    .split('\r\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('","')[2]);

describe("the 팀장's audit trail", () => {
  it("downloads the team's records alone, and the download is recorded", async () => {
    const csv = await get('/admin/audit/export.csv?reason=%EC%A3%BC%EA%B0%84%20%EB%B3%B4%EA%B3%A0', MANAGER);
    expect(csv.status).toBe(200);
    const actors = csvActors(text(csv));
    // The 상담사's and the 팀장's sign-ins; none of the 관리자's own, nor the CLI's account creations.
    expect(actors).toContain(SALES);
    expect(actors).toContain(MANAGER);
    expect(actors).not.toContain(ADMIN);
    expect(text(csv)).not.toContain('계정 추가');
    const whole = text(await get('/admin/audit/export.csv?action=auditExport&reason=check', ADMIN));
    expect(whole).toContain(`"${MANAGER}"`);
    expect(whole).toContain('사유: 주간 보고');
    expect(text(await get('/admin/audit/export.csv?action=accountCreate&reason=check', ADMIN))).toContain('계정 추가');
  });

  it('refuses a 상담사 the page and the download in Korean', async () => {
    const page = await get('/admin/audit', SALES);
    expect(page.status).toBe(403);
    expect(text(page)).toContain('이 화면은 관리자와 팀장만 쓸 수 있습니다.');
    const csv = await get('/admin/audit/export.csv?reason=test', SALES);
    expect(csv.status).toBe(403);
    expect(JSON.parse(text(csv))).toMatchObject({ error: 'staffRoleForbidden' });
    expect((await get('/admin/audit', MANAGER)).status).toBe(200);
  });
});

describe('퇴사자 고객 넘기기 over HTTP', () => {
  const handOver = (email: string, fields: Record<string, string>) =>
    postFormWithCookie(server.url, '/admin/leads', { intent: 'handOver', ...fields }, cookies[email]);

  it("answers a 팀장 handing over the 관리자's customers, or a 상담사 asking at all, with a Korean 403", async () => {
    const notTheirs = await handOver(MANAGER, { handOverFrom: ADMIN, handOverTo: SALES, confirmed: '1' });
    expect(notTheirs.status).toBe(403);
    expect(text(notTheirs)).toContain('팀장은 상담사의 고객만 사용 중인 상담사에게 넘길 수 있습니다.');
    expect((await handOver(MANAGER, { handOverFrom: SALES, handOverTo: MANAGER, confirmed: '1' })).status).toBe(403);
    expect((await handOver(MANAGER, { handOverFrom: SALES, handOverTo: 'nobody@example.kr', confirmed: '1' })).status).toBe(400);
    const bySales = await handOver(SALES, { handOverFrom: SALES, handOverTo: '', confirmed: '1' });
    expect(bySales.status).toBe(403);
    expect(text(bySales)).toContain('고객 넘기기는 관리자와 팀장만 할 수 있습니다.');
    const none = await handOver(MANAGER, { handOverFrom: SALES, handOverTo: '' });
    expect(none.status).toBe(200);
    expect(text(none)).toContain('김상담 님에게 배정된 고객이 없습니다.');
    const records = text(await get('/admin/audit/export.csv?action=leadHandOver&reason=check', ADMIN));
    expect(csvActors(records)).toEqual([]);
  });
});
