/**
 * Password hashes for tests at a low scrypt cost (N = 2^12, 4 MiB, milliseconds), so sign-ins stay
 * quick on a loaded machine. Verification uses the parameters stored in the hash, so the built
 * (production) server checks these as cheaply. The production cost, the default, is tested in
 * staff-auth.test.ts (a hash's parameters) and config.test.ts (no lower cost in production).
 */
import { hashPassword } from '../../web/server/auth/password';
import { loadConfig } from '../../web/server/config';

/** Set in the environment of in-process services: accounts they create get the test cost too. */
export const TEST_PASSWORD_HASHING_ENV = { PASSWORD_HASH_COST: '12' };

const { passwordHashing } = loadConfig(TEST_PASSWORD_HASHING_ENV).admin;

export function hashTestPassword(password: string): Promise<string> {
  return hashPassword(password, passwordHashing);
}
