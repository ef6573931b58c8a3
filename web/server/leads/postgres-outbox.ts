/**
 * The lead outbox as a PostgreSQL table (DATABASE_URL): what one instance acknowledged, any
 * instance delivers, and an instance thrown away with its disk loses nothing. Each entry is
 * claimed for its delivery with `FOR UPDATE SKIP LOCKED`, in a transaction that also settles it,
 * so two instances draining at once never deliver one entry twice.
 */
import type pg from 'pg';
import type { DeliveryOutcome, LeadOutbox, OutboxBacklog, OutboxEntry } from './outbox';
import type { LeadDocument } from './store';

type OutboxRow = { id: string; lead: LeadDocument; visit_slot_id: string | null; attempts: number };

const ENTRY_COLUMNS = 'id, lead, visit_slot_id, attempts';

function entryOf(row: OutboxRow): OutboxEntry {
  return { id: row.id, lead: row.lead, visitSlotId: row.visit_slot_id, attempts: row.attempts };
}

export class PostgresLeadOutbox implements LeadOutbox {
  constructor(private readonly pool: pg.Pool) {}

  async add(lead: LeadDocument, visitSlotId: string | null, now = Date.now(), reason?: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO lead_outbox (id, lead, visit_slot_id, next_attempt_at, created_at, last_error)
       VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [lead._id, JSON.stringify(lead), visitSlotId, new Date(now), reason ?? null],
    );
  }

  async drain(now: number, limit: number, deliver: (entry: OutboxEntry) => Promise<DeliveryOutcome>): Promise<void> {
    // An entry put back for later in this round is not handed out again in it.
    const handedOut: string[] = [];
    while (handedOut.length < limit) {
      const client = await this.pool.connect();
      let outcome: DeliveryOutcome;
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<OutboxRow>(
          `SELECT ${ENTRY_COLUMNS} FROM lead_outbox
            WHERE NOT refused AND next_attempt_at <= $1 AND id <> ALL($2::text[])
            ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [new Date(now), handedOut],
        );
        if (rows.length === 0) {
          await client.query('COMMIT');
          return;
        }
        const entry = entryOf(rows[0]);
        handedOut.push(entry.id);
        outcome = await deliver(entry);
        await settle(client, entry.id, outcome);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      if ('stop' in outcome && outcome.stop) return;
    }
  }

  async find(id: string): Promise<OutboxEntry | null> {
    const { rows } = await this.pool.query<OutboxRow>(`SELECT ${ENTRY_COLUMNS} FROM lead_outbox WHERE id = $1`, [id]);
    return rows[0] ? entryOf(rows[0]) : null;
  }

  async pendingCount(): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM lead_outbox WHERE NOT refused');
    return rows[0].n;
  }

  async backlog(): Promise<OutboxBacklog> {
    const { rows } = await this.pool.query<{ count: number; oldest_at: string | null; last_error: string | null }>(`
      SELECT count(*)::int AS count, (extract(epoch FROM min(created_at)) * 1000)::bigint AS oldest_at,
        (SELECT last_error FROM lead_outbox WHERE NOT refused AND last_error IS NOT NULL ORDER BY next_attempt_at DESC LIMIT 1) AS last_error
      FROM lead_outbox WHERE NOT refused`);
    const { count, oldest_at: oldestAt, last_error: lastError } = rows[0];
    return { count, oldestAt: oldestAt === null ? null : Number(oldestAt), lastError };
  }

  async purgeRefused(before: number): Promise<number> {
    const { rowCount } = await this.pool.query('DELETE FROM lead_outbox WHERE refused AND created_at < $1', [new Date(before)]);
    return rowCount ?? 0;
  }

  async forgetPhone(phone: string): Promise<number> {
    const { rowCount } = await this.pool.query(`DELETE FROM lead_outbox WHERE lead->>'phone' = $1`, [phone]);
    return rowCount ?? 0;
  }

  /** The pool belongs to the stores' owner. */
  async close(): Promise<void> {}
}

function settle(client: pg.PoolClient, id: string, outcome: DeliveryOutcome): Promise<unknown> {
  if ('delivered' in outcome) return client.query('DELETE FROM lead_outbox WHERE id = $1', [id]);
  if ('refused' in outcome) {
    return client.query('UPDATE lead_outbox SET attempts = attempts + 1, last_error = $2, refused = true WHERE id = $1', [id, outcome.refused]);
  }
  return client.query('UPDATE lead_outbox SET attempts = attempts + 1, last_error = $2, next_attempt_at = $3 WHERE id = $1', [
    id,
    outcome.error,
    new Date(outcome.retryAt),
  ]);
}
