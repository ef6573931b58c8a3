/**
 * The messages' outbox and send log as a PostgreSQL table (DATABASE_URL): each pending message is
 * claimed with `FOR UPDATE SKIP LOCKED` in a transaction that also settles it, so two instances
 * draining at once never send one message twice.
 */
import type pg from 'pg';
import type { LeadMessageEntry } from '../../shared/outbound-messages';
import { inTransaction } from '../postgres/transaction';
import { CUSTOMER_MESSAGE_OUT, entryOf, jobOf, settlement, type MessageJob, type MessageLog, type MessageOutcome } from './message-log';

export class PostgresMessageLog implements MessageLog {
  constructor(private readonly pool: pg.Pool) {}

  async enqueue(jobs: Parameters<MessageLog['enqueue']>[0], now: number): Promise<void> {
    if (jobs.length === 0) return;
    await this.pool.query(
      `INSERT INTO lead_messages (key, lead_id, event, recipient, next_attempt_at, created_at, updated_at)
       SELECT key, lead_id, event, recipient, $5, $5, $5 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS job(key, lead_id, event, recipient)
       ON CONFLICT (key) DO NOTHING`,
      [jobs.map((job) => job.key), jobs.map((job) => job.leadId), jobs.map((job) => job.event), jobs.map((job) => job.recipient ?? null), new Date(now)],
    );
  }

  async drain(now: number, limit: number, deliver: (job: MessageJob) => Promise<MessageOutcome>): Promise<void> {
    for (let handed = 0; handed < limit; handed += 1) {
      const sentOne = await inTransaction(this.pool, async (client) => {
        const { rows } = await client.query(
          `SELECT key, lead_id, event, attempts, recipient FROM lead_messages
            WHERE status = 'pending' AND next_attempt_at <= $1
            ORDER BY next_attempt_at, key LIMIT 1 FOR UPDATE SKIP LOCKED`,
          [new Date(now)],
        );
        if (rows.length === 0) return false;
        const job = jobOf(rows[0]);
        const { status, reason, providerCode, nextAt } = settlement(await deliver(job), now);
        await client.query(
          `UPDATE lead_messages SET status = $2, reason = $3, provider_code = $4, attempts = attempts + 1, next_attempt_at = $5, updated_at = now()
            WHERE key = $1`,
          [job.key, status, reason, providerCode, new Date(nextAt)],
        );
        return true;
      });
      if (!sentOne) return;
    }
  }

  async forLead(leadId: string): Promise<LeadMessageEntry[]> {
    const { rows } = await this.pool.query(
      `SELECT event, status, reason, provider_code, attempts, updated_at FROM lead_messages WHERE lead_id = $1 ORDER BY created_at, key`,
      [leadId],
    );
    return rows.map(entryOf);
  }

  async customerMessagesSince(since: number, of?: { leadIds: readonly string[]; exceptKey: string }): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>(
      `SELECT count(*) AS count FROM lead_messages
        WHERE ${CUSTOMER_MESSAGE_OUT} AND updated_at >= $1 AND ($2::text[] IS NULL OR (lead_id = ANY($2::text[]) AND key <> $3))`,
      [new Date(since), of ? of.leadIds : null, of?.exceptKey ?? ''],
    );
    return Number(rows[0]?.count ?? 0);
  }

  async forget(leadIds: string[]): Promise<number> {
    if (leadIds.length === 0) return 0;
    const { rowCount } = await this.pool.query('DELETE FROM lead_messages WHERE lead_id = ANY($1::text[])', [leadIds]);
    return rowCount ?? 0;
  }

  /** The pool belongs to the stores' owner. */
  async close(): Promise<void> {}
}
