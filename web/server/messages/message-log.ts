/**
 * The messages' outbox and send log in one table of the sales database (`lead_messages`, in the
 * embedded leads.sqlite or PostgreSQL): each message is a row keyed by its event and the
 * registration or customer it is about (so a retried or repeated event never sends twice), pending
 * until the delivery loop settles it as sent, failed or not sent with a reason. Rows carry that id
 * only: the number and the name are read from the customer tables at sending time and never stored here. Every instance drains the same table:
 * a job is claimed by one conditional update before it is sent, so no two send it.
 */
import { sql, type ExpressionOrFactory, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { BatchedStatement, GroupStatements } from '../database/group-statements';
import type { SalesDatabase, SalesTables } from '../database/index';
import type { LeadMessageEntry, LoggedMessageEvent, MessageReason } from '../../shared/outbound-messages';

/** `recipient`: the staff account (email) a staff message is for; null for the customer. */
export type MessageJob = { key: string; leadId: string; event: LoggedMessageEvent; attempts: number; recipient: string | null };

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
  /** A customer's messages: those of each of their registrations and of the customer, oldest first. */
  forCustomer(customerId: string): Promise<LeadMessageEntry[]>;
  /**
   * Messages to customers that went out, or may have, since `since` (ms): sent, waiting for a retry
   * after a provider error, or given up on after provider errors; only customer `of.customerId`'s
   * when given, never the message `of.exceptKey` (the one about to be sent, maybe a retry).
   */
  customerMessagesSince(since: number, of?: { customerId: string; exceptKey: string }): Promise<number>;
  /** Deletes every row of these leads (a customer's data deleted on request); how many. */
  forget(leadIds: string[]): Promise<number>;
  close(): Promise<void>;
}

