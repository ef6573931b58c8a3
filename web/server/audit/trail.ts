/**
 * The audit trail (개인정보의 안전성 확보조치 기준 §8: who, when, what, from where), on either backend:
 *
 * - embedded: the `audit_events` table of leads.sqlite. Triggers refuse every UPDATE, and every
 *   DELETE of a record younger than the minimum retention, so not even a bug (or a hand with the
 *   sqlite3 CLI that forgets) can rewrite what happened; only the purge by age deletes.
 * - PostgreSQL (./postgres-trail.ts): the same table, append-only for the application's role.
 *
 * Both page newest first by (at, id) with an opaque cursor; `from`/`to` are Seoul days.
 */
import { AUDIT_ACTIONS, AUDIT_TEAM_SCOPE, type AuditAction, type AuditEntry } from '../../shared/audit-actions';
import { seoulDayStart } from '../../shared/seoul-time';
import { MIN_AUDIT_RETENTION_DAYS } from '../config';
import type { SqliteDatabase } from '../sqlite';
import { decodeCursor, encodeCursor } from '../cursor';

/** `scope: 'team'`: the 팀장's part of the trail (AUDIT_TEAM_SCOPE) alone. */
export type AuditQuery = { cursor?: string; limit?: number; action?: AuditAction; actor?: string; from?: string; to?: string; lead?: string; scope?: 'team' };

/** Append-only: nothing here edits or deletes a record but the purge by age. */
export interface AuditTrail {
  /** Resolves once the record is stored; an action whose record cannot be stored does not happen. */
  record(entry: { actor: string; action: AuditAction; ip: string; target?: string | null; detail?: string | null }): Promise<void>;
  /**
   * Adds a record written elsewhere at `at` (an old Sanity leads dataset's), once per
   * `importedId`: resolves whether it was added (false when a record with that id is there already).
   */
  importRecord(entry: ImportedAuditRecord): Promise<boolean>;
  list(query: AuditQuery): Promise<{ entries: AuditEntry[]; next: string | null }>;
  /** Every record matching the query, oldest first, read in pages (memory stays flat). */
  stream(query: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncIterable<AuditEntry>;
  /**
   * Deletes records older than the retention period; how many, the cutoff (ISO date-time) and the
   * period it used. The PostgreSQL trail uses the database's clock and the period its owner set
   * (the site's role may change neither), not the caller's.
   */
  purgeExpired(policy: AuditRetention): Promise<AuditPurge>;
}

export type AuditRetention = { retentionDays: number; now: number };
export type AuditPurge = { deleted: number; before: string; retentionDays: number };

const DAY_MS = 24 * 3600_000;

/** The cutoff of a purge by age (records before it go). */
export function auditCutoff({ retentionDays, now }: AuditRetention): string {
  return new Date(now - retentionDays * DAY_MS).toISOString();
}

export const DEFAULT_AUDIT_PAGE_SIZE = 50;
const MAX_AUDIT_PAGE_SIZE = 200;
/** A stream reads this many at a time (the Sanity queries' GROQ slice is this constant too). */
export const AUDIT_STREAM_PAGE_SIZE = 500;
const MAX_ACTOR_LENGTH = 254;
const MAX_TARGET_LENGTH = 200;
const MAX_DETAIL_LENGTH = 1000;
const MAX_IP_LENGTH = 64;

export type AuditRecord = Parameters<AuditTrail['record']>[0];
export type ImportedAuditRecord = AuditRecord & { at: string; importedId: string };

/** A record as stored: bounded lengths, no control characters. */
export function storedAuditFields(entry: AuditRecord) {
  return {
    actor: clean(entry.actor, MAX_ACTOR_LENGTH) || '(없음)',
    action: entry.action,
    target: entry.target ? clean(entry.target, MAX_TARGET_LENGTH) : null,
    detail: entry.detail ? clean(entry.detail, MAX_DETAIL_LENGTH) : null,
    ip: clean(entry.ip, MAX_IP_LENGTH),
  };
}

function clean(value: string, max: number): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, max);
}

export type AuditCursor = { at: string; id: string };

function encodeAuditCursor(cursor: AuditCursor): string {
  return encodeCursor([cursor.at, cursor.id]);
}

/** An edited or foreign cursor reads as "from the start" rather than failing the page. */
function decodeAuditCursor(value: string | undefined): AuditCursor | null {
  const parts = decodeCursor(value, ['text', 'text']);
  return parts && { at: parts[0], id: parts[1] };
}

