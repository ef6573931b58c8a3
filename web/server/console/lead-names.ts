/** Customers' masked names by customer or registration id: how the audit page names a record's customer. */
import { maskName } from '../../shared/audit-readable';
import type { SalesDatabase } from '../database/index';

export type LeadNames = { masked(ids: string[]): Promise<Record<string, string>> };

export function leadNamesOf(sales: SalesDatabase): LeadNames {
  return {
    async masked(ids) {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return {};
      const [customers, registrations] = await Promise.all([
        sales.db.selectFrom('customers').select(['id', 'name']).where('id', 'in', unique).execute(),
        sales.db
          .selectFrom('registrations')
          .innerJoin('customers', 'customers.id', 'registrations.customer_id')
          .select(['registrations.id', 'customers.name'])
          .where('registrations.id', 'in', unique)
          .execute(),
      ]);
      return Object.fromEntries([...customers, ...registrations].map((row) => [row.id, maskName(row.name)]));
    },
  };
}
