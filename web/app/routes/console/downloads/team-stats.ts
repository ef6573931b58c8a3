import { STATS_PATH } from '../../../../shared/campaign-stats';
import type { PageHandle } from '../../../../shared/page-query';
import { seoulDay } from '../../../../shared/seoul-time';
import { parseTeamRange, teamPerformanceMessages } from '../../../../shared/team-performance';
import { downloadAnswer, downloadRefusal, staffOfExport } from '../../../lib/download-session.server';
import type { Route } from './+types/team-stats';

/**
 * GET /admin/stats/team.csv?teamFrom=&teamTo=: 상담사별 실적 of a range (today by default) for a
 * 팀장 or an admin giving a 사유, recorded with it. A 상담사 is answered 403, a range that is not one 400.
 */
export const handle = { query: 'any' } satisfies PageHandle;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const allowed = staffOfExport({ request, url }, context, { page: STATS_PATH, forbidden: teamPerformanceMessages.forbidden });
  if (allowed instanceof Response) return allowed;
  const range = parseTeamRange(allowed.query, seoulDay(Date.now()));
  if ('error' in range) return downloadRefusal(400, { error: 'invalidRange', message: range.error });
  return downloadAnswer(await context.downloads.teamPerformance(range, allowed), {
    contentType: 'text/csv; charset=utf-8',
    fileName: `team-${range.from}-${range.to}.csv`,
    cacheControl: 'private, no-store',
  });
}
