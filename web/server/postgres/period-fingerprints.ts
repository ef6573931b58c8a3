/**
 * Visitors told apart by every instance (DATABASE_URL) with nothing kept beyond a period: a
 * visitor is HMAC(salt of the period, …), the period's salt one row made by the first instance
 * to need it, and the first instance to see a new period deletes the rows of the periods before
 * (salt included), so no HMAC can be linked across periods. A visitor is a fingerprint row: the
 * one instance that inserts it counts the visitor. Fingerprints already seen this period are
 * remembered (the most recent ones), so a visitor's repeated views cost no query.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';

/** Fingerprints remembered per instance; one forgotten costs a query again, never a second count. */
const REMEMBERED = 100_000;

/** A period: a value of the tables' period column, later periods sorting after earlier ones. */
export type Period = string | number;

export type PeriodTables = {
  /** The period column of every table. */
  period: string;
  /** (period, salt bytea) */
  salts: string;
  /** (period, fingerprint text) */
  fingerprints: string;
  /** Further tables of the period, deleted with it. */
  others: readonly string[];
};

export class PeriodFingerprints {
  private period: Period | undefined;
  private salt: Buffer | null = null;
  /** This period's fingerprints this instance has seen counted (by itself or another instance). */
  private seen = new LRUCache<string, true>({ max: REMEMBERED });

  constructor(
    private readonly pool: pg.Pool,
    private readonly tables: PeriodTables,
    /** Drops what the caller remembers of the period before. */
    private readonly onNewPeriod: () => void = () => undefined,
  ) {}

  /** Whether this is the first time any instance sees `visitor` this period. */
  async isFirst(period: Period, visitor: string): Promise<boolean> {
    const fingerprint = await this.hash(period, visitor, 22);
    if (this.seen.has(fingerprint)) return false;
    const { fingerprints, period: column } = this.tables;
    const inserted = await this.pool.query(`INSERT INTO ${fingerprints} (${column}, fingerprint) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      period,
      fingerprint,
    ]);
    this.seen.set(fingerprint, true);
    return inserted.rowCount === 1;
  }

  /** HMAC(salt of the period, text), shortened to `length` characters. */
  async hash(period: Period, text: string, length: number): Promise<string> {
    return createHmac('sha256', await this.saltOf(period))
      .update(text)
      .digest('base64url')
      .slice(0, length);
  }

  /** The period's salt, shared by every instance; a new period drops the periods before. */
  private async saltOf(period: Period): Promise<Buffer> {
    if (period === this.period && this.salt) return this.salt;
    const { period: column, salts, fingerprints, others } = this.tables;
    for (const table of [fingerprints, ...others, salts]) await this.pool.query(`DELETE FROM ${table} WHERE ${column} < $1`, [period]);
    await this.pool.query(`INSERT INTO ${salts} (${column}, salt) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [period, randomBytes(32)]);
    const { rows } = await this.pool.query<{ salt: Buffer }>(`SELECT salt FROM ${salts} WHERE ${column} = $1`, [period]);
    this.period = period;
    this.salt = rows[0].salt;
    this.seen.clear();
    this.onNewPeriod();
    return this.salt;
  }
}
