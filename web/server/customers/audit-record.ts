/**
 * The audit trail written from the customer tables' own transactions: a change and its record
 * commit together or not at all.
 */
import type { Transaction } from 'kysely';
import type { AuditAction } from '../../shared/audit-actions';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';

/** An audit record, written in the transaction of the change it records. */
export type AuditInsert = { actor: string; action: AuditAction; ip: string; target: string | null; detail: string | null };

/** Writes an audit record in `trx`. PostgreSQL stamps its own time (the site's role may not set it). */
export async function recordAudit(trx: Transaction<SalesTables>, dialect: SalesDatabase['dialect'], entry: AuditInsert, now: number): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values({ ...entry, ...(dialect === 'sqlite' ? { at: new Date(now).toISOString() } : {}) })
    .execute();
}
