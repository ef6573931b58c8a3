/**
 * The list's page of customers on any leads source, in GROQ: groq-js has no index to find a
 * customer's newest lead with, so the viewer's leads are read once as keys (newest first) and the
 * first of each customer is theirs; the SQL reads (./sqlite-reads.ts, ./postgres-reads.ts) answer
 * the same from their indexes.
 */
import { consoleLeadKeysQuery, consoleLeadListQuery, consoleLeadMatchedCustomersQuery } from '../../sanity/queries';
import type { ConsoleLeadListQueryResult } from '../../sanity/sanity.types';
import type { ContentSource } from '../content/types';
import { cursorParams, filtersCustomers, type LeadCursor, type LeadFilterParams } from './lead-query';

export async function groqCustomerPage(leads: ContentSource, filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<ConsoleLeadListQueryResult> {
  const [keys, matched] = await Promise.all([
    leads.fetch(consoleLeadKeysQuery, { visibleTo: filters.visibleTo }),
    filtersCustomers(filters) ? leads.fetch(consoleLeadMatchedCustomersQuery, { ...filters, ...cursorParams(null) }) : null,
  ]);
  const listed = matched && new Set(matched);
  const seen = new Set<string>();
  const ids: string[] = [];
  for (const lead of keys) {
    const customer = lead.phone ?? lead._id;
    if (seen.has(customer)) continue;
    seen.add(customer);
    const createdAt = lead.createdAt ?? '';
    const afterCursor = !cursor || createdAt < cursor.createdAt || (createdAt === cursor.createdAt && lead._id < cursor.id);
    if (afterCursor && (!listed || listed.has(customer))) ids.push(lead._id);
    if (ids.length === limit) break;
  }
  return leads.fetch(consoleLeadListQuery, { ids });
}
