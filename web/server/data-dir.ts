/**
 * DATA_DIR holds personal data (leads, the outbox, admin accounts) and secrets, so it is kept
 * private to the server's user: directories 0700, files 0600, tightened again at every start in
 * case an older version (or a careless copy) left them readable to others.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;
const SECRET_MIN_LENGTH = 32;

/** Creates the directory (and its parents) if needed and makes it 0700. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes DATA_DIR 0700 and everything in it 0700 (directories) or 0600 (files). */
export function tightenDataDir(dir: string): void {
  ensurePrivateDir(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(dir, entry.name);
    if (entry.isDirectory()) tightenDataDir(child);
    else if (entry.isFile()) chmodSync(child, PRIVATE_FILE_MODE);
  }
}

/**
 * Before SQLite opens `file`: a missing directory is created 0700 (an existing one is left to
 * tightenDataDir) and the database exists as 0600, so the -wal and -shm files SQLite creates
 * beside it take the same mode.
 */
export function preparePrivateDatabaseFile(file: string): void {
  if (file === ':memory:') return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR_MODE });
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const companion of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(companion)) chmodSync(companion, PRIVATE_FILE_MODE);
  }
}

/**
 * The secret stored in `file`, created (random, 0600) on first use, so it stays the same across
 * restarts of every process that shares the data directory.
 */
export function readOrCreateSecret(file: string): string {
  ensurePrivateDir(path.dirname(file));
  const stored = existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= SECRET_MIN_LENGTH) {
    chmodSync(file, PRIVATE_FILE_MODE);
    return stored;
  }
  const secret = randomBytes(32).toString('base64url');
  try {
    // 'wx' unless replacing an unusable file: of two processes starting at once, one secret wins.
    writeFileSync(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: stored === '' && !existsSync(file) ? 'wx' : 'w' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateSecret(file);
    throw error;
  }
  chmodSync(file, PRIVATE_FILE_MODE);
  return secret;
}
