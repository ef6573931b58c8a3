/**
 * Page-view visitors and the day's combinations shared by every instance (DATABASE_URL), so a
 * visitor is counted once a day and the day's caps hold whichever instance answers. The same
 * rules as the in-memory gate (page-views.ts), on the tables of migration 0102:
 *
 * - the day's salt is one row, made by the first instance to need it; fingerprints and address
 *   HMACs are made with it, and the first instance to see a new day deletes the rows (salt
 *   included) of the days before;
 * - a visitor is a fingerprint row: the instance that inserts it counts the visitor;
 * - combinations are admitted one at a time per day (an advisory lock for the transaction), so
 *   the day's caps are never passed by two instances deciding at once.
 *
 * What cannot change again the same day (a visitor already counted, a combination shared by two
 * addresses) is remembered in memory, so repeated views cost no query.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Request } from 'express';
import type pg from 'pg';
import { inTransaction } from '../postgres/transaction';
import { MAX_COMBINATIONS_PER_DAY, MAX_SINGLE_ADDRESS_COMBINATIONS, type PageViewGate } from './page-views';

const DAY_TABLES = ['page_view_visitors', 'page_view_combinations', 'page_view_addresses', 'page_view_salts'];

type Combination = { admitted: boolean; first_address: string | null };

export class PostgresPageViewGate implements PageViewGate {
  private day = '';
  private salt: Buffer | null = null;
  /** Today's fingerprints this instance has seen counted (by itself or another instance). */
  private counted = new Set<string>();
  /** Today's combinations admitted and brought by two addresses: admitted for the rest of the day. */
  private shared = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly newPerAddressMax: number,
  ) {}

  async firstView(req: Request, day: string, key: string): Promise<boolean> {
    const fingerprint = await this.hash(day, `${req.ip ?? ''}\u0000${req.get('user-agent') ?? ''}\u0000${key}`, 22);
    if (this.counted.has(fingerprint)) return false;
    const inserted = await this.pool.query('INSERT INTO page_view_visitors (day, fingerprint) VALUES ($1, $2) ON CONFLICT DO NOTHING', [day, fingerprint]);
    this.counted.add(fingerprint);
    return inserted.rowCount === 1;
  }

  async admit(day: string, id: string, ip: string): Promise<boolean> {
    const address = await this.hash(day, ip, 16);
    if (this.shared.has(id)) return true;
    return inTransaction(this.pool, async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('page-view-admission:' || $1))", [day]);
      return this.decide(client, day, id, address);
    });
  }

  /** The in-memory gate's rules (CombinationAdmission), under the day's lock. */
  private async decide(client: pg.PoolClient, day: string, id: string, address: string): Promise<boolean> {
    const { rows } = await client.query<Combination>('SELECT admitted, first_address FROM page_view_combinations WHERE day = $1 AND id = $2', [day, id]);
    const known = rows[0];
    if (known?.admitted) {
      if (known.first_address !== null && known.first_address !== address) {
        await client.query('UPDATE page_view_combinations SET first_address = NULL WHERE day = $1 AND id = $2', [day, id]);
        known.first_address = null;
      }
      if (known.first_address === null) this.shared.add(id);
      return true;
    }
    const shared = known !== undefined && known.first_address !== address;
    const { rows: tallies } = await client.query<{ admitted: number; singles: number; brought: number }>(
      `SELECT count(*) FILTER (WHERE admitted)::int AS admitted,
              count(*) FILTER (WHERE admitted AND first_address IS NOT NULL)::int AS singles,
              coalesce((SELECT brought FROM page_view_addresses WHERE day = $1 AND address = $2), 0) AS brought
         FROM page_view_combinations WHERE day = $1`,
      [day, address],
    );
    const { admitted, singles, brought } = tallies[0];
    const room = admitted < MAX_COMBINATIONS_PER_DAY && (shared || singles < MAX_SINGLE_ADDRESS_COMBINATIONS);
    if (!room || brought >= this.newPerAddressMax) {
      // A folded combination remembers its first address, so a second one admits it later.
      if (!known) await client.query('INSERT INTO page_view_combinations (day, id, admitted, first_address) VALUES ($1, $2, false, $3)', [day, id, address]);
      return false;
    }
    await client.query(
      `INSERT INTO page_view_addresses (day, address, brought) VALUES ($1, $2, 1)
       ON CONFLICT (day, address) DO UPDATE SET brought = page_view_addresses.brought + 1`,
      [day, address],
    );
    await client.query(
      `INSERT INTO page_view_combinations (day, id, admitted, first_address) VALUES ($1, $2, true, $3)
       ON CONFLICT (day, id) DO UPDATE SET admitted = true, first_address = EXCLUDED.first_address`,
      [day, id, shared ? null : address],
    );
    if (shared) this.shared.add(id);
    return true;
  }

  private async hash(day: string, text: string, length: number): Promise<string> {
    return createHmac('sha256', await this.saltOf(day)).update(text).digest('base64url').slice(0, length);
  }

  /** The day's salt, shared by every instance; a new day drops the days before. */
  private async saltOf(day: string): Promise<Buffer> {
    if (day === this.day && this.salt) return this.salt;
    for (const table of DAY_TABLES) await this.pool.query(`DELETE FROM ${table} WHERE day < $1`, [day]);
    await this.pool.query('INSERT INTO page_view_salts (day, salt) VALUES ($1, $2) ON CONFLICT DO NOTHING', [day, randomBytes(32)]);
    const { rows } = await this.pool.query<{ salt: Buffer }>('SELECT salt FROM page_view_salts WHERE day = $1', [day]);
    this.day = day;
    this.salt = rows[0].salt;
    this.counted = new Set();
    this.shared = new Set();
    return this.salt;
  }
}
