/**
 * Moves an old Sanity leads dataset (leads, visit slots, staff accounts, ad spend, audit events,
 * page-view tallies: everything the site once kept there) into the sales database (PostgreSQL or
 * the embedded leads database), once: the documents land as they are in the old documents table
 * (created only where missing), then are copied into the customer tables the site reads
 * (../database/documents-move.ts: registrations of one phone join one customer). Audit events
 * join the audit trail (what the audit page reads), each under its old id. A second run — after
 * an interruption, or by mistake — changes nothing; what the site has written since is never overwritten.
 */
import type { AuditAction } from '../../shared/audit-actions';
import type { AuditTrail, ImportedAuditRecord } from '../audit/trail';
import type { ContentSource, SanityDocument } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { copySalesDocuments, keepOldDocuments } from '../database/documents-move';

export type ImportReport = { read: number; created: number; alreadyThere: number };

/**
 * One page of the old dataset: published documents in id order after `$after` (drafts and
 * Sanity's own `_.` documents stay behind). Not a content query: the dataset is read once, here.
 */
const DATASET_PAGE = `*[_id > $after && !(_id in path("drafts.**")) && !(_id in path("_.**"))] | order(_id asc) [0...500]`;

export type ImportDestination = {
  sales: SalesDatabase;
  audit: AuditTrail;
};

export async function importLeadsDataset(
  from: ContentSource,
  { sales, audit }: ImportDestination,
  log: (line: string) => void = () => {},
): Promise<ImportReport> {
  const report: ImportReport = { read: 0, created: 0, alreadyThere: 0 };
  let after = '';
  for (;;) {
    const page = (await from.fetch(DATASET_PAGE, { after })) as SanityDocument[];
    if (page.length === 0) {
      await copySalesDocuments(sales.db);
      return report;
    }
    let created = await keepOldDocuments(
      sales,
      page.filter((document) => document._type !== 'auditEvent'),
    );
    for (const event of page.filter((document) => document._type === 'auditEvent')) {
      if (await audit.importRecord(auditRecordOf(event))) created += 1;
    }
    report.read += page.length;
    report.created += created;
    report.alreadyThere += page.length - created;
    after = page[page.length - 1]._id;
    log(`${report.read}건 읽음, ${report.created}건 옮김, ${report.alreadyThere}건은 이미 있음`);
  }
}

/** An `auditEvent` document of the dataset as a record of the trail: when, who, what, from where. */
function auditRecordOf(event: SanityDocument): ImportedAuditRecord {
  const text = (field: string) => (typeof event[field] === 'string' ? (event[field] as string) : null);
  return {
    importedId: event._id,
    at: text('at') ?? text('_createdAt') ?? '',
    actor: text('actor') ?? '',
    action: (text('action') ?? '') as AuditAction,
    target: text('target'),
    detail: text('detail'),
    ip: text('ip') ?? '',
  };
}
