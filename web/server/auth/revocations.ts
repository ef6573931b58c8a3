/**
 * Signed-out sessions. A session cookie is checked without a session table (session.ts), so a
 * sign-out is remembered here until the session would have expired anyway: in a file under
 * DATA_DIR (one instance), or in PostgreSQL (DATABASE_URL), where every instance finds it.
 *
 * Session checks are synchronous (loaders, write checks): `has` answers from what this instance
 * knows, and `learn` — awaited once per request that carries a session cookie, before anything
 * checks it — asks the database about that one session first.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { readJson } from './accounts';

export interface SessionRevocations {
  /** Whether session `sid` was signed out, as far as this instance knows. */
  has(sid: string): boolean;
  /** Learns whether another instance signed session `sid` out. */
  learn(sid: string, now: number): Promise<void>;
  /** Signs session `sid` out until `expiresAt` (ms), when it would have ended anyway. */
  revoke(sid: string, expiresAt: number, now: number): Promise<void>;
}

/** Revoked session id → when it would have expired. */
type Revoked = Map<string, number>;

function forget(revoked: Revoked, now: number): void {
  for (const [sid, expires] of revoked) if (expires <= now) revoked.delete(sid);
}

/** One instance: the list in `<DATA_DIR>/auth/revoked-sessions.json`, so a restart keeps it. */
export class FileRevocations implements SessionRevocations {
  private constructor(
    private readonly file: string,
    private readonly revoked: Revoked,
  ) {}

  static async open(file: string): Promise<FileRevocations> {
    return new FileRevocations(file, new Map(Object.entries((await readJson<Record<string, number>>(file)) ?? {})));
  }

  has(sid: string): boolean {
    return this.revoked.has(sid);
  }

  async learn(): Promise<void> {}

  async revoke(sid: string, expiresAt: number, now: number): Promise<void> {
    forget(this.revoked, now);
    this.revoked.set(sid, expiresAt);
    // With ADMIN_* and SESSION_SECRET from the environment nothing else created the directory.
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFile(this.file, JSON.stringify(Object.fromEntries(this.revoked)), { mode: 0o600 });
  }
}

/** Several instances: the `revoked_sessions` table; each instance keeps what it learnt. */
export class PostgresRevocations implements SessionRevocations {
  private readonly known: Revoked = new Map();

  constructor(private readonly pool: pg.Pool) {}

  has(sid: string): boolean {
    return this.known.has(sid);
  }

  async learn(sid: string, now: number): Promise<void> {
    if (this.known.has(sid)) return;
    const { rows } = await this.pool.query<{ expires_at: string }>('SELECT expires_at FROM revoked_sessions WHERE sid = $1 AND expires_at > $2', [sid, now]);
    if (rows[0]) {
      forget(this.known, now);
      this.known.set(sid, Number(rows[0].expires_at));
    }
  }

  async revoke(sid: string, expiresAt: number, now: number): Promise<void> {
    await this.pool.query('DELETE FROM revoked_sessions WHERE expires_at <= $1', [now]);
    await this.pool.query('INSERT INTO revoked_sessions (sid, expires_at) VALUES ($1, $2) ON CONFLICT (sid) DO NOTHING', [sid, expiresAt]);
    forget(this.known, now);
    this.known.set(sid, expiresAt);
  }
}
