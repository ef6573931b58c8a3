/**
 * Where the admin account and the session secret come from.
 *
 * - `ADMIN_EMAIL` + `ADMIN_PASSWORD_HASH` (from `npm run admin -- create`): the account.
 * - Neither, on the embedded store: a local admin is created on first start under
 *   DATA_DIR/auth/admin.json; its random password is printed once to the console.
 * - `SESSION_SECRET` (32+ characters): signs session cookies. Unset: a random secret is created
 *   once per data directory (DATA_DIR/auth/session-secret), so sessions survive restarts.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AdminConfig } from '../config';
import { readOrCreateSecret } from '../data-dir';
import { hashPassword, parsePasswordHash } from './password';

export type AdminAccount = { email: string; passwordHash: string };

export const DEFAULT_LOCAL_ADMIN_EMAIL = 'admin@cheonghak.local';

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function loadAdminAccount(options: {
  admin: Pick<AdminConfig, 'email' | 'passwordHash'>;
  authDir: string;
  allowLocalAdmin: boolean;
  log: (line: string) => void;
}): Promise<AdminAccount | null> {
  const { authDir } = options;
  const { email, passwordHash } = options.admin;
  // The configuration has checked the hash and that an email comes with it.
  if (email && passwordHash) return { email: normalizeEmail(email), passwordHash };
  if (!options.allowLocalAdmin) return null;

  const file = path.join(authDir, 'admin.json');
  const stored = await readJson<AdminAccount>(file);
  if (stored && parsePasswordHash(stored.passwordHash)) return stored;

  const password = randomBytes(12).toString('base64url');
  const account = { email: normalizeEmail(email || DEFAULT_LOCAL_ADMIN_EMAIL), passwordHash: await hashPassword(password) };
  await mkdir(authDir, { recursive: true, mode: 0o700 });
  await writeFile(file, `${JSON.stringify(account, null, 2)}\n`, { mode: 0o600 });
  options.log(
    [
      '',
      '┌ 관리자 계정을 만들었습니다. 비밀번호는 지금 한 번만 표시됩니다.',
      `│ 이메일:   ${account.email}`,
      `│ 비밀번호: ${password}`,
      `└ (${file} 를 지우면 다음 시작 때 새로 만듭니다. 운영에서는 ADMIN_EMAIL과 ADMIN_PASSWORD_HASH를 쓰세요.)`,
      '',
    ].join('\n'),
  );
  return account;
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