/** The query's filters as bounds on the stored fields (`to` is inclusive: up to the next day). */
function boundsOf(query: Omit<AuditQuery, 'cursor' | 'limit'>) {
  return {
    action: query.action && (AUDIT_ACTIONS as readonly string[]).includes(query.action) ? query.action : null,
    actor: query.actor ? query.actor.trim().toLowerCase() : null,
    target: query.lead ? query.lead.trim() : null,
    from: query.from ? seoulDayStart(query.from) : null,
    to: query.to ? seoulDayStart(query.to, 1) : null,
  };
}

function pageSize(limit: number | undefined): number {
  return Math.min(Math.max(1, Math.floor(limit ?? DEFAULT_AUDIT_PAGE_SIZE)), MAX_AUDIT_PAGE_SIZE);
}

/** One page of `size` from rows read one beyond it, with the cursor of the next. */
function pageOf(rows: AuditEntry[], size: number): { entries: AuditEntry[]; next: string | null } {
  const entries = rows.slice(0, size);
  const last = entries.at(-1);
  return { entries, next: rows.length > size && last ? encodeAuditCursor({ at: last.at, id: last.id }) : null };
}

/** The end of an import's INSERT: a record whose imported id is there already is skipped. */
export const IMPORTED_ONCE = 'ON CONFLICT (imported_id) WHERE imported_id IS NOT NULL DO NOTHING';

export type AuditRow = { seq: number; at: string; actor: string; action: string; target: string | null; detail: string | null; ip: string };

export function entryOfAuditRow(row: AuditRow): AuditEntry {
  return { id: String(row.seq), at: row.at, actor: row.actor, action: row.action as AuditAction, target: row.target, detail: row.detail, ip: row.ip };
}

/** A page of the list: `rows` reads one beyond the page size after the cursor, newest first. */
export async function auditPage(
  query: AuditQuery,
  rows: (after: AuditCursor | null, limit: number) => Promise<AuditEntry[]> | AuditEntry[],
): Promise<{ entries: AuditEntry[]; next: string | null }> {
  const size = pageSize(query.limit);
  return pageOf(await rows(decodeAuditCursor(query.cursor), size + 1), size);
}

/**
 * The SQL of a page of `audit_events` up to its final `LIMIT` (the caller adds the limit's
 * placeholder), with its parameters; `placeholder` writes the engine's (`?` or `$n`), `at` the
 * column as its index has it.
 */
export function auditSelection(
  query: Omit<AuditQuery, 'cursor' | 'limit'>,
  after: AuditCursor | null,
  direction: 'ASC' | 'DESC',
  placeholder: () => string,
  at = 'at',
): { sql: string; params: Array<string | number> } {
  const bounds = boundsOf(query);
  const conditions: string[] = [];
  const params: Array<string | number> = [];
  const where = (condition: (...marks: string[]) => string, ...values: Array<string | number>) => {
    conditions.push(condition(...values.map(placeholder)));
    params.push(...values);
  };
  if (bounds.action) where((mark) => `action = ${mark}`, bounds.action);
  if (bounds.actor) where((mark) => `actor = ${mark}`, bounds.actor);
  // A customer's records: those of the customer and those of each of its registrations (an older
  // record's target), whichever of the two ids is asked for.
  if (bounds.target)
    where(
      (customer, registration, ofCustomer, ofRegistration) => `target IN (
        SELECT CAST(${customer} AS TEXT) UNION SELECT customer_id FROM registrations WHERE id = ${registration}
        UNION SELECT id FROM registrations WHERE customer_id = ${ofCustomer} OR customer_id = (SELECT customer_id FROM registrations WHERE id = ${ofRegistration}))`,
      bounds.target,
      bounds.target,
      bounds.target,
      bounds.target,
    );
  // The team's part: in the query, so that pages, cursors and the export's stream hold it alone.
  if (query.scope === 'team') {
    const { customer, team } = AUDIT_TEAM_SCOPE;
    where(
      (...marks) =>
        `(action IN (${marks.slice(0, customer.length).join(', ')})
          OR (action IN (${marks.slice(customer.length).join(', ')}) AND actor IN (SELECT email FROM staff_accounts WHERE role IN ('manager', 'sales'))))`,
      ...customer,
      ...team,
    );
  }
  if (bounds.from) where((mark) => `${at} >= ${mark}`, bounds.from);
  if (bounds.to) where((mark) => `${at} < ${mark}`, bounds.to);
  const seq = after ? Number(after.id) : NaN;
  if (after && Number.isSafeInteger(seq)) {
    const beyond = direction === 'DESC' ? '<' : '>';
    where((first, second, third) => `(${at} ${beyond} ${first} OR (${at} = ${second} AND seq ${beyond} ${third}))`, after.at, after.at, seq);
  }
  const sql = `SELECT * FROM audit_events ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
    ORDER BY ${at} ${direction}, seq ${direction} LIMIT`;
  return { sql, params };
}

