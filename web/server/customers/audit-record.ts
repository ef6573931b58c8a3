/**
 * The audit trail written from the customer tables' own transactions: a change and its record
 * commit together or not at all.
 */
import type { Insertable, Transaction } from 'kysely';
import type { AuditAction } from '../../shared/audit-actions';
import type { BatchedStatement, GroupStatements } from '../database/group-statements';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';

/** An audit record, written in the transaction of the change it records. */
export type AuditInsert = { actor: string; action: AuditAction; ip: string; target: string | null; detail: string | null };

/** Writes an audit record in `trx`. PostgreSQL stamps its own time (the site's role may not set it). */
export async function recordAudit(trx: Transaction<SalesTables>, dialect: SalesDatabase['dialect'], entry: AuditInsert, now: number): Promise<void> {
  await trx
    .insertInto('audit_events')
    .values(auditRow(dialect, entry, now))
    .execute();
}

/** recordAudit in a group commit: the group's records go in one statement. */
export async function recordAuditInGroup(
  statements: GroupStatements<SalesTables>,
  dialect: SalesDatabase['dialect'],
  entry: AuditInsert,
  now: number,
): Promise<void> {
  await statements.write(auditRecords, auditRow(dialect, entry, now));
}

type AuditRow = Insertable<SalesTables['audit_events']>;

const auditRow = (dialect: SalesDatabase['dialect'], entry: AuditInsert, now: number): AuditRow => ({
  ...entry,
  ...(dialect === 'sqlite' ? { at: new Date(now).toISOString() } : {}),
});

const auditRecords: BatchedStatement<SalesTables, AuditRow> = {
  name: 'audit_events',
  write: async (trx, rows) => void (await trx.insertInto('audit_events').values(rows).execute()),
};

/** How an audit record names a 담당자: name and email. */
export function staffLabel(staff: { email: string; name: string | null }): string {
  return `${staff.name ?? staff.email}(${staff.email})`;
}
