/**
 * GET /admin/stats/team.csv: 상담사별 실적 of a range (teamFrom, teamTo; today by default) for a
 * 팀장 or an admin giving a 사유, recorded in the audit trail with it. A 상담사 is answered 403, a
 * range that is not one 400, each in Korean.
 */
import express, { type Router } from 'express';
import { STATS_PATH } from '../../shared/campaign-stats';
import { mayExport } from '../../shared/staff-roles';
import { withoutExportReason } from '../../shared/export-reason';
import { seoulDay } from '../../shared/seoul-time';
import { parseTeamRange, TEAM_PERFORMANCE_EXPORT_PATH, teamPerformanceMessages } from '../../shared/team-performance';
import type { AuditTrail } from '../audit/trail';
import { staffOfExport, type SessionOf } from '../http/download-session';
import { teamPerformanceCsv, type TeamPerformance } from './team-performance';

export function createTeamPerformanceExportRouter(options: { teamPerformance: TeamPerformance; session: SessionOf; audit: AuditTrail }): Router {
  const router = express.Router();
  router.get(TEAM_PERFORMANCE_EXPORT_PATH, async (req, res, next) => {
    try {
      const query = new URL(req.originalUrl, 'http://localhost').searchParams;
      const rangeQuery = withoutExportReason(query);
      const allowed = staffOfExport(req, res, options.session, {
        returnTo: `${STATS_PATH}${rangeQuery.size > 0 ? `?${rangeQuery}` : ''}`,
        query,
        allowed: mayExport,
        forbidden: teamPerformanceMessages.forbidden,
      });
      if (!allowed) return;
      const range = parseTeamRange(rangeQuery, seoulDay(Date.now()));
      if ('error' in range) {
        res.status(400).json({ error: 'invalidRange', message: range.error });
        return;
      }
      const csv = teamPerformanceCsv(await options.teamPerformance.read(range));
      await options.audit.record({ actor: allowed.staff.email, action: 'teamStatsExport', ip: req.ip ?? '', detail: `${range.from}~${range.to} · 사유: ${allowed.reason}` });
      res
        .status(200)
        .set({
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="team-${range.from}-${range.to}.csv"`,
          'Cache-Control': 'private, no-store',
        })
        .send(csv);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
