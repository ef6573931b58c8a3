/**
 * Moves an old Sanity leads dataset (leads, visit slots, staff accounts, audit events, page-view
 * tallies: everything the site once kept there) into the leads store (PostgreSQL or the embedded
 * leads database), once. Every document is created only where missing, so a second run — after an
 * interruption, or by mistake — changes nothing; documents the site has written since are never overwritten.
 */
import { leadsDatasetPageQuery } from '../../sanity/queries';
import type { ContentSource, SanityDocument } from '../content/types';

export type ImportReport = { read: number; created: number; alreadyThere: number };

/** Sanity's own fields that the target store sets again (revision, timestamps). */
const STORE_FIELDS = ['_rev', '_updatedAt'] as const;

export async function importLeadsDataset(from: ContentSource, to: ContentSource, log: (line: string) => void = () => {}): Promise<ImportReport> {
  const report: ImportReport = { read: 0, created: 0, alreadyThere: 0 };
  let after = '';
  for (;;) {
    const page = (await from.fetch(leadsDatasetPageQuery, { after })) as SanityDocument[];
    if (page.length === 0) return report;
    const { results } = await to.mutate(page.map((document) => ({ createIfNotExists: withoutStoreFields(document) })));
    const created = results.filter((result) => result.operation === 'create').length;
    report.read += page.length;
    report.created += created;
    report.alreadyThere += page.length - created;
    after = page[page.length - 1]._id;
    log(`${report.read}건 읽음, ${report.created}건 옮김, ${report.alreadyThere}건은 이미 있음`);
  }
}

function withoutStoreFields(document: SanityDocument): SanityDocument {
  const copy: SanityDocument = { ...document };
  for (const field of STORE_FIELDS) delete copy[field];
  return copy;
}
