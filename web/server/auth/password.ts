/**
 * Password hashes with node:crypto scrypt, stored as `scrypt$N$r$p$salt$hash` (salt and hash
 * base64url). The parameters travel with the hash, so they can be raised later without breaking
 * existing hashes: a hash made with N = 2^14 keeps verifying with N = 2^14.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export type ScryptParameters = { N: number; r: number; p: number };

/** log2 N of new hashes in production: N = 2^17, 128 MiB and a few hundred milliseconds per hash (OWASP's scrypt minimum). */
export const PRODUCTION_PASSWORD_HASH_COST = 17;

/** N = 2^cost, r = 8, p = 1. */
export function scryptParametersFor(cost: number): ScryptParameters {
  return { N: 2 ** cost, r: 8, p: 1 };
}

export const SCRYPT_PARAMETERS: Readonly<ScryptParameters> = scryptParametersFor(PRODUCTION_PASSWORD_HASH_COST);
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
/** Refuses parameters that would make one verification take more memory than a new hash. */
const MAX_MEMORY = 256 * 1024 * 1024;

/** The memory scrypt needs for these parameters (OpenSSL: 128·r·(N + p + 2)), rounded up generously. */
function memoryFor({ N, r, p }: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>): number {
  return 128 * r * (N + p + 2) + 1024 * 1024;
}

function derive(password: string, salt: Buffer, keyLength: number, options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    // Node's default maxmem (32 MiB) is too small for N = 2^17; allow exactly what these need.
    scrypt(password.normalize('NFKC'), salt, keyLength, { ...options, maxmem: memoryFor(options) }, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, parameters: ScryptParameters = SCRYPT_PARAMETERS): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, KEY_LENGTH, parameters);
  return ['scrypt', parameters.N, parameters.r, parameters.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

type ParsedHash = { cost: number; blockSize: number; parallelism: number; salt: Buffer; key: Buffer };

export function parsePasswordHash(encoded: string): ParsedHash | null {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [cost, blockSize, parallelism] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const key = Buffer.from(parts[5], 'base64url');
  const valid =
    Number.isInteger(cost) &&
    cost > 1 &&
    (cost & (cost - 1)) === 0 &&
    Number.isInteger(blockSize) &&
    blockSize >= 1 &&
    blockSize <= 32 &&
    Number.isInteger(parallelism) &&
    parallelism >= 1 &&
    parallelism <= 16 &&
    memoryFor({ N: cost, r: blockSize, p: parallelism }) <= MAX_MEMORY &&
    salt.length >= 8 &&
    key.length >= 16;
  return valid ? { cost, blockSize, parallelism, salt, key } : null;
}

/** The scrypt parameters of a stored hash (a decoy hash made with them costs the same to verify). */
export function passwordHashParameters(encoded: string): ScryptParameters | null {
  const parsed = parsePasswordHash(encoded);
  return parsed ? { N: parsed.cost, r: parsed.blockSize, p: parsed.parallelism } : null;
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
