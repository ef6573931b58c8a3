/**
 * GET /admin/leads/export.csv and /admin/leads/export.xlsx: the lead list's rows with the list's
 * filters (the same query string) and a 사유, streamed to an admin or a 팀장. The lead console
 * records the export (filters, row count and 사유) in the audit trail.
 */
import express, { type Request, type Response } from 'express';
import { leadFiltersToParams } from '../../shared/lead-filters';
import { staffOfExport, type SessionOf } from '../http/download-session';
import { withoutExportReason } from '../../shared/export-reason';
import { seoulDay } from '../../shared/seoul-time';
import { deliverLeadExport } from './lead-export';
import type { LeadConsole } from './types';
import type { LeadSearchAddress } from './search-address';

export const LEAD_EXPORT_PATHS = { csv: '/admin/leads/export.csv', xlsx: '/admin/leads/export.xlsx' } as const;

const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export const leadExportMessages = {
  invalidFilters: '내려받기 조건이 올바르지 않습니다. 고객 목록에서 조건을 다시 골라 주세요.',
};

export function createLeadExportRouter(options: { leadConsole: LeadConsole; leadSearch: LeadSearchAddress; session: SessionOf }): express.Router {
  const router = express.Router();
  for (const format of ['csv', 'xlsx'] as const) {
    router.get(LEAD_EXPORT_PATHS[format], (req, res, next) => {
      exportLeads(req, res, format, options).catch(next);
    });
  }
  return router;
}

async function exportLeads(
  req: Request,
  res: Response,
  format: keyof typeof CONTENT_TYPES,
  { leadConsole, leadSearch, session }: Parameters<typeof createLeadExportRouter>[0],
): Promise<void> {
  const query = new URL(req.originalUrl, 'http://localhost').searchParams;
  const filterQuery = withoutExportReason(query);
  const allowed = staffOfExport(req, res, session, { returnTo: `/admin/leads${filterQuery.size > 0 ? `?${filterQuery}` : ''}`, query });
  if (!allowed) return;
  const { staff, reason } = allowed;
  const { filters, invalid, controlError } = leadSearch.read(filterQuery);
  if (invalid.length > 0) {
    res.status(400).json({ error: 'invalidFilters', message: controlError ?? leadExportMessages.invalidFilters, fields: invalid });
    return;
  }
  const day = seoulDay(Date.now()).replace(/-/g, '');
  res.status(200).set({
    'Content-Type': CONTENT_TYPES[format],
    'Content-Disposition': `attachment; filename="leads-${day}.${format}"`,
  });
  try {
    await leadConsole.exportLeads(filters, { ...staff, ip: req.ip ?? '' }, { format, reason }, (rows) => deliverLeadExport(format, rows, res));
  } catch (error) {
    // Headers are gone: the download can only be cut short, so the browser shows it failed.
    if (!res.destroyed) console.error(`[console] lead export failed (${leadSearch.write(leadFiltersToParams(filters))}): ${(error as Error).message}`);
    res.destroy();
  }
}
