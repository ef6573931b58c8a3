/**
 * The audit trail in PostgreSQL (DATABASE_URL): the `audit_events` table of migration 0005, shared
 * by every instance, append-only in the database itself (triggers refuse UPDATE, TRUNCATE and a
 * DELETE younger than the minimum retention; the purge goes through `purge_audit_events`). Pages
 * and filters are the embedded trail's, in the same SQL.
 */
import type pg from 'pg';
import type { AuditEntry } from '../../shared/console';
import { type AuditQuery, type AuditRecord, type AuditTrail, type ImportedAuditRecord, IMPORTED_ONCE, auditPage, auditSelection, storedAuditFields, type AuditCursor, type AuditRow, entryOfAuditRow, AUDIT_STREAM_PAGE_SIZE } from './trail';

export class PostgresAuditTrail implements AuditTrail {
  constructor(
    private readonly pool: pg.Pool,
    private readonly now: () => number = Date.now,
  ) {}

  async record(entry: AuditRecord): Promise<void> {
    const fields = storedAuditFields(entry, new Date(this.now()).toISOString());
    await this.pool.query('INSERT INTO audit_events (at, actor, action, target, detail, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
      fields.at,
      fields.actor,
      fields.action,
      fields.target,
      fields.detail,
      fields.ip,
    ]);
  }

  async importRecord(entry: ImportedAuditRecord): Promise<boolean> {
    const fields = storedAuditFields(entry, entry.at);
    const { rowCount } = await this.pool.query(
      `INSERT INTO audit_events (at, actor, action, target, detail, ip, imported_id) VALUES ($1, $2, $3, $4, $5, $6, $7) ${IMPORTED_ONCE}`,
      [fields.at, fields.actor, fields.action, fields.target, fields.detail, fields.ip, entry.importedId],
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

  async purgeOlderThan(before: string): Promise<number> {
    const { rows } = await this.pool.query<{ count: string }>('SELECT purge_audit_events($1) AS count', [before]);
    return Number(rows[0]?.count ?? 0);
  }

  private async select(query: Omit<AuditQuery, 'cursor' | 'limit'>, after: AuditCursor | null, direction: 'ASC' | 'DESC', limit: number): Promise<AuditEntry[]> {
    let index = 0;
    const { sql, params } = auditSelection(query, after, direction, () => `$${++index}`, 'at COLLATE "C"');
    const { rows } = await this.pool.query<AuditRow>(`${sql} $${++index}`, [...params, limit]);
    return rows.map((row) => entryOfAuditRow({ ...row, seq: Number(row.seq) }));
  }
}
