/**
 * GET /admin/audit/export.csv?action=&actor=&from=&to= — the audit trail with the audit page's
 * filters as CSV (UTF-8 with BOM, the lead export's Excel-safe cells), oldest first, streamed
 * page by page. The 관리자 (the whole trail) and a 팀장 (the team's part), with a 사유; the export
 * itself is recorded (its filters, row count and 사유).
 */
import { Router, type Response } from 'express';
import { AUDIT_ACTION_LABELS, type AuditEntry } from '../../shared/audit-actions';
import { auditScopeOf } from '../../shared/staff-roles';
import { AUDIT_EXPORT_PATH, auditFiltersToParams, parseAuditFilters } from '../../shared/audit-filters';
import { seoulDateTime } from '../../shared/seoul-time';
import { staffOfExport, type SessionOf } from '../http/download-session';
import { withoutExportReason } from '../../shared/export-reason';
import type { AuditTrail } from './trail';
import { BOM, csvLine } from '../csv';

const COLUMNS: Array<[string, (entry: AuditEntry) => string]> = [
  ['일시', (entry) => seoulDateTime(entry.at, 'second')],
  ['작업', (entry) => AUDIT_ACTION_LABELS[entry.action] ?? entry.action],
  ['작업자', (entry) => entry.actor],
  ['대상', (entry) => entry.target ?? ''],
  ['내용', (entry) => entry.detail ?? ''],
  ['접속 주소', (entry) => entry.ip],
];

/** Resolves when the client can take more, or has gone. */
function writable(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export function createAuditExportRouter({ session, audit }: { session: SessionOf; audit: AuditTrail }): Router {
  const router = Router();
  router.get(AUDIT_EXPORT_PATH, async (req, res, next) => {
    const query = new URL(req.originalUrl, 'http://local').searchParams;
    const filterQuery = withoutExportReason(query);
    const allowed = staffOfExport(req, res, session, {
      returnTo: `/admin/audit${filterQuery.size > 0 ? `?${filterQuery}` : ''}`,
      query,
      allowed: (role) => auditScopeOf(role) !== null,
    });
    if (!allowed) return;
    const { staff, reason } = allowed;
    const { filters, filterError } = parseAuditFilters(query);
    if (filterError) {
      res.status(400).json({ error: 'invalidFilters', message: filterError });
      return;
    }
    try {
      res.set({ 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit.csv"' });
      res.write(BOM + csvLine(COLUMNS.map(([header]) => header)));
      let rows = 0;
      // A 팀장's download holds what their page shows: the team's part alone.
      const scope = auditScopeOf(staff.role) === 'team' ? { scope: 'team' as const } : {};
      for await (const entry of audit.stream({ ...filters, ...scope })) {
        rows += 1;
        // Back-pressure: a slow download never buffers the whole trail in memory.
        if (!res.write(csvLine(COLUMNS.map(([, cell]) => cell(entry))))) await writable(res);
        if (res.destroyed) return;
      }
      const detail = `${auditFiltersToParams(filters).toString() || '전체'}; ${rows}건; 사유: ${reason}`;
      await audit.record({ actor: staff.email, action: 'auditExport', ip: req.ip ?? '', detail });
      res.end();
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  });
  return router;
}
