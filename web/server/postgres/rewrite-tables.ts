/**
 * Deleted rows leave PostgreSQL's files only when their table is rewritten: a DELETE marks the row
 * dead, VACUUM makes its space reusable, and until new rows land there the bytes stay in the heap
 * and index files. `VACUUM FULL` writes each table and its indexes anew without the dead rows. It
 * takes an exclusive lock on the table while it runs and only the table's owner may run it, so it
 * runs once a day from the owner's `npm run leads -- purge`, not in the site's requests.
 */
import type pg from 'pg';

/**
 * The tables whose rows hold names, phone numbers or what staff wrote about a customer: the
 * customer tables, the older leads' documents, the outbox and the messages' log.
 */
export const PERSONAL_DATA_TABLES = ['customers', 'registrations', 'memos', 'customer_merge_notes', 'documents', 'lead_outbox', 'lead_messages'] as const;

/** How long the rewrite waits for a table's lock before giving up (it never queues the site's writes for longer). */
const LOCK_WAIT = '15s';

/** Rewrites the personal-data tables; the tables PostgreSQL skipped because the role does not own them. */
export async function rewritePersonalDataTables(pool: pg.Pool): Promise<{ skipped: string[] }> {
  const client = await pool.connect();
  const skipped: string[] = [];
  // A role that does not own a table gets a warning, not an error, from VACUUM.
  const onNotice = (notice: { message?: string }) => {
    const table = /^skipping "([^"]+)"/.exec(notice.message ?? '')?.[1];
    if (table) skipped.push(table);
  };
  client.on('notice', onNotice);
  try {
    await client.query(`SET lock_timeout = '${LOCK_WAIT}'`);
    await client.query(`VACUUM (FULL, ANALYZE) ${PERSONAL_DATA_TABLES.join(', ')}`);
    return { skipped };
  } finally {
    client.off('notice', onNotice);
    await client.query('RESET lock_timeout').catch(() => undefined);
    client.release();
  }
}
