/**
 * The messages' outbox and send log in one table: each message is a row keyed by its event and
 * lead (so a retried or repeated event never sends twice), pending until the delivery loop settles
 * it as sent, failed or not sent with a reason. Rows carry the lead id only: the number and the
 * name are read from the lead at sending time and never stored here. A local SQLite file, or with
 * DATABASE_URL a table every instance drains (./postgres-message-log.ts).
 */
import { openSqlite } from '../sqlite';
import { preparePrivateDatabaseFile } from '../data-dir';
import type { LeadMessageEntry, MessageEvent, MessageReason } from '../../shared/outbound-messages';

/** `recipient`: the staff account (email) a staff message is for; null for the customer. */
export type MessageJob = { key: string; leadId: string; event: MessageEvent; attempts: number; recipient: string | null };

export type MessageOutcome =
  | { status: 'sent'; providerCode?: null }
  | { status: 'failed' | 'skipped' | 'unknown'; reason: MessageReason; providerCode?: string | null }
  /** The provider was down: tried again at `retryAt`. */
  | { status: 'retry'; retryAt: number; reason: MessageReason; providerCode: string | null };

export interface MessageLog {
  /** Adds the jobs, due at `now`; a key already there (sent, pending or not) is kept as it is. */
  enqueue(jobs: Array<Omit<MessageJob, 'attempts' | 'recipient'> & { recipient?: string | null }>, now: number): Promise<void>;
  /** Hands the due pending jobs to `deliver`, one at a time, at most `limit`; no other drainer gets a job while it is out. */
  drain(now: number, limit: number, deliver: (job: MessageJob) => Promise<MessageOutcome>): Promise<void>;
  /** The lead's messages, oldest first. */
  forLead(leadId: string): Promise<LeadMessageEntry[]>;
  /**
   * Messages to customers that went out, or may have, since `since` (ms): sent, waiting for a retry
   * after a provider error, or given up on after provider errors; only the leads' `of.leadIds` when
   * given, never the message `of.exceptKey` (the one about to be sent, maybe a retry).
   */
  customerMessagesSince(since: number, of?: { leadIds: readonly string[]; exceptKey: string }): Promise<number>;
  /** Deletes every row of these leads (a customer's data deleted on request); how many. */
  forget(leadIds: string[]): Promise<number>;
  close(): Promise<void>;
}

/** The key of one event's message to one lead (a reminder: per visit day). */
export function messageKey(event: MessageEvent, leadId: string, qualifier?: string): string {
  return [event, leadId, qualifier].filter(Boolean).join(':');
}

export const MESSAGE_BACKOFF_BASE_MS = 30_000;
const MESSAGE_MAX_BACKOFF_MS = 30 * 60_000;
/** After this many provider errors a message is marked failed. */
export const MESSAGE_MAX_ATTEMPTS = 6;

/** When a job that failed `attempts` times (this one included) is tried again. */
export function nextAttemptAt(now: number, attempts: number): number {
  return now + Math.min(MESSAGE_MAX_BACKOFF_MS, MESSAGE_BACKOFF_BASE_MS * 2 ** (attempts - 1));
}

/** A customer's message that went out or may have (a provider error can follow a delivery), as SQL on lead_messages. */
export const CUSTOMER_MESSAGE_OUT = `recipient IS NULL AND (status IN ('sent', 'unknown') OR (status = 'pending' AND attempts > 0) OR (status = 'failed' AND reason = 'providerError'))`;

/** Longer than a send can take (the client's timeout): a claim left by a crash expires. */
const CLAIM_LEASE_MS = 5 * 60_000;

type EntryRow = { event: MessageEvent; status: LeadMessageEntry['status']; reason: MessageReason | null; provider_code: string | null; attempts: number; updated_at: number };
type JobRow = { key: string; lead_id: string; event: MessageEvent; attempts: number; recipient: string | null };

