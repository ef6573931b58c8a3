/**
 * The audit trail in PostgreSQL (DATABASE_URL): the `audit_events` table of migration 0005, shared
 * by every instance, append-only in the database itself (triggers refuse UPDATE, TRUNCATE and a
 * DELETE younger than the minimum retention; the purge goes through `purge_audit_events`). Pages
 * and filters are the embedded trail's, in the same SQL.
 */
import type pg from 'pg';
import type { AuditEntry } from '../../shared/audit-actions';
import {
  type AuditPurge,
  type AuditQuery,
  type AuditRetention,
  type AuditRecord,
  type AuditTrail,
  type ImportedAuditRecord,
  IMPORTED_ONCE,
  auditPage,
  auditSelection,
  storedAuditFields,
  type AuditCursor,
  type AuditRow,
  entryOfAuditRow,
  AUDIT_STREAM_PAGE_SIZE,
} from './trail';

export class PostgresAuditTrail implements AuditTrail {
  constructor(
    private readonly pool: pg.Pool,
    /**
     * Tests' clock, for a pool of the schema's owner only: the site's role may not write a
     * record's time (deploy/postgres/app-role.sql), so without it the database sets it.
     */
    private readonly ownerClock?: () => number,
  ) {}

  async record(entry: AuditRecord): Promise<void> {
    const fields = storedAuditFields(entry);
    const values = [fields.actor, fields.action, fields.target, fields.detail, fields.ip];
    if (this.ownerClock) {
      await this.pool.query('INSERT INTO audit_events (actor, action, target, detail, ip, at) VALUES ($1, $2, $3, $4, $5, $6)', [
        ...values,
        new Date(this.ownerClock()).toISOString(),
      ]);
    } else {
      await this.pool.query('INSERT INTO audit_events (actor, action, target, detail, ip) VALUES ($1, $2, $3, $4, $5)', values);
    }
  }

  async importRecord(entry: ImportedAuditRecord): Promise<boolean> {
    const fields = storedAuditFields(entry);
    const { rowCount } = await this.pool.query(
      `INSERT INTO audit_events (at, actor, action, target, detail, ip, imported_id) VALUES ($1, $2, $3, $4, $5, $6, $7) ${IMPORTED_ONCE}`,
      [entry.at, fields.actor, fields.action, fields.target, fields.detail, fields.ip, entry.importedId],
    );
    return rowCount === 1;
  }

  async list(query: AuditQuery): Promise<{ entries: AuditEntry[]; next: string | null }> {
    return auditPage(query, (after, size) => this.select(query, after, 'DESC', size));
  }

  async *stream(query: Omit<AuditQuery, 'cursor' | 'limit'>): AsyncIterable<AuditEntry> {
    let after: AuditCursor | null = null;
    for (;;) {
      const rows = await this.select(query, after, 'ASC', AUDIT_STREAM_PAGE_SIZE);
      yield* rows;
      if (rows.length < AUDIT_STREAM_PAGE_SIZE) return;
      const last = rows[rows.length - 1];
      after = { at: last.at, id: last.id };
    }
  }

  /** The database's clock and audit_retention decide, whatever the caller asks for. */
  async purgeExpired(_asked: AuditRetention): Promise<AuditPurge> {
    const { rows } = await this.pool.query<{ deleted: string; before: string; retention_days: number }>('SELECT * FROM purge_expired_audit_events()');
    const [{ deleted, before, retention_days: retentionDays }] = rows;
    return { deleted: Number(deleted), before, retentionDays };
  }

  private async select(
    query: Omit<AuditQuery, 'cursor' | 'limit'>,
    after: AuditCursor | null,
    direction: 'ASC' | 'DESC',
    limit: number,
  ): Promise<AuditEntry[]> {
    let index = 0;
    const { sql, params } = auditSelection(query, after, direction, () => `$${++index}`, 'at COLLATE "C"');
    const { rows } = await this.pool.query<AuditRow>(`${sql} $${++index}`, [...params, limit]);
    return rows.map((row) => entryOfAuditRow({ ...row, seq: Number(row.seq) }));
  }
}

/**
 * Stores how long records are kept (AUDIT_RETENTION_DAYS), as the schema's owner: `npm run
 * db:migrate` does. True when it changed; the site's role may not change it (it stays as it was).
 */
export async function storeAuditRetention(pool: pg.Pool, retentionDays: number): Promise<boolean> {
  const { rows } = await pool.query<{ days: number }>('SELECT days FROM audit_retention');
  if (rows[0]?.days === retentionDays) return false;
  await pool.query('UPDATE audit_retention SET days = $1', [retentionDays]);
  return true;
}
