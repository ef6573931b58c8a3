/**
 * Page-view visitors and the day's combinations shared by every instance (DATABASE_URL), so a
 * visitor is counted once a day and the day's caps hold whichever instance answers. The same
 * rules as the in-memory gate (page-views.ts), on the tables of migration 0102:
 *
 * - visitors are fingerprints under the day's shared salt, and a new day drops the days before
 *   (../postgres/period-fingerprints.ts);
 * - combinations are admitted one at a time per day (an advisory lock for the transaction), so
 *   the day's caps are never passed by two instances deciding at once.
 *
 * What cannot change again the same day (a visitor already counted, a combination shared by two
 * addresses) is remembered in memory, so repeated views cost no query.
 */
import type pg from 'pg';
import { visitorOf, type ViewRequest } from '../http/view-gate';
import { PeriodFingerprints } from '../postgres/period-fingerprints';
import { inTransaction } from '../postgres/transaction';
import { MAX_COMBINATIONS_PER_DAY, MAX_SINGLE_ADDRESS_COMBINATIONS, type PageViewGate } from './page-views';

type Combination = { admitted: boolean; first_address: string | null };

export class PostgresPageViewGate implements PageViewGate {
  private readonly visitors: PeriodFingerprints;
  /** Today's combinations admitted and brought by two addresses: admitted for the rest of the day. */
  private shared = new Set<string>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly newPerAddressMax: number,
  ) {
    const tables = { period: 'day', salts: 'page_view_salts', fingerprints: 'page_view_visitors', others: ['page_view_combinations', 'page_view_addresses'] };
    this.visitors = new PeriodFingerprints(pool, tables, () => (this.shared = new Set()));
  }

  firstView(req: ViewRequest, day: string, key: string): Promise<boolean> {
    return this.visitors.isFirst(day, visitorOf(req, key));
  }

  async admit(day: string, id: string, ip: string): Promise<boolean> {
    const address = await this.visitors.hash(day, ip, 16);
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
}
