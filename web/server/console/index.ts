/** The sales console's lead service over the leads source (web/server/console/types.ts). */
import type pg from 'pg';
import type { SalesDatabase } from '../database/index';
import type { ContentSource } from '../content/types';
import { LeadConsoleService } from './lead-console';
import { PostgresLeadReads } from './postgres-reads';
import { SqliteLeadReads } from './sqlite-reads';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';
import type { StaffAlerts } from './types';

export { createLeadExportRouter, LEAD_EXPORT_PATHS } from './export-routes';
export type { LeadConsoleService };

/**
 * The lead console over `leads`; given the embedded leads database file or the PostgreSQL pool
 * the leads are in, its reads are SQL there (indexes, keyset paging) instead of groq-js scans.
 */
export function createLeadConsole(
  stores: { leads: ContentSource; content: ContentSource; sales: SalesDatabase; sqliteFile?: string; database?: pg.Pool },
  services: { audit: AuditTrail; staff: StaffDirectory; staffAlerts?: StaffAlerts },
): LeadConsoleService {
  const reads = stores.database
    ? new PostgresLeadReads(stores.database)
    : stores.sqliteFile
      ? SqliteLeadReads.open(stores.sqliteFile)
      : undefined;
  return new LeadConsoleService({ leads: stores.leads, content: stores.content, sales: stores.sales, reads, ...services });
}
