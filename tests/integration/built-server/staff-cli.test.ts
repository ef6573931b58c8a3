/**
 * `npm run staff` against the data directory of a running built server (`node server.js`): an
 * account the CLI adds signs in at once, one it disables is out at once (its next request is
 * refused), a short password is refused, `list` shows the accounts; a sales account gets 403 on
 * the press write; every change and sign-in is in the audit trail.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffRefusalMessages } from '../../../web/shared/staff-refusals';
import { STAFF_ACCOUNT_ERROR_MESSAGES } from '../../../web/shared/staff-accounts';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { SqliteAuditTrail } from '../../../web/server/audit/trail';
import { sessionCookieName } from '../../../web/server/auth/session';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest, type RawResponse } from '../../support/http';
import { hashTestPassword, TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';
import { STAFF_CLI } from '../../support/operator-cli';

const ADMIN = 'boss@example.kr';
const SALES = 'sales@example.kr';
const SALES_PASSWORD = 'model house 2026';
const SESSION_COOKIE = sessionCookieName(true);
let dataDir: string;
let server: RunningServer;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'staff-cli-'));
  server = await startServer({
    env: {
      E2E_DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD_HASH: await hashTestPassword('correct horse battery staple'),
      SESSION_SECRET: 'session-secret-for-the-staff-cli-test-0123456',
    },
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The CLI as an operator runs it (the password on stdin), against the server's DATA_DIR. */
function admin(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [STAFF_CLI, ...args], {
    env: { ...process.env, ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir, SANITY_PROJECT_ID: '', ADMIN_EMAIL: ADMIN },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

function postForm(pathname: string, fields: Record<string, string>, cookie?: string): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

async function signIn(email: string, password: string): Promise<RawResponse> {
  return postForm('/cheonghak/press', { intent: 'login', email, password });
}

function sessionCookieOf(response: RawResponse): string {
  const line = [response.headers['set-cookie'] ?? []].flat().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  expect(line, 'a session cookie').toBeTruthy();
  return line!.split(';')[0];
}

/** Any staff session may download the leads: the probe of whether the session still counts. */
/** Signed in, a 상담사 is refused the download (403); signed out, asked to sign in (401). */
const leadsExport = (cookie: string) => rawRequest(server.url, { path: '/admin/leads/export.csv?reason=test', headers: { cookie } });

describe('npm run staff while the server runs', () => {
  it('refuses a short password and an unknown role, adds an account that signs in at once, lists it, disables it and the session is out at once', async () => {
    const short = await admin(['add', SALES, '--role', 'sales', '--name', '김상담'], 'short\n');
    expect(short.code).toBe(1);
    expect(short.stderr).toContain(STAFF_ACCOUNT_ERROR_MESSAGES.shortPassword);
    const badRole = await admin(['add', SALES, '--role', 'owner', '--name', '김상담'], `${SALES_PASSWORD}\n`);
    expect(badRole.code).toBe(1);
    expect(badRole.stderr).toContain(STAFF_ACCOUNT_ERROR_MESSAGES.invalidRole);
    expect((await admin(['add', SALES, '--role', 'sales'])).code).toBe(2);

    const added = await admin(['add', SALES, '--role', 'sales', '--name', '김상담'], `${SALES_PASSWORD}\n`);
    expect(added).toMatchObject({ code: 0 });
    const login = await signIn(SALES, SALES_PASSWORD);
    expect(login.status).toBe(302);
    const cookie = sessionCookieOf(login);
    expect((await leadsExport(cookie)).status).toBe(403);

    const listed = await admin(['list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`^${ADMIN}\t관리자\t관리자\t사용 중\t`, 'm'));
    expect(listed.stdout).toMatch(new RegExp(`^${SALES}\t김상담\t상담사\t사용 중\t`, 'm'));
    // Created times in Seoul, as the console shows them, and every line ends with a newline.
    expect(listed.stdout.endsWith('\n')).toBe(true);
    const created = listed.stdout
      .split('\n')
      .find((line) => line.startsWith(`${SALES}\t`))!
      .split('\t')
      .at(-1)!;
    expect(created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Math.abs(Date.parse(`${created.replace(' ', 'T')}+09:00`) - Date.now())).toBeLessThan(10 * 60_000);

    // A sales account may not write press articles, even with a hand-made form.
    const write = await postForm('/cheonghak/press', { intent: 'create', title: '제목', summary: '요약', body: '본문' }, cookie);
    expect(write.status).toBe(403);
    expect(write.body.toString()).toContain(staffRefusalMessages.staffRoleForbidden);

    expect(await admin(['disable', SALES])).toMatchObject({ code: 0 });
    expect((await leadsExport(cookie)).status).toBe(401);
    expect((await signIn(SALES, SALES_PASSWORD)).status).toBe(403);
    expect((await admin(['list'])).stdout).toMatch(new RegExp(`^${SALES}\t김상담\t상담사\t사용 중지\t`, 'm'));

    expect(await admin(['enable', SALES])).toMatchObject({ code: 0 });
    expect((await signIn(SALES, SALES_PASSWORD)).status).toBe(302);
    const missing = await admin(['disable', 'nobody@example.kr']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(STAFF_ACCOUNT_ERROR_MESSAGES.accountNotFound);

    const database = openLeadsDatabase(dataDir);
    try {
      const entries = (await new SqliteAuditTrail(database).list({})).entries;
      const summary = entries.map(({ action, actor, target }) => [action, actor, target]);
      expect(summary).toEqual([
        ['signIn', SALES, null],
        ['accountEnable', 'cli', SALES],
        ['signInFailed', SALES, null],
        ['accountDisable', 'cli', SALES],
        // The probe of the session, a refused export, downloads nothing and leaves no record.
        ['signIn', SALES, null],
        ['accountCreate', 'cli', SALES],
      ]);
      expect(entries[0].ip).toBe('127.0.0.1');
    } finally {
      database.close();
    }
  }, 90_000);
});
