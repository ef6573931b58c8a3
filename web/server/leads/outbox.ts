/**
 * The local durable outbox: a lead the leads store could not take (Sanity unreachable) is written
 * here — SQLite, WAL, synchronous=FULL, committed before the visitor is answered — and delivered
 * by a background loop once the store is back. Entries are removed only after delivery; a lead
 * the store refuses outright stays in the table, marked, for an operator, until the retention
 * period of leads has passed.
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

export interface LeadOutbox {
  /** Stores the lead durably, with why it could not be stored; adding the same id twice keeps the first. */
  add(lead: LeadDocument, visitSlotId: string | null, now?: number, reason?: string): void;
  /** Entries due for delivery, oldest first. */
  due(now: number, limit: number): OutboxEntry[];
  delivered(id: string): void;
  /** The entry with this id, refused ones included. */
  find(id: string): OutboxEntry | null;
  /** Schedules the next attempt. */
  retryLater(id: string, error: string, nextAttemptAt: number): void;
  /** Keeps the entry, never retried (the store refused it: a bug to look at, not a lead to drop). */
  refused(id: string, error: string): void;
  pendingCount(): number;
  /** Leads waiting for delivery: how many, since when (ms since the epoch) and the last error. */
  backlog(): { count: number; oldestAt: number | null; lastError: string | null };
  /** Deletes the refused entries created before `before` (ms since the epoch); returns how many. */
  purgeRefused(before: number): number;
  close(): void;
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
  const reschedule = database.prepare(
    'UPDATE lead_outbox SET attempts = attempts + 1, last_error = ?, next_attempt_at = ? WHERE id = ?',
  );
  const markRefused = database.prepare(
    'UPDATE lead_outbox SET attempts = attempts + 1, last_error = ?, refused = 1 WHERE id = ?',
  );
  const countPending = database.prepare('SELECT count(*) AS n FROM lead_outbox WHERE refused = 0');
  const selectBacklog = database.prepare(`
    SELECT count(*) AS count, min(created_at) AS oldestAt,
      (SELECT last_error FROM lead_outbox WHERE refused = 0 AND last_error IS NOT NULL ORDER BY next_attempt_at DESC LIMIT 1) AS lastError
    FROM lead_outbox WHERE refused = 0`);
  const removeRefused = database.prepare('DELETE FROM lead_outbox WHERE refused = 1 AND created_at < ?');
  // The WAL still holds deleted rows as they were: copy the overwritten pages back and empty it.
  const forgetDeleted = () => database.exec('PRAGMA wal_checkpoint(TRUNCATE)');

  return {
    add(lead, visitSlotId, now = Date.now(), reason) {
      insert.run(lead._id, JSON.stringify(lead), visitSlotId, now, now, reason ?? null);
    },
    due(now, limit) {
      return (selectDue.all(now, limit) as OutboxRow[]).map(entryOf);
    },
    delivered(id) {
      remove.run(id);
      forgetDeleted();
    },
    find(id) {
      const row = selectOne.get(id) as OutboxRow | undefined;
      return row ? entryOf(row) : null;
    },
    retryLater(id, error, nextAttemptAt) {
      reschedule.run(error, nextAttemptAt, id);
    },
    refused(id, error) {
      markRefused.run(error, id);
    },
    pendingCount() {
      return countPending.get<{ n: number }>()?.n ?? 0;
    },
    backlog() {
      return selectBacklog.get() as { count: number; oldestAt: number | null; lastError: string | null };
    },
    purgeRefused(before) {
      const { changes } = removeRefused.run(before);
      if (changes > 0) forgetDeleted();
      return changes;
    },
    close() {
      if (database.isOpen) database.close();
    },
  };
}
