/** Customers' masked names by lead id, on either store (GROQ): how the audit page names a record's customer. */
import { leadNamesQuery } from '../../sanity/queries';
import { maskName } from '../../shared/audit-readable';
import type { ContentSource } from '../content/types';

export type LeadNames = { masked(ids: string[]): Promise<Record<string, string>> };

export function leadNamesOf(leads: ContentSource): LeadNames {
  return {
    async masked(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return {};
      const rows = await leads.fetch(leadNamesQuery, { ids: unique });
      return Object.fromEntries(rows.map((row) => [row._id, maskName(row.name ?? '')]));
    },
  };
}
