/**
 * Moves an old Sanity leads dataset (leads, visit slots, staff accounts, ad spend, audit events,
 * page-view tallies: everything the site once kept there) into the sales database (PostgreSQL or
 * the embedded leads database), once: the documents land in its documents table (created only
 * where missing), then are copied into the customer tables the site reads
 * (../database/documents-move.ts: registrations of one phone join one customer). Audit events
 * join the audit trail (what the audit page reads), each under its old id. A second run — after
 * an interruption, or by mistake — changes nothing; what the site has written since is never overwritten.
 */
import { leadsDatasetPageQuery } from '../../sanity/queries';
import type { AuditAction } from '../../shared/console';
import type { AuditTrail, ImportedAuditRecord } from '../audit/trail';
import type { ContentSource, SanityDocument } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { copySalesDocuments } from '../database/documents-move';

export type ImportReport = { read: number; created: number; alreadyThere: number };

/** Sanity's own fields that the target store sets again (revision, timestamps). */
const STORE_FIELDS = ['_rev', '_updatedAt'] as const;

export type ImportDestination = {
  /** The documents table of the sales database (the leads document store). */
  documents: ContentSource;
  sales: SalesDatabase;
  audit: AuditTrail;
};

export async function importLeadsDataset(from: ContentSource, { documents: to, sales, audit }: ImportDestination, log: (line: string) => void = () => {}): Promise<ImportReport> {
  const report: ImportReport = { read: 0, created: 0, alreadyThere: 0 };
  let after = '';
  for (;;) {
    const page = (await from.fetch(leadsDatasetPageQuery, { after })) as SanityDocument[];
    if (page.length === 0) {
      await copySalesDocuments(sales.db);
      return report;
    }
    const documents = page.filter((document) => document._type !== 'auditEvent');
    const { results } = documents.length ? await to.mutate(documents.map((document) => ({ createIfNotExists: withoutStoreFields(document) }))) : { results: [] };
    let created = results.filter((result) => result.operation === 'create').length;
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

function withoutStoreFields(document: SanityDocument): SanityDocument {
  const copy: SanityDocument = { ...document };
  for (const field of STORE_FIELDS) delete copy[field];
  return copy;
}
