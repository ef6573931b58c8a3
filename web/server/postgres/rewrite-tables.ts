/**
 * Deleted rows leave PostgreSQL's files only when their table is rewritten: a DELETE marks the row
 * dead, VACUUM makes its space reusable, and until new rows land there the bytes stay in the heap
 * and index files. `VACUUM FULL` writes each table and its indexes anew without the dead rows. It
 * takes an exclusive lock on the table while it runs and only the table's owner may run it, so it
 * runs once a day from the owner's `npm run leads -- purge`, not in the site's requests.
 *
 * A rewrite keeps every row some open snapshot may still see: a report that began before the
 * delete, or autovacuum analysing a table. So it first waits for the sessions of this database whose
 * transaction began before the rewrite was asked for, and says which ones it gave up on.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';

/**
 * The tables whose rows hold names, phone numbers or what staff wrote about a customer: the
 * customer tables, the older leads' documents, the outbox and the messages' log.
 */
export const PERSONAL_DATA_TABLES = ['customers', 'registrations', 'memos', 'customer_merge_notes', 'documents', 'lead_outbox', 'lead_messages'] as const;

/** How long the rewrite waits for a table's lock before giving up (it never queues the site's writes for longer). */
const LOCK_WAIT = '15s';
/** How long the rewrite waits for older transactions to end; the daily cron can afford a minute. */
const OLDER_SNAPSHOTS_WAIT_MS = 60_000;
const OLDER_SNAPSHOTS_POLL_MS = 100;

/** A session of this database holding a snapshot from before the rewrite was asked for. */
export type OlderSession = { pid: number; name: string };

export type RewriteOptions = {
  olderSnapshotsWaitMs?: number;
  /** Told once, when the rewrite has to wait for older sessions. */
  onWaiting?: (sessions: OlderSession[]) => void;
};

export type RewriteResult = {
  /** Tables PostgreSQL skipped because the role does not own them. */
  skipped: string[];
  /** Sessions still holding an older snapshot when the wait ran out: their rows may stay in the files. */
  olderSessions: OlderSession[];
};

async function sessionsWithOlderSnapshots(client: pg.PoolClient, since: string): Promise<OlderSession[]> {
  const { rows } = await client.query<OlderSession>(
    `SELECT pid, coalesce(nullif(application_name, ''), backend_type) AS name
       FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()
        AND backend_xmin IS NOT NULL AND xact_start < $1::timestamptz
      ORDER BY pid`,
    [since],
  );
  return rows;
}

/** Rewrites the personal-data tables once the snapshots older than this call have ended (or the wait ran out). */
export async function rewritePersonalDataTables(pool: pg.Pool, options: RewriteOptions = {}): Promise<RewriteResult> {
  const { olderSnapshotsWaitMs = OLDER_SNAPSHOTS_WAIT_MS, onWaiting } = options;
  const client = await pool.connect();
  const skipped: string[] = [];
  // A role that does not own a table gets a warning, not an error, from VACUUM.
  const onNotice = (notice: { message?: string }) => {
    const table = /^skipping "([^"]+)"/.exec(notice.message ?? '')?.[1];
    if (table) skipped.push(table);
  };
  client.on('notice', onNotice);
  try {
    const { rows } = await client.query<{ since: string }>('SELECT clock_timestamp()::text AS since');
    const since = rows[0]!.since;
    const giveUpAt = Date.now() + olderSnapshotsWaitMs;
    let olderSessions = await sessionsWithOlderSnapshots(client, since);
    if (olderSessions.length > 0) onWaiting?.(olderSessions);
    while (olderSessions.length > 0 && Date.now() < giveUpAt) {
      await delay(OLDER_SNAPSHOTS_POLL_MS);
      olderSessions = await sessionsWithOlderSnapshots(client, since);
    }
    await client.query(`SET lock_timeout = '${LOCK_WAIT}'`);
    await client.query(`VACUUM (FULL, ANALYZE) ${PERSONAL_DATA_TABLES.join(', ')}`);
    return { skipped, olderSessions };
  } finally {
    client.off('notice', onNotice);
    await client.query('RESET lock_timeout').catch(() => undefined);
    client.release();
  }
}
