/**
 * The messages' log file an older embedded release kept beside leads.sqlite, moved into the sales
 * database's `lead_messages` (migration 0006-message-log) at start.
 */
import { existsSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import type { SalesDatabase } from './index';

/**
 * An older embedded release kept the log in a file of its own (`messages.sqlite`): its rows are
 * copied into the table once, at start, and the file goes, so a row deleted since (a customer's
 * data deleted on request) cannot come back from it. Returns how many rows were copied.
 */
export async function carryMessageLogFile(sales: SalesDatabase, file: string): Promise<number> {
  // ATTACH would create a missing file: nothing to carry then.
  if (sales.dialect !== 'sqlite' || !existsSync(file)) return 0;
  await sql`ATTACH DATABASE ${file} AS carried`.execute(sales.db);
  let copied = 0;
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM pragma_table_info('lead_messages', 'carried')`.execute(sales.db);
    const columns = new Set(rows.map((row) => row.name));
    if (columns.has('key')) {
      const recipient = columns.has('recipient') ? sql.ref('recipient') : sql`NULL`;
      const result = await sql`
        INSERT OR IGNORE INTO main.lead_messages (key, lead_id, event, status, reason, provider_code, attempts, next_attempt_at, created_at, updated_at, recipient)
        SELECT key, lead_id, event, status, reason, provider_code, attempts, next_attempt_at, created_at, updated_at, ${recipient} FROM carried.lead_messages
      `.execute(sales.db);
      copied = Number(result.numAffectedRows ?? 0);
    }
  } finally {
    await sql`DETACH DATABASE carried`.execute(sales.db);
  }
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
  return copied;
}
