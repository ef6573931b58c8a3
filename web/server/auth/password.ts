/**
 * Password hashes with node:crypto scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash
 * base64url). The parameters travel with the hash, so they can be raised later without breaking
 * existing hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const COST = 16384;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuses parameters that would make one verification exhaust memory or CPU. */
const MAX_COST = 1 << 20;

function derive(password: string, salt: Buffer, keyLength: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // maxmem: N·r·128 bytes plus headroom; Node's 32 MiB default is too small for N = 2^17+.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: 256 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, { N: COST, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', COST, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type ParsedHash = { cost: number; blockSize: number; parallelism: number; salt: Buffer; key: Buffer };

export function parsePasswordHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  const valid =
    Number.isInteger(cost) && cost > 1 && cost <= MAX_COST && (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) && blockSize >= 1 && blockSize <= 32 &&
    Number.isInteger(parallelism) && parallelism >= 1 && parallelism <= 16 &&
    salt.length >= 8 && key.length >= 16;
  return valid ? { cost, blockSize, parallelism, salt, key } : null;
}

/** Constant-time comparison; a malformed hash never matches. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.key.length, {
    N: parsed.cost,
    r: parsed.blockSize,
    p: parsed.parallelism,
  });
  return timingSafeEqual(key, parsed.key);
}
