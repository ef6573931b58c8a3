/**
 * The audit trail with the audit page's filters as CSV (UTF-8 with BOM, the lead export's
 * Excel-safe cells), oldest first, read page by page as the download takes it. The export itself
 * is recorded (its filters, row count and 사유) once the last row has gone; a download the
 * reader stops is not.
 */
import { AUDIT_ACTION_LABELS, type AuditEntry } from '../../shared/audit-actions';
import { auditFiltersToParams, type AuditFilters } from '../../shared/audit-filters';
import { seoulDateTime } from '../../shared/seoul-time';
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

export type AuditExport = {
  filters: AuditFilters;
  /** A 팀장's download holds what their page shows: the team's part alone. */
  scope: 'all' | 'team';
  actor: { email: string; ip: string };
  reason: string;
};

/** The CSV's lines as the trail is read: pulled one at a time, so a slow download never holds the whole trail in memory. */
async function* auditCsvLines(audit: AuditTrail, { filters, scope, actor, reason }: AuditExport): AsyncGenerator<string> {
  yield BOM + csvLine(COLUMNS.map(([header]) => header));
  let rows = 0;
  for await (const entry of audit.stream({ ...filters, ...(scope === 'team' ? { scope: 'team' as const } : {}) })) {
    rows += 1;
    yield csvLine(COLUMNS.map(([, cell]) => cell(entry)));
  }
  const detail = `${auditFiltersToParams(filters).toString() || '전체'}; ${rows}건; 사유: ${reason}`;
  await audit.record({ actor: actor.email, action: 'auditExport', ip: actor.ip, detail });
}

export function auditTrailCsv(audit: AuditTrail, request: AuditExport): ReadableStream<Uint8Array> {
  const lines = auditCsvLines(audit, request);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const line = await lines.next();
      if (line.done) controller.close();
      else controller.enqueue(encoder.encode(line.value));
    },
    // The reader went away: the trail is read no further, and the export not recorded.
    async cancel() {
      await lines.return(undefined);
    },
  });
}