/** The key of one event's message about one registration or customer (a reminder: per visit day; staff work: per customer version). */
export function messageKey(event: LoggedMessageEvent, leadId: string, qualifier?: string): string {
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

/**
 * Adds the jobs, due at `now`, through `db` — a change's own transaction, so that its messages
 * are queued if and only if it commits; a key already there is kept as it is.
 */
export async function queueMessages(db: Kysely<SalesTables>, jobs: Parameters<MessageLog['enqueue']>[0], now: number): Promise<void> {
  if (jobs.length === 0) return;
  await insertMessages(
    db,
    jobs.map((job) => messageRow(job, now)),
  );
}

/** queueMessages in a group commit: the group's messages go in one statement. */
export async function queueMessagesInGroup(statements: GroupStatements<SalesTables>, jobs: Parameters<MessageLog['enqueue']>[0], now: number): Promise<void> {
  await Promise.all(jobs.map((job) => statements.write(queuedMessages, messageRow(job, now))));
}

type QueuedMessage = Insertable<SalesTables['lead_messages']>;

const messageRow = (job: Parameters<MessageLog['enqueue']>[0][number], now: number): QueuedMessage => ({
  key: job.key,
  lead_id: job.leadId,
  event: job.event,
  recipient: job.recipient ?? null,
  next_attempt_at: now,
  created_at: now,
  updated_at: now,
});

const insertMessages = (db: Kysely<SalesTables>, rows: QueuedMessage[]) =>
  db
    .insertInto('lead_messages')
    .values(rows)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();

const queuedMessages: BatchedStatement<SalesTables, QueuedMessage> = {
  name: 'lead_messages',
  keyOf: (row) => row.key,
  write: async (trx, rows) => void (await insertMessages(trx, rows)),
};

/** A customer's message that went out or may have (a provider error can follow a delivery). */
const CUSTOMER_MESSAGE_OUT = sql<boolean>`recipient IS NULL AND (status IN ('sent', 'unknown') OR (status = 'pending' AND attempts > 0) OR (status = 'failed' AND reason = 'providerError'))`;

/** Longer than a send can take (the client's timeout): a claim left by a crash expires. */
const CLAIM_LEASE_MS = 5 * 60_000;
/** Jobs claimed at once: ten sends that each take the provider client's longest wait stay well inside the lease. */
const CLAIM_CHUNK = 10;

type EntryRow = {
  event: LoggedMessageEvent;
  status: LeadMessageEntry['status'];
  reason: MessageReason | null;
  provider_code: string | null;
  attempts: number;
  updated_at: number | string;
};
type JobRow = { key: string; lead_id: string; event: string; attempts: number; recipient: string | null };

export class SalesMessageLog implements MessageLog {
  constructor(private readonly sales: Pick<SalesDatabase, 'db' | 'inGroupCommit'>) {}

  enqueue(jobs: Parameters<MessageLog['enqueue']>[0], now: number): Promise<void> {
    return queueMessages(this.sales.db, jobs, now);
  }

  async drain(now: number, limit: number, deliver: (job: MessageJob) => Promise<MessageOutcome>): Promise<void> {
    const due = await this.sales.db
      .selectFrom('lead_messages')
      .select(['key', 'lead_id', 'event', 'attempts', 'recipient'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .orderBy('key')
      .limit(limit)
      .execute();
    // Claims and settlements commit with the registrations being stored meanwhile (group commit),
    // not with a flush to disk of their own each.
    for (let start = 0; start < due.length; start += CLAIM_CHUNK) {
      const chunk = due.slice(start, start + CLAIM_CHUNK);
      // Put off by a lease before they are sent: another drain, here or on another instance, skips them.
      const claimed = await this.sales.inGroupCommit((trx) =>
        trx
          .updateTable('lead_messages')
          .set({ next_attempt_at: now + CLAIM_LEASE_MS })
          .where(
            'key',
            'in',
            chunk.map((row) => row.key),
          )
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .returning('key')
          .execute(),
      );
      const mine = new Set(claimed.map((row) => row.key));
      // Messages not sent (messages off, no consent …) count toward no cap: settled together after the chunk.
      const notSent: Array<{ key: string; settled: Settlement }> = [];
      for (const row of chunk) {
        if (!mine.has(row.key)) continue;
        const outcome = await deliver(jobOf(row));
        // One that went out, or may have, is settled before the next is sent: a daily cap counts it.
        if (outcome.status === 'skipped') notSent.push({ key: row.key, settled: settlement(outcome, now) });
        else await this.settle([{ key: row.key, settled: settlement(outcome, now) }]);
      }
      await this.settle(notSent);
    }
  }

  /** One statement per distinct settlement: the chunk's skipped jobs mostly share one (messages off, no consent …). */
  private async settle(jobs: Array<{ key: string; settled: Settlement }>): Promise<void> {
    if (jobs.length === 0) return;
    const keysBySettlement = new Map<string, { settled: Settlement; keys: string[] }>();
    for (const { key, settled } of jobs) {
      const same = JSON.stringify(settled);
      const group = keysBySettlement.get(same) ?? { settled, keys: [] };
      group.keys.push(key);
      keysBySettlement.set(same, group);
    }
    await this.sales.inGroupCommit(async (trx) => {
      for (const { settled, keys } of keysBySettlement.values()) {
        await trx
          .updateTable('lead_messages')
          .set({
            status: settled.status,
            reason: settled.reason,
            provider_code: settled.providerCode,
            attempts: sql`attempts + 1`,
            next_attempt_at: settled.nextAt,
            updated_at: Date.now(),
          })
          .where('key', 'in', keys)
          .execute();
      }
    });
  }

  forCustomer(customerId: string): Promise<LeadMessageEntry[]> {
    return this.entries(this.ofCustomer(customerId));
  }

  async customerMessagesSince(since: number, of?: { customerId: string; exceptKey: string }): Promise<number> {
    let query = this.sales.db
      .selectFrom('lead_messages')
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .where(CUSTOMER_MESSAGE_OUT)
      .where('updated_at', '>=', since);
    if (of) query = query.where(this.ofCustomer(of.customerId)).where('key', '<>', of.exceptKey);
    return Number((await query.executeTakeFirst())?.count ?? 0);
  }

  private async entries(which: ExpressionOrFactory<SalesTables, 'lead_messages', SqlBool>): Promise<LeadMessageEntry[]> {
    const rows = await this.sales.db
      .selectFrom('lead_messages')
      .select(['event', 'status', 'reason', 'provider_code', 'attempts', 'updated_at'])
      .where(which)
      .orderBy('created_at')
      .orderBy('key')
      .execute();
    return rows.map((row) => messageEntryOf(row as EntryRow));
  }

  /** The rows about the customer or any of their registrations. */
  private ofCustomer(customerId: string): ExpressionOrFactory<SalesTables, 'lead_messages', SqlBool> {
    return (eb) =>
      eb.or([eb('lead_id', '=', customerId), eb('lead_id', 'in', eb.selectFrom('registrations').select('id').where('customer_id', '=', customerId))]);
  }

  async forget(leadIds: string[]): Promise<number> {
    if (leadIds.length === 0) return 0;
    const { numDeletedRows } = await this.sales.db.deleteFrom('lead_messages').where('lead_id', 'in', leadIds).executeTakeFirst();
    return Number(numDeletedRows);
  }

  /** The database belongs to the stores' owner. */
  async close(): Promise<void> {}
}

function jobOf(row: JobRow): MessageJob {
  return { key: row.key, leadId: row.lead_id, event: row.event as LoggedMessageEvent, attempts: row.attempts, recipient: row.recipient ?? null };
}

/** A send-log row as the console shows it. */
export function messageEntryOf(row: EntryRow): LeadMessageEntry {
  return {
    event: row.event,
    status: row.status,
    reason: row.reason,
    providerCode: row.provider_code,
    attempts: row.attempts,
    updatedAt: new Date(Number(row.updated_at)).toISOString(),
  };
}

/** The row's new state after an outcome; a retry stays pending. */
type Settlement = { status: 'pending' | 'sent' | 'failed' | 'skipped' | 'unknown'; reason: MessageReason | null; providerCode: string | null; nextAt: number };

function settlement(outcome: MessageOutcome, now: number): Settlement {
  if (outcome.status === 'retry') {
    return { status: 'pending', reason: outcome.reason, providerCode: outcome.providerCode, nextAt: outcome.retryAt };
  }
  return { status: outcome.status, reason: outcome.status === 'sent' ? null : outcome.reason, providerCode: outcome.providerCode ?? null, nextAt: now };
}
