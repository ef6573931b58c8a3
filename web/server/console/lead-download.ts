/**
 * The customer list as a download (the console's /admin/leads/export.csv and .xlsx): the rows
 * written as they are read, at the pace the reader takes them. The lead console records the export
 * (filters, row count and 사유) in the audit trail, '(중단)' when the reader stops half-way.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { leadFiltersToParams, type LeadFilters } from '../../shared/lead-filters';
import { deliverLeadExport } from './lead-export';
import type { LeadConsole, LeadExportFormat, StaffActor } from './types';
import type { LeadSearchAddress } from './search-address';

export function leadDownload(
  { leadConsole, leadSearch }: { leadConsole: LeadConsole; leadSearch: LeadSearchAddress },
  filters: LeadFilters,
  actor: StaffActor,
  options: { format: LeadExportFormat; reason: string },
): ReadableStream<Uint8Array> {
  const file = new PassThrough();
  leadConsole
    .exportLeads(filters, actor, options, (rows) => deliverLeadExport(options.format, rows, file))
    .catch((error: unknown) => {
      // The answer has begun: the download can only be cut short, so the browser shows it failed.
      // A reader who went away destroyed it already, which is no failure to report.
      if (!file.destroyed) console.error(`[console] lead export failed (${leadSearch.write(leadFiltersToParams(filters))}): ${(error as Error).message}`);
      file.destroy(error as Error);
    });
  // Not Node 20's Readable.toWeb: a cancel while the file still flows (the page handler's HEAD)
  // made it enqueue into the closed stream, an uncaught error that ended the process.
  return createReadableStreamFromReadable(file);
}
