import type { PageHandle } from '../../../../shared/page-query';
import { seoulDay } from '../../../../shared/seoul-time';
import { LEAD_LIST_PATH } from '../../../components/console/console-page';
import { downloadAnswer, downloadRefusal, staffOfExport } from '../../../lib/download-session.server';
import type { Route } from './+types/leads';

/**
 * GET /admin/leads/export.csv and /admin/leads/export.xlsx: the lead list's customers with the
 * list's filters (the same query string) and a 사유, streamed to an admin or a 팀장 as the rows
 * are read (the lead console records the export).
 */
export const handle = { query: 'any' } satisfies PageHandle;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const INVALID_FILTERS = '내려받기 조건이 올바르지 않습니다. 고객 목록에서 조건을 다시 골라 주세요.';

export function loader({ request, url, context }: Route.LoaderArgs) {
  const allowed = staffOfExport({ request, url }, context, { page: LEAD_LIST_PATH });
  if (allowed instanceof Response) return allowed;
  const { filters, invalid, controlError } = context.leadSearch.read(allowed.query);
  if (invalid.length > 0) return downloadRefusal(400, { error: 'invalidFilters', message: controlError ?? INVALID_FILTERS, fields: invalid });
  // Routes match without regard to case: /admin/leads/EXPORT.XLSX is the workbook too.
  const format = url.pathname.toLowerCase().endsWith('.xlsx') ? 'xlsx' : 'csv';
  const day = seoulDay(Date.now()).replace(/-/g, '');
  return downloadAnswer(context.downloads.leads(filters, format, allowed), { contentType: CONTENT_TYPES[format], fileName: `leads-${day}.${format}` });
}
