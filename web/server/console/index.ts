/** The sales console's lead service over the leads source (web/server/console/types.ts). */
import type { ContentSources } from '../content/index';
import { LeadConsoleService } from './lead-console';
import type { AuditTrail, LeadConsole, StaffDirectory } from './types';

export { MemoryAuditTrail } from './memory-audit';

export function createLeadConsole(sources: Pick<ContentSources, 'leads'>, services: { audit: AuditTrail; staff: StaffDirectory }): LeadConsole {
  return new LeadConsoleService({ leads: sources.leads, ...services });
}
