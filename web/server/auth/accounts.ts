/**
 * The first admin account and the session secret.
 *
 * - `ADMIN_EMAIL` + `ADMIN_PASSWORD_HASH` (from `npm run staff -- create`): that admin account
 *   exists with that password (see StaffAccounts.applyEnvironmentAdmin).
 * - No accounts yet and a DATA_DIR/auth/admin.json from an earlier version (its single local
 *   admin): that admin becomes the first account, and the file is removed.
 * - No accounts at all, on the embedded store: a local admin is created on first start; its
 *   random password is printed once to the console.
 * - `SESSION_SECRET` (32+ characters): signs session cookies. Unset: a random secret is created
 *   once per data directory (DATA_DIR/auth/session-secret), so sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AdminConfig } from '../config';
import { readOrCreateSecret } from '../data-dir';
import { hashPassword, parsePasswordHash } from './password';
import type { StaffAccounts } from './staff-accounts';

export { normalizeEmail } from '../../shared/staff-accounts';

export const DEFAULT_LOCAL_ADMIN_EMAIL = 'admin@cheonghak.local';
const FIRST_ADMIN_NAME = '관리자';

export async function prepareFirstAdmin(options: {
  staff: StaffAccounts;
  admin: Pick<AdminConfig, 'email' | 'passwordHash' | 'passwordHashing'>;
  authDir: string;
  allowLocalAdmin: boolean;
  log: (line: string) => void;
}): Promise<void> {
  const { staff, authDir } = options;
  const { email, passwordHash } = options.admin;
  // The configuration has checked the hash and that an email comes with it.
  if (email && passwordHash) {
    await staff.applyEnvironmentAdmin(email, passwordHash);
    return;
  }
  if (await staff.hasAccounts()) return;

  const file = path.join(authDir, 'admin.json');
  const stored = await readJson<{ email?: unknown; passwordHash?: unknown }>(file);
  if (stored && typeof stored.email === 'string' && typeof stored.passwordHash === 'string' && parsePasswordHash(stored.passwordHash)) {
    await staff.insert({ email: stored.email, name: FIRST_ADMIN_NAME, role: 'admin', passwordHash: stored.passwordHash });
    await rm(file, { force: true });
    options.log(`[staff] ${file} 의 관리자(${stored.email})를 첫 관리자 계정으로 옮겼습니다.`);
    return;
  }
  if (!options.allowLocalAdmin) return;

  const password = randomBytes(12).toString('base64url');
  const account = {
    email: email || DEFAULT_LOCAL_ADMIN_EMAIL,
    name: FIRST_ADMIN_NAME,
    role: 'admin' as const,
    passwordHash: await hashPassword(password, options.admin.passwordHashing),
  };
  // Two processes starting at once: only the one that stored the account prints a password.
  if (!(await staff.insert(account))) return;
  options.log(
    [
      '',
      '┌ 관리자 계정을 만들었습니다. 비밀번호는 지금 한 번만 표시됩니다.',
      `│ 이메일:   ${staff.find(account.email)?.email ?? account.email}`,
      `│ 비밀번호: ${password}`,
      '└ (직원 계정은 `npm run staff -- add` 또는 /admin/accounts 에서 추가합니다. 운영에서는 ADMIN_EMAIL과 ADMIN_PASSWORD_HASH를 쓰세요.)',
      '',
    ].join('\n'),
  );
}

/** Where the staff sign-in keeps its files (the session secret, revoked sessions) in DATA_DIR. */
export function authDirectory(dataDir: string): string {
  return path.join(dataDir, 'auth');
}

export async function loadSessionSecret(admin: Pick<AdminConfig, 'sessionSecret'>, authDir: string): Promise<Buffer> {
  // At least 32 characters: the configuration has checked.
  if (admin.sessionSecret) return Buffer.from(admin.sessionSecret);
  return Buffer.from(readOrCreateSecret(path.join(authDir, 'session-secret')));
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
