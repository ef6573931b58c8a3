/**
 * The console's downloads as the load context offers them (the resource routes under
 * web/app/routes/console/downloads/ answer them): each file as it is made, and its audit record.
 * Who may download, the 사유 and the file's headers are the routes' part.
 */
import type { AuditFilters } from '../../shared/audit-filters';
import type { LeadFilters } from '../../shared/lead-filters';
import type { StatsRange } from '../../shared/campaign-stats';
import { auditTrailCsv, type AuditExport } from '../audit/export';
import type { AuditTrail } from '../audit/trail';
import { leadDownload } from '../console/lead-download';
import { teamPerformanceCsv, type TeamPerformance } from '../console/team-performance';
import type { LeadConsole, LeadExportFormat, StaffActor } from '../console/types';
import type { LeadSearchAddress } from '../console/search-address';
import { campaignStatsCsv, type CampaignStats } from '../measurement/stats';

/** Who downloads, and the 사유 they gave (it goes into the record). */
export type DownloadBy = { actor: StaffActor; reason: string };

export type ConsoleDownloads = {
  /** The customer list with the list's filters, streamed (CSV or xlsx); recorded by the lead console. */
  leads(filters: LeadFilters, format: LeadExportFormat, by: DownloadBy): ReadableStream<Uint8Array>;
  /** The audit trail with the audit page's filters as CSV, streamed; recorded once the last row has gone. */
  auditTrail(filters: AuditFilters, scope: AuditExport['scope'], by: DownloadBy): ReadableStream<Uint8Array>;
  /** 사이트 방문 통계 of a range as CSV, recorded before it is answered. */
  campaignStats(range: StatsRange, by: DownloadBy): Promise<string>;
  /** 상담사별 실적 of a range as CSV, recorded before it is answered. */
  teamPerformance(range: StatsRange, by: DownloadBy): Promise<string>;
};

export function consoleDownloads(services: {
  leadConsole: LeadConsole;
  leadSearch: LeadSearchAddress;
  audit: AuditTrail;
  campaignStats: CampaignStats;
  teamPerformance: TeamPerformance;
}): ConsoleDownloads {
  const { audit } = services;
  const recorded = async (action: 'statsExport' | 'teamStatsExport', range: StatsRange, { actor, reason }: DownloadBy) =>
    audit.record({ actor: actor.email, action, ip: actor.ip, detail: `${range.from}~${range.to} · 사유: ${reason}` });
  return {
    leads: (filters, format, { actor, reason }) => leadDownload(services, filters, actor, { format, reason }),
    auditTrail: (filters, scope, { actor, reason }) => auditTrailCsv(audit, { filters, scope, actor, reason }),
    async campaignStats(range, by) {
      const csv = campaignStatsCsv(await services.campaignStats.read(range));
      await recorded('statsExport', range, by);
      return csv;
    },
    async teamPerformance(range, by) {
      const csv = teamPerformanceCsv(await services.teamPerformance.read(range));
      await recorded('teamStatsExport', range, by);
      return csv;
    },
  };
}
