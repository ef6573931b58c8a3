/**
 * Staff accounts with roles and the audit trail, on the embedded store (leads.sqlite) and on
 * PostgreSQL (the `staff_accounts` table of the sales database on both): sign-in per account and role, a disabled account's
 * session ending at once, a reset ending sessions, the account rules, and an audit record for every
 * sign-in, failure, sign-out, account change and purge. Embedded only: the table is append-only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAuth } from '../../../web/server/auth/staff-auth';
import { hashPassword } from '../../../web/server/auth/password';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { purgeExpiredAudit } from '../../../web/server/audit/index';
import type { StaffBackend } from '../../../web/server/auth/staff-services';
import type { StaffAccounts } from '../../../web/server/auth/staff-accounts';
import type { AuditTrail } from '../../../web/server/audit/trail';
import { loadConfig } from '../../../web/server/config';
import pg from 'pg';
import { salesDatabaseOnPostgres } from '../../../web/server/database/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { closeStaffServices, startAuth } from '../../support/staff-harness';
import { TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';

const SITE = 'http://site.test';
const ADMIN = 'boss@example.test';
const ADMIN_PASSWORD = 'correct horse battery staple';
const SALES = 'sales@example.test';
const SALES_PASSWORD = 'sales password 2026';
const ADMIN_ACTOR = { email: ADMIN, ip: '198.51.100.1' };
const DAY_MS = 24 * 3600_000;

let dataDir: string;
let clock: number;
let adminHash: string;
const closeAfter: Array<() => Promise<void>> = [];

function request(cookie?: string): Request {
  return new Request(`${SITE}/admin`, { method: 'POST', headers: { origin: SITE, ...(cookie ? { cookie } : {}) } });
}

async function signIn(auth: StaffAuth, email: string, password: string, clientIp = '203.0.113.7') {
  const result = await auth.login(request(), { email, password, clientIp });
  return result.ok ? result.setCookie.split(';')[0] : result.refusal;
}

beforeEach(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'staff-test-'));
  clock = Date.UTC(2026, 2, 1);
  // Earlier scrypt parameters (still verified) keep the test fast.
  adminHash ??= await hashPassword(ADMIN_PASSWORD, { N: 2 ** 14, r: 8, p: 1 });
});

afterEach(async () => {
  await closeStaffServices();
  for (const close of closeAfter.splice(0).reverse()) await close();
  rmSync(dataDir, { recursive: true, force: true });
});

const backends: Array<[string, () => Promise<StaffBackend>]> = [
  ['embedded', async () => ({})],
  [
    'PostgreSQL',
    async () => {
      const database = new pg.Pool({ connectionString: await freshDatabaseUrl() });
      closeAfter.push(() => database.end());
      return { sales: salesDatabaseOnPostgres(database), database };
    },
  ],
];

async function start(backend: StaffBackend): Promise<{ auth: StaffAuth; staff: StaffAccounts; audit: AuditTrail }> {
  const admin = loadConfig({ ...TEST_PASSWORD_HASHING_ENV, ADMIN_EMAIL: ADMIN, ADMIN_PASSWORD_HASH: adminHash }).admin;
  return startAuth({ dataDir, admin, allowLocalAdmin: true, now: () => clock }, backend);
}

async function actionsOf(audit: AuditTrail) {
  return (await audit.list({})).entries.map(({ action, actor, target, ip }) => ({ action, actor, target, ip }));
}

describe.each(backends)('staff accounts (%s)', (_name, backendOf) => {
  it('the configured admin is the first admin account; an added sales account signs in with its own name and role', async () => {
    const { auth, staff } = await start(await backendOf());
    expect(await staff.list()).toEqual([expect.objectContaining({ email: ADMIN, role: 'admin', disabled: false })]);
    expect(await staff.add({ email: ' Sales@Example.test ', name: '김상담', role: 'sales', password: SALES_PASSWORD }, ADMIN_ACTOR)).toEqual({ ok: true });
    const cookie = await signIn(auth, SALES, SALES_PASSWORD);
    expect(auth.session(request(cookie))).toEqual({ email: SALES, name: '김상담', role: 'sales' });
    expect(auth.authorizeWrite(request(cookie))).toMatchObject({ ok: true });
    expect(auth.authorizeWrite(request(cookie), 'admin')).toEqual({ ok: false, refusal: 'staffRoleForbidden' });
    const adminCookie = await signIn(auth, ADMIN, ADMIN_PASSWORD);
    expect(auth.authorizeWrite(request(adminCookie), 'admin')).toMatchObject({ ok: true, session: { role: 'admin' } });
  });

  it('a 팀장 (manager) account is added, signs in as a manager, and is refused what only an admin may do', async () => {
    const { auth, staff } = await start(await backendOf());
    const manager = 'manager@example.test';
    expect(await staff.add({ email: manager, name: '박팀장', role: 'manager', password: SALES_PASSWORD }, ADMIN_ACTOR)).toEqual({ ok: true });
    expect(await staff.list()).toContainEqual(expect.objectContaining({ email: manager, role: 'manager' }));
    const cookie = await signIn(auth, manager, SALES_PASSWORD);
    expect(auth.session(request(cookie))).toEqual({ email: manager, name: '박팀장', role: 'manager' });
    expect(auth.authorizeWrite(request(cookie))).toMatchObject({ ok: true });
    expect(auth.authorizeWrite(request(cookie), 'admin')).toEqual({ ok: false, refusal: 'staffRoleForbidden' });
  });

  it("an admin changes an account's role, which counts at its next request and is recorded; never their own, never the last admin", async () => {
    const { auth, staff, audit } = await start(await backendOf());
    await staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD }, ADMIN_ACTOR);
    const cookie = await signIn(auth, SALES, SALES_PASSWORD);
    expect(await staff.changeRole(SALES, 'manager', ADMIN_ACTOR)).toEqual({ ok: true });
    expect(auth.session(request(cookie))).toEqual({ email: SALES, name: '김상담', role: 'manager' });
    expect(await staff.changeRole(SALES, 'owner', ADMIN_ACTOR)).toEqual({ ok: false, error: 'invalidRole' });
    expect(await staff.changeRole(ADMIN, 'sales', ADMIN_ACTOR)).toEqual({ ok: false, error: 'ownAccount' });
    expect(await staff.changeRole(ADMIN, 'sales', { email: SALES, ip: '1.1.1.1' })).toEqual({ ok: false, error: 'lastAdmin' });
    expect(await staff.changeRole('nobody@example.test', 'sales', ADMIN_ACTOR)).toEqual({ ok: false, error: 'accountNotFound' });
    const [record] = (await audit.list({ action: 'accountRole' })).entries;
    expect(record).toMatchObject({ actor: ADMIN, action: 'accountRole', target: SALES, detail: 'sales → manager' });
  });

  it('keeps a staff mobile number, normalised, set at creation and changed by an admin; refuses one that is not a 010 mobile; audited masked', async () => {
    const { staff, audit } = await start(await backendOf());
    expect(await staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD, mobile: '+82 10-2345-6789' }, ADMIN_ACTOR)).toEqual({
      ok: true,
    });
    expect(await staff.mobileOf(SALES)).toBe('01023456789');
    expect(await staff.add({ email: 'lee@example.test', name: '이상담', role: 'sales', password: SALES_PASSWORD, mobile: '02-123-4567' }, ADMIN_ACTOR)).toEqual(
      { ok: false, error: 'invalidMobile' },
    );
    expect(await staff.setMobile(SALES, '011-234-5678', ADMIN_ACTOR)).toEqual({ ok: false, error: 'invalidMobile' });
    expect(await staff.setMobile(SALES, '010 9876 5432', ADMIN_ACTOR)).toEqual({ ok: true });
    await staff.refresh();
    expect(await staff.list()).toContainEqual(expect.objectContaining({ email: SALES, mobile: '01098765432' }));
    expect(await staff.setMobile(SALES, ' ', ADMIN_ACTOR)).toEqual({ ok: true });
    expect(await staff.mobileOf(SALES)).toBeNull();
    expect(await staff.setMobile('nobody@example.test', '010-1111-2222', ADMIN_ACTOR)).toEqual({ ok: false, error: 'accountNotFound' });
    const records = (await audit.list({ action: 'accountMobile' })).entries.map(({ actor, target, detail }) => ({ actor, target, detail }));
    expect(records).toEqual([
      { actor: ADMIN, target: SALES, detail: '삭제' },
      { actor: ADMIN, target: SALES, detail: '010-****-5432' },
    ]);
    const created = (await audit.list({ action: 'accountCreate' })).entries.find((entry) => entry.target === SALES);
    expect(created?.detail).toBe('role=sales, 휴대폰 010-****-6789');
    expect(JSON.stringify((await audit.list({})).entries)).not.toMatch(/2345|9876/);
  });

  it('refuses a short password, a bad email or role, a duplicate; never leaves no enabled admin; an admin cannot disable itself', async () => {
    const { staff } = await start(await backendOf());
    const add = (fields: Partial<{ email: string; name: string; role: string; password: string }>) =>
      staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD, ...fields }, ADMIN_ACTOR);
    expect(await add({ password: 'short' })).toEqual({ ok: false, error: 'shortPassword' });
    expect(await add({ email: 'not-an-email' })).toEqual({ ok: false, error: 'invalidEmail' });
    expect(await add({ role: 'owner' })).toEqual({ ok: false, error: 'invalidRole' });
    expect(await add({ name: '  ' })).toEqual({ ok: false, error: 'invalidName' });
    expect(await add({})).toEqual({ ok: true });
    expect(await add({})).toEqual({ ok: false, error: 'accountExists' });
    expect(await staff.setDisabled(ADMIN, true, ADMIN_ACTOR)).toEqual({ ok: false, error: 'ownAccount' });
    expect(await staff.setDisabled(ADMIN, true, { email: SALES, ip: '1.1.1.1' })).toEqual({ ok: false, error: 'lastAdmin' });
    expect(await staff.setDisabled('nobody@example.test', true, ADMIN_ACTOR)).toEqual({ ok: false, error: 'accountNotFound' });
    expect(await staff.resetPassword(SALES, 'short', ADMIN_ACTOR)).toEqual({ ok: false, error: 'shortPassword' });
  });

  it('disabling ends the account’s session at once and refuses its sign-in; enabling lets it in again', async () => {
    const { auth, staff } = await start(await backendOf());
    await staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD }, ADMIN_ACTOR);
    const cookie = await signIn(auth, SALES, SALES_PASSWORD);
    expect(await staff.setDisabled(SALES, true, ADMIN_ACTOR)).toEqual({ ok: true });
    expect(auth.session(request(cookie))).toBeNull();
    expect(auth.renewal(request(cookie))).toBeUndefined();
    expect(await signIn(auth, SALES, SALES_PASSWORD)).toBe('loginDisabled');
    // A wrong password on a disabled account says only "wrong".
    expect(await signIn(auth, SALES, 'wrong password!')).toBe('loginInvalid');
    clock += 60_000;
    expect(await staff.setDisabled(SALES, false, ADMIN_ACTOR)).toEqual({ ok: true });
    // The sessions issued before the disable stay ended, well within their idle window.
    clock += 60_000;
    expect(auth.session(request(cookie))).toBeNull();
    expect(auth.session(request(await signIn(auth, SALES, SALES_PASSWORD)))).toMatchObject({ email: SALES });
  });

  it('a password reset ends the account’s sessions; the new password signs in, the old one not', async () => {
    const { auth, staff } = await start(await backendOf());
    await staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD }, ADMIN_ACTOR);
    const cookie = await signIn(auth, SALES, SALES_PASSWORD);
    expect(await staff.resetPassword(SALES, 'a brand new password', ADMIN_ACTOR)).toEqual({ ok: true });
    expect(auth.session(request(cookie))).toBeNull();
    expect(await signIn(auth, SALES, SALES_PASSWORD)).toBe('loginInvalid');
    expect(auth.session(request(await signIn(auth, SALES, 'a brand new password')))).toMatchObject({ email: SALES });
  });

  it('records every sign-in, failed sign-in, sign-out and account change: who, what, about whom, from where', async () => {
    const { auth, staff, audit } = await start(await backendOf());
    await staff.add({ email: SALES, name: '김상담', role: 'sales', password: SALES_PASSWORD }, ADMIN_ACTOR);
    await staff.setDisabled(SALES, true, ADMIN_ACTOR);
    await staff.setDisabled(SALES, false, ADMIN_ACTOR);
    await staff.resetPassword(SALES, 'a brand new password', ADMIN_ACTOR);
    clock += 1000;
    expect(await signIn(auth, SALES, 'not the password', '203.0.113.50')).toBe('loginInvalid');
    expect(await signIn(auth, 'ghost@example.test', 'not the password', '203.0.113.51')).toBe('loginInvalid');
    clock += 1000;
    const cookie = await signIn(auth, SALES, 'a brand new password', '203.0.113.52');
    clock += 1000;
    await auth.logout(request(cookie), '203.0.113.53');
    // A second logout with the same (revoked) cookie is not a second sign-out.
    await auth.logout(request(cookie), '203.0.113.53');

    const recorded = await actionsOf(audit);
    expect(recorded).toHaveLength(8);
    expect(recorded.slice(0, 4)).toEqual([
      { action: 'signOut', actor: SALES, target: null, ip: '203.0.113.53' },
      { action: 'signIn', actor: SALES, target: null, ip: '203.0.113.52' },
      expect.objectContaining({ action: 'signInFailed', ip: expect.stringMatching(/^203\.0\.113\.5[01]$/) }),
      expect.objectContaining({ action: 'signInFailed', ip: expect.stringMatching(/^203\.0\.113\.5[01]$/) }),
    ]);
    expect(
      recorded
        .slice(2, 4)
        .map((entry) => entry.actor)
        .sort(),
    ).toEqual(['gho***@example.test', SALES]);
    expect(
      recorded
        .slice(4)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['accountCreate', 'accountDisable', 'accountEnable', 'accountReset']);
    for (const entry of recorded.slice(4)) expect(entry).toMatchObject({ actor: ADMIN, target: SALES, ip: ADMIN_ACTOR.ip });
  });

  it('pages newest first with filters (action, actor, Seoul days) and streams oldest first', async () => {
    const { audit } = await start(await backendOf());
    for (let index = 0; index < 7; index += 1) {
      clock += 3600_000;
      await audit.record({ actor: index % 2 ? SALES : ADMIN, action: index % 3 ? 'leadView' : 'signIn', ip: '10.0.0.1', target: `lead-${index}` });
    }
    const first = await audit.list({ limit: 3 });
    expect(first.entries.map((entry) => entry.target)).toEqual(['lead-6', 'lead-5', 'lead-4']);
    const second = await audit.list({ limit: 3, cursor: first.next! });
    expect(second.entries.map((entry) => entry.target)).toEqual(['lead-3', 'lead-2', 'lead-1']);
    const last = await audit.list({ limit: 3, cursor: second.next! });
    expect(last).toEqual({ entries: [expect.objectContaining({ target: 'lead-0' })], next: null });
    expect((await audit.list({ action: 'signIn' })).entries.map((entry) => entry.target)).toEqual(['lead-6', 'lead-3', 'lead-0']);
    expect((await audit.list({ actor: SALES.toUpperCase() })).entries.map((entry) => entry.target)).toEqual(['lead-5', 'lead-3', 'lead-1']);
    // 2026-03-01 01:00Z … 07:00Z is 10:00 … 16:00 on 2026-03-01 in Seoul.
    expect((await audit.list({ from: '2026-03-02' })).entries).toEqual([]);
    expect((await audit.list({ from: '2026-03-01', to: '2026-03-01' })).entries).toHaveLength(7);
    const streamed: string[] = [];
    for await (const entry of audit.stream({ action: 'leadView' })) streamed.push(entry.target!);
    expect(streamed).toEqual(['lead-1', 'lead-2', 'lead-4', 'lead-5']);
  });

  it('purges only records past the retention period, and records the purge', async () => {
    const { audit } = await start(await backendOf());
    const now = Date.now();
    clock = now - 800 * DAY_MS;
    await audit.record({ actor: ADMIN, action: 'signIn', ip: '10.0.0.1', target: 'old' });
    clock = now - 10 * DAY_MS;
    await audit.record({ actor: ADMIN, action: 'signIn', ip: '10.0.0.1', target: 'recent' });
    clock = now;
    expect(await purgeExpiredAudit(audit, 730, now)).toBe(1);
    const left = (await audit.list({})).entries;
    expect(left.map((entry) => [entry.action, entry.target])).toEqual([
      ['purge', 'auditEvent'],
      ['signIn', 'recent'],
    ]);
    expect(left[0]).toMatchObject({ actor: 'system', detail: expect.stringContaining('1건') });
    expect(await purgeExpiredAudit(audit, 730, now)).toBe(0);
  });
});

describe('staff accounts in a leads.sqlite from before the 팀장 role', () => {
  it('opens with every account kept and takes a 팀장 account', async () => {
    const old = openLeadsDatabase(dataDir);
    old.exec(`CREATE TABLE staff_accounts (
        email         TEXT PRIMARY KEY,
        name          TEXT NOT NULL,
        role          TEXT NOT NULL CHECK (role IN ('admin', 'sales')),
        password_hash TEXT NOT NULL,
        disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
        created_at    TEXT NOT NULL,
        updated_at    TEXT NOT NULL
      )`);
    old
      .prepare('INSERT INTO staff_accounts VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(SALES, '김상담', 'sales', await hashPassword(SALES_PASSWORD, { N: 2 ** 14, r: 8, p: 1 }), 1, '2026-01-02T00:00:00.000Z', '2026-01-03T00:00:00.000Z');
    old.close();

    const { auth, staff } = await start({});
    expect(await staff.list()).toContainEqual({
      email: SALES,
      name: '김상담',
      role: 'sales',
      disabled: true,
      createdAt: '2026-01-02T00:00:00.000Z',
      updatedAt: '2026-01-03T00:00:00.000Z',
      mobile: null,
    });
    expect(await staff.setMobile(SALES, '010-1234-5678', ADMIN_ACTOR)).toEqual({ ok: true });
    await staff.setDisabled(SALES, false, ADMIN_ACTOR);
    expect(auth.session(request(await signIn(auth, SALES, SALES_PASSWORD)))).toMatchObject({ email: SALES, role: 'sales' });
    expect(await staff.add({ email: 'manager@example.test', name: '박팀장', role: 'manager', password: SALES_PASSWORD }, ADMIN_ACTOR)).toEqual({ ok: true });
    const database = openLeadsDatabase(dataDir);
    try {
      expect(() => database.prepare("UPDATE staff_accounts SET role = 'owner' WHERE email = ?").run(SALES)).toThrow(/CHECK/);
    } finally {
      database.close();
    }
  });
});

describe('audit trail on leads.sqlite', () => {
  it('is append-only: UPDATE is refused, and DELETE of anything younger than a year, even by hand', async () => {
    const { audit } = await start({});
    clock = Date.now();
    await audit.record({ actor: ADMIN, action: 'leadView', ip: '10.0.0.1', target: 'lead-1' });
    const database = openLeadsDatabase(dataDir);
    try {
      expect(() => database.exec("UPDATE audit_events SET actor = 'someone-else'")).toThrow(/append-only/);
      expect(() => database.exec('DELETE FROM audit_events')).toThrow(/kept 365 days/);
      expect(database.prepare('SELECT count(*) AS n FROM audit_events').get()).toEqual({ n: 1 });
    } finally {
      database.close();
    }
    // A purge whose cutoff would reach it is refused as a whole.
    expect(await audit.purgeExpired({ retentionDays: 365, now: Date.now() + 366 * DAY_MS }).catch((error: Error) => error.message)).toMatch(/kept 365 days/);
  });
});
