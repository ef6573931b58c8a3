import { parseStatsRange, STATS_PATH } from '../../../../shared/campaign-stats';
import type { PageHandle } from '../../../../shared/page-query';
import { seoulDay } from '../../../../shared/seoul-time';
import { downloadAnswer, downloadRefusal, staffOfExport } from '../../../lib/download-session.server';
import type { Route } from './+types/stats';

/** GET /admin/stats.csv?from=&to=: the statistics of a date range, for an admin or a 팀장 giving a 사유 (recorded). */
export const handle = { query: 'any' } satisfies PageHandle;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const allowed = staffOfExport({ request, url }, context, { page: STATS_PATH });
  if (allowed instanceof Response) return allowed;
  const range = parseStatsRange(allowed.query, seoulDay(Date.now()));
  if ('error' in range) return downloadRefusal(400, { error: 'invalidRange', message: range.error });
  return downloadAnswer(await context.downloads.campaignStats(range, allowed), {
    contentType: 'text/csv; charset=utf-8',
    fileName: `stats-${range.from}-${range.to}.csv`,
    cacheControl: 'private, no-store',
  });
}