export function openMessageLog(file: string): MessageLog {
  preparePrivateDatabaseFile(file);
  const database = openSqlite(file);
  database.exec('PRAGMA journal_mode = WAL');
  database.exec('PRAGMA synchronous = FULL');
  database.exec('PRAGMA busy_timeout = 5000');
  database.exec(`
    CREATE TABLE IF NOT EXISTS lead_messages (
      key             TEXT PRIMARY KEY,
      lead_id         TEXT NOT NULL,
      event           TEXT NOT NULL,
      status          TEXT NOT NULL DEFAULT 'pending',
      reason          TEXT,
      provider_code   TEXT,
      attempts        INTEGER NOT NULL DEFAULT 0,
      next_attempt_at INTEGER NOT NULL,
      created_at      INTEGER NOT NULL,
      updated_at      INTEGER NOT NULL,
      recipient       TEXT
    );
    CREATE INDEX IF NOT EXISTS lead_messages_due ON lead_messages (status, next_attempt_at);
    CREATE INDEX IF NOT EXISTS lead_messages_lead ON lead_messages (lead_id, created_at);
  `);
  // A log from before staff messages: the column is added in place (its rows are the customers').
  if (!database.prepare(`SELECT 1 AS found FROM pragma_table_info('lead_messages') WHERE name = 'recipient'`).get()) {
    database.exec('ALTER TABLE lead_messages ADD COLUMN recipient TEXT');
  }
  const insert = database.prepare(
    'INSERT OR IGNORE INTO lead_messages (key, lead_id, event, recipient, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const selectDue = database.prepare(
    `SELECT key, lead_id, event, attempts, recipient FROM lead_messages WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, key LIMIT ?`,
  );
  // A job is claimed (put off by a lease) before it is sent: a second drain in this process skips it.
  const claim = database.prepare(
    `UPDATE lead_messages SET next_attempt_at = ? WHERE key = ? AND status = 'pending' AND next_attempt_at <= ?`,
  );
  const update = database.prepare(
    'UPDATE lead_messages SET status = ?, reason = ?, provider_code = ?, attempts = attempts + 1, next_attempt_at = ?, updated_at = ? WHERE key = ?',
  );
  database.exec('CREATE INDEX IF NOT EXISTS lead_messages_customer_sent ON lead_messages (updated_at) WHERE recipient IS NULL');
  const countCustomer = database.prepare(`SELECT count(*) AS count FROM lead_messages WHERE ${CUSTOMER_MESSAGE_OUT} AND updated_at >= ?`);
  const countCustomerOf = database.prepare(
    `SELECT count(*) AS count FROM lead_messages WHERE ${CUSTOMER_MESSAGE_OUT} AND updated_at >= ? AND lead_id IN (SELECT value FROM json_each(?)) AND key <> ?`,
  );
  const removeLead = database.prepare('DELETE FROM lead_messages WHERE lead_id = ?');
  const selectLead = database.prepare(
    'SELECT event, status, reason, provider_code, attempts, updated_at FROM lead_messages WHERE lead_id = ? ORDER BY created_at, key',
  );
  return {
    async enqueue(jobs, now) {
      database.transaction(() => {
        for (const job of jobs) insert.run(job.key, job.leadId, job.event, job.recipient ?? null, now, now, now);
      });
    },
    // One process owns the file: only its own drains (the loop, a new lead, the reminders) meet.
    async drain(now, limit, deliver) {
      for (const row of selectDue.all(now, limit) as JobRow[]) {
        if (claim.run(now + CLAIM_LEASE_MS, row.key, now).changes !== 1) continue;
        const outcome = await deliver(jobOf(row));
        const { status, reason, providerCode, nextAt } = settlement(outcome, now);
        update.run(status, reason, providerCode, nextAt, Date.now(), row.key);
      }
    },
    async forLead(leadId) {
      return (selectLead.all(leadId) as EntryRow[]).map(entryOf);
    },
    async customerMessagesSince(since, of) {
      const row = (of ? countCustomerOf.get(since, JSON.stringify(of.leadIds), of.exceptKey) : countCustomer.get(since)) as { count: number };
      return Number(row.count);
    },
    async forget(leadIds) {
      let deleted = 0;
      database.transaction(() => {
        for (const leadId of leadIds) deleted += Number(removeLead.run(leadId).changes);
      });
      return deleted;
    },
    async close() {
      if (database.isOpen) database.close();
    },
  };
}

export function jobOf(row: JobRow): MessageJob {
  return { key: row.key, leadId: row.lead_id, event: row.event, attempts: row.attempts, recipient: row.recipient ?? null };
}

export function entryOf(row: Omit<EntryRow, 'updated_at'> & { updated_at: number | string | Date }): LeadMessageEntry {
  return {
    event: row.event,
    status: row.status,
    reason: row.reason,
    providerCode: row.provider_code,
    attempts: row.attempts,
    updatedAt: new Date(typeof row.updated_at === 'string' ? Number(row.updated_at) : row.updated_at).toISOString(),
  };
}

/** The row's new state after an outcome; a retry stays pending. */
export function settlement(outcome: MessageOutcome, now: number) {
  if (outcome.status === 'retry') {
    return { status: 'pending', reason: outcome.reason, providerCode: outcome.providerCode, nextAt: outcome.retryAt };
  }
  return { status: outcome.status, reason: outcome.status === 'sent' ? null : outcome.reason, providerCode: outcome.providerCode ?? null, nextAt: now };
}