/**
 * The statements that make (or bring up to date) the embedded audit table, given the columns it
 * has now: the trail runs them when it opens, and the sales migrations before the customer tables,
 * whose changes write their records in their own transactions. Triggers refuse every UPDATE, and
 * every DELETE of a record younger than the minimum retention.
 */
export function sqliteAuditSchema(columns: string[]): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS audit_events (
      seq    INTEGER PRIMARY KEY AUTOINCREMENT,
      at     TEXT NOT NULL,
      actor  TEXT NOT NULL,
      action TEXT NOT NULL,
      target TEXT,
      detail TEXT,
      ip     TEXT NOT NULL,
      imported_id TEXT
    )`,
    'CREATE INDEX IF NOT EXISTS audit_events_by_at ON audit_events (at, seq)',
    'CREATE INDEX IF NOT EXISTS audit_events_by_actor ON audit_events (actor, at)',
    'CREATE INDEX IF NOT EXISTS audit_events_by_target ON audit_events (target, at, seq)',
    `CREATE TRIGGER IF NOT EXISTS audit_events_append_only BEFORE UPDATE ON audit_events
    BEGIN
      SELECT RAISE(ABORT, 'audit_events is append-only');
    END`,
    `CREATE TRIGGER IF NOT EXISTS audit_events_kept BEFORE DELETE ON audit_events
    WHEN old.at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-${MIN_AUDIT_RETENTION_DAYS} days')
    BEGIN
      SELECT RAISE(ABORT, 'audit_events are kept ${MIN_AUDIT_RETENTION_DAYS} days');
    END`,
    // A trail from before imports: the column the imported records' ids are kept in.
    ...(columns.length > 0 && !columns.includes('imported_id') ? ['ALTER TABLE audit_events ADD COLUMN imported_id TEXT'] : []),
    'CREATE UNIQUE INDEX IF NOT EXISTS audit_events_imported ON audit_events (imported_id) WHERE imported_id IS NOT NULL',
  ];
}

export class SqliteAuditTrail implements AuditTrail {
  constructor(
    private readonly database: SqliteDatabase,
    private readonly now: () => number = Date.now,
  ) {
    for (const statement of sqliteAuditSchema(
      database
        .prepare('PRAGMA table_info(audit_events)')
        .all<{ name: string }>()
        .map((column) => column.name),
    )) {
      database.exec(statement);
    }
  }

  async record(entry: AuditRecord): Promise<void> {
    const fields = storedAuditFields(entry);
    this.database
      .prepare('INSERT INTO audit_events (at, actor, action, target, detail, ip) VALUES (?, ?, ?, ?, ?, ?)')
      .run(new Date(this.now()).toISOString(), fields.actor, fields.action, fields.target, fields.detail, fields.ip);
  }

  async importRecord(entry: ImportedAuditRecord): Promise<boolean> {
    const fields = storedAuditFields(entry);
    const { changes } = this.database
      .prepare(`INSERT INTO audit_events (at, actor, action, target, detail, ip, imported_id) VALUES (?, ?, ?, ?, ?, ?, ?) ${IMPORTED_ONCE}`)
      .run(entry.at, fields.actor, fields.action, fields.target, fields.detail, fields.ip, entry.importedId);
    return changes > 0;
  }

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; next: string | null }> {
    return auditPage(query, (after, limit) => this.select(query, after, 'DESC', limit));
  }

  async *stream(query: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncIterable<AuditEntry> {
    let after: AuditCursor | null = null;
    for (;;) {
      const rows = this.select(query, after, 'ASC', AUDIT_STREAM_PAGE_SIZE);
      yield* rows;
      if (rows.length < AUDIT_STREAM_PAGE_SIZE) return;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
    }
  }

  async purgeExpired(policy: AuditRetention): Promise<AuditPurge> {
    const before = auditCutoff(policy);
    const { changes } = this.database.prepare('DELETE FROM audit_events WHERE at < ?').run(before);
    return { deleted: Number(changes), before, retentionDays: policy.retentionDays };
  }

  private select(query: Omit<AuditQuery, 'cursor' | 'limit'>, after: AuditCursor | null, direction: 'ASC' | 'DESC', limit: number): AuditEntry[] {
    const { sql, params } = auditSelection(query, after, direction, () => '?');
    return this.database
      .prepare(`${sql} ?`)
      .all<AuditRow>(...params, limit)
      .map(entryOfAuditRow);
  }
}
