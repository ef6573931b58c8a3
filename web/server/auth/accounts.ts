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
import { readOrCreateSecret } from '../data-dir';
import { hashPassword, parsePasswordHash } from './password';

export type AdminAccount = { email: string; passwordHash: string };

export const DEFAULT_LOCAL_ADMIN_EMAIL = 'admin@cheonghak.local';
const MIN_SECRET_LENGTH = 32;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function loadAdminAccount(options: {
  env: NodeJS.ProcessEnv;
  authDir: string;
  allowLocalAdmin: boolean;
  log: (line: string) => void;
}): Promise<AdminAccount | null> {
  const { env, authDir } = options;
  const email = env.ADMIN_EMAIL?.trim();
  const passwordHash = env.ADMIN_PASSWORD_HASH?.trim();
  if (passwordHash) {
    if (!email) throw new Error('ADMIN_PASSWORD_HASH is set but ADMIN_EMAIL is not');
    if (!parsePasswordHash(passwordHash)) {
      throw new Error('ADMIN_PASSWORD_HASH is not a scrypt hash: create one with `npm run admin -- create`');
    }
    return { email: normalizeEmail(email), passwordHash };
  }
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

export async function loadSessionSecret(env: NodeJS.ProcessEnv, authDir: string): Promise<Buffer> {
  const configured = env.SESSION_SECRET?.trim();
  if (configured) {
    if (configured.length < MIN_SECRET_LENGTH) {
      throw new Error(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    }
    return Buffer.from(configured);
  }
  return Buffer.from(readOrCreateSecret(path.join(authDir, 'session-secret')));
}

export async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}
