/** The sales console's lead service over the customer tables (web/server/console/types.ts). */
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { LeadConsoleService } from './lead-console';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';

export type { LeadConsoleService };

/** The lead console over the customer tables in `sales`; `content` holds marketing's call results and assignment settings. */
export function createLeadConsole(
  stores: { sales: SalesDatabase; content: ContentSource },
  services: { audit: AuditTrail; staff: StaffDirectory },
): LeadConsoleService {
  return new LeadConsoleService({ sales: stores.sales, content: stores.content, ...services });
}
