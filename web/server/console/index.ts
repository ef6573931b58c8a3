/** The sales console's lead service over the leads source (web/server/console/types.ts). */
import type { ContentSource } from '../content/types';
import { LeadConsoleService } from './lead-console';
import { SqliteLeadReads } from './sqlite-reads';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';

export { createLeadExportRouter, LEAD_EXPORT_PATHS } from './export-routes';
export type { LeadConsoleService };

/**
 * The lead console over `leads`; given the embedded leads database file, its reads are SQL on
 * that file (indexes, keyset paging) instead of groq-js scans.
 */
export function createLeadConsole(
  stores: { leads: ContentSource; content: ContentSource; sqliteFile?: string },
  services: { audit: AuditTrail; staff: StaffDirectory },
): LeadConsoleService {
  const reads = stores.sqliteFile ? SqliteLeadReads.open(stores.sqliteFile) : undefined;
  return new LeadConsoleService({ leads: stores.leads, content: stores.content, reads, ...services });
}
