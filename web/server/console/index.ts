/** The sales console's lead service over the customer tables (web/server/console/types.ts). */
import type pg from 'pg';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { LeadConsoleService } from './lead-console';
import { PostgresLeadReads } from './postgres-reads';
import { SqliteLeadReads } from './sqlite-reads';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';

export { createLeadExportRouter, LEAD_EXPORT_PATHS } from './export-routes';
export type { LeadConsoleService };

/**
 * The lead console over the customer tables in `sales`. The visit sheet, bookings, slots,
 * dashboard and export still read the old leads source (`leads`; in SQL on the embedded leads
 * file or the PostgreSQL pool when given) until they move to the tables.
 */
export function createLeadConsole(
  stores: { sales: SalesDatabase; leads: ContentSource; content: ContentSource; sqliteFile?: string; database?: pg.Pool },
  services: { audit: AuditTrail; staff: StaffDirectory },
): LeadConsoleService {
  const reads = stores.database
    ? new PostgresLeadReads(stores.database)
    : stores.sqliteFile
      ? SqliteLeadReads.open(stores.sqliteFile)
      : undefined;
  return new LeadConsoleService({ sales: stores.sales, leads: stores.leads, content: stores.content, reads, ...services });
}
