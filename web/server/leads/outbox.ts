/**
 * The durable outbox: a lead the leads store could not take (its database refusing a write, a slot contended)
 * is written here — committed before the visitor is answered — and delivered by a background loop
 * once the store is back. Entries are removed only after delivery; a lead the store refuses
 * outright stays in the table, marked, for an operator, until the retention period of leads has
 * passed. Two kinds: a local SQLite file (WAL, synchronous=FULL) and, with DATABASE_URL, a table
 * every instance drains (./postgres-outbox.ts).
 */
import { openSqlite } from '../sqlite';
import { preparePrivateDatabaseFile } from '../data-dir';
import type { LeadDocument } from './store';

export type OutboxEntry = {
  id: string;
  lead: LeadDocument;
  visitSlotId: string | null;
  attempts: number;
};

/**
 * What became of an entry handed out for delivery: delivered (removed), to be tried again at
 * `retryAt`, or refused by the store (kept, never retried: a bug to look at, not a lead to drop).
 * `stop` ends the round (the store is down: the rest waits too).
 */
export type DeliveryOutcome = { delivered: true } | { retryAt: number; error: string; stop?: boolean } | { refused: string };

export type OutboxBacklog = { count: number; oldestAt: number | null; lastError: string | null };

export interface LeadOutbox {
  /** Stores the lead durably, with why it could not be stored; adding the same id twice keeps the first. */
  add(lead: LeadDocument, visitSlotId: string | null, now?: number, reason?: string): Promise<void>;
  /**
   * Hands the entries due at `now` to `deliver`, oldest first, one at a time, at most `limit`;
   * while `deliver` runs, no other drainer (another instance) is handed that entry.
   */
  drain(now: number, limit: number, deliver: (entry: OutboxEntry) => Promise<DeliveryOutcome>): Promise<void>;
  /** The entry with this id, refused ones included. */
  find(id: string): Promise<OutboxEntry | null>;
  pendingCount(): Promise<number>;
  /** Leads waiting for delivery: how many, since when (ms since the epoch) and the last error. */
  backlog(): Promise<OutboxBacklog>;
  /** Deletes the refused entries created before `before` (ms since the epoch); returns how many. */
  purgeRefused(before: number): Promise<number>;
  /** Deletes every entry with this phone number (a customer's data deleted on request); how many. */
  forgetPhone(phone: string): Promise<number>;
  close(): Promise<void>;
}

type OutboxRow = { id: string; lead: string; visit_slot_id: string | null; attempts: number };

function entryOf(row: OutboxRow): OutboxEntry {
  return { id: row.id, lead: JSON.parse(row.lead) as LeadDocument, visitSlotId: row.visit_slot_id, attempts: row.attempts };
}

export function openLeadOutbox(file: string): LeadOutbox {
  preparePrivateDatabaseFile(file);
  const database = openSqlite(file);
  database.exec('PRAGMA journal_mode = WAL');
  // Leads leave this table once delivered or past retention: nothing of them may stay readable.
  database.exec('PRAGMA secure_delete = ON');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec(`
    CREATE TABLE IF NOT EXISTS lead_outbox (
      id              TEXT PRIMARY KEY,
      lead            TEXT NOT NULL,
      visit_slot_id   TEXT,
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      created_at      INTEGER NOT NULL,
      last_error      TEXT,
      refused         INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX IF NOT EXISTS lead_outbox_due ON lead_outbox (refused, next_attempt_at);
  `);
  const insert = database.prepare(
    `INSERT OR IGNORE INTO lead_outbox (id, lead, visit_slot_id, next_attempt_at, created_at, last_error) VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const selectDue = database.prepare(
    `SELECT id, lead, visit_slot_id, attempts FROM lead_outbox
      WHERE refused = 0 AND next_attempt_at <= ? ORDER BY created_at, id LIMIT ?`,
  );
  const remove = database.prepare('DELETE FROM lead_outbox WHERE id = ?');
  const selectOne = database.prepare('SELECT id, lead, visit_slot_id, attempts FROM lead_outbox WHERE id = ?');
  const reschedule = database.prepare('UPDATE lead_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?');
  const markRefused = database.prepare('UPDATE lead_outbox SET attempts = attempts + 1, last_error = ?, refused = 1 WHERE id = ?');
  const countPending = database.prepare('SELECT count(*) AS n FROM lead_outbox WHERE refused = 0');
  const selectBacklog = database.prepare(`
    SELECT count(*) AS count, min(created_at) AS oldestAt,
      (SELECT last_error FROM lead_outbox WHERE refused = 0 AND last_error IS NOT NULL ORDER BY next_attempt_at DESC LIMIT 1) AS lastError
    FROM lead_outbox WHERE refused = 0`);
  const removeRefused = database.prepare('DELETE FROM lead_outbox WHERE refused = 1 AND created_at < ?');
  const removePhone = database.prepare(`DELETE FROM lead_outbox WHERE json_extract(lead, '$.phone') = ?`);
  // The WAL still holds deleted rows as they were: copy the overwritten pages back and empty it.
  const forgetDeleted = () => database.exec('PRAGMA wal_checkpoint(TRUNCATE)');

  const settle = (id: string, outcome: DeliveryOutcome) => {
    if ('delivered' in outcome) {
      remove.run(id);
      forgetDeleted();
    } else if ('refused' in outcome) markRefused.run(outcome.refused, id);
    else reschedule.run(outcome.error, outcome.retryAt, id);
  };

  return {
    async add(lead, visitSlotId, now = Date.now(), reason) {
      insert.run(lead._id, JSON.stringify(lead), visitSlotId, now, now, reason ?? null);
    },
    // One process owns the file: nothing else drains it.
    async drain(now, limit, deliver) {
      for (const entry of (selectDue.all(now, limit) as OutboxRow[]).map(entryOf)) {
        const outcome = await deliver(entry);
        settle(entry.id, outcome);
        if ('stop' in outcome && outcome.stop) return;
      }
    },
    async find(id) {
      const row = selectOne.get(id) as OutboxRow | undefined;
      return row ? entryOf(row) : null;
    },
    async pendingCount() {
      return countPending.get<{ n: number }>()?.n ?? 0;
    },
    async backlog() {
      return selectBacklog.get() as OutboxBacklog;
    },
    async purgeRefused(before) {
      const { changes } = removeRefused.run(before);
      if (changes > 0) forgetDeleted();
      return changes;
    },
    async forgetPhone(phone) {
      const { changes } = removePhone.run(phone);
      if (changes > 0) forgetDeleted();
      return Number(changes);
    },
    async close() {
      if (database.isOpen) database.close();
    },
  };
}
