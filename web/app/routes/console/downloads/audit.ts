import { parseAuditFilters } from '../../../../shared/audit-filters';
import type { PageHandle } from '../../../../shared/page-query';
import { auditScopeOf } from '../../../../shared/staff-roles';
import { downloadAnswer, downloadRefusal, staffOfExport } from '../../../lib/download-session.server';
import type { Route } from './+types/audit';

/**
 * GET /admin/audit/export.csv?action=&actor=&from=&to=: the audit trail with the audit page's
 * filters as CSV, oldest first, streamed. The 관리자 (the whole trail) and a 팀장 (the team's
 * part), with a 사유; the export itself is recorded.
 */
export const handle = { query: 'any' } satisfies PageHandle;

export function loader({ request, url, context }: Route.LoaderArgs) {
  const allowed = staffOfExport({ request, url }, context, { page: '/admin/audit', allowed: (role) => auditScopeOf(role) !== null });
  if (allowed instanceof Response) return allowed;
  const { filters, filterError } = parseAuditFilters(allowed.query);
  if (filterError) return downloadRefusal(400, { error: 'invalidFilters', message: filterError });
  const scope = auditScopeOf(allowed.actor.role) === 'team' ? 'team' : 'all';
  return downloadAnswer(context.downloads.auditTrail(filters, scope, allowed), { contentType: 'text/csv; charset=utf-8', fileName: 'audit.csv' });
}
