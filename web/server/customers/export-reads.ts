/** The lead export's read: the list's customers a page at a time, each with its first and last registration, calls and memos. */
import { sql } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { LeadFilterParams } from '../console/lead-query';
import { listCustomers, type CustomerCursor, type CustomerListRow } from './customer-list';

/** Customers per export page: memory holds one page, whatever the total. */
export const EXPORT_PAGE_CUSTOMERS = 500;

type Touch = { at: string; utmSource: string | null; utmCampaign: string | null; formKind: string };

export type CustomerExportRow = Omit<CustomerListRow, 'registrationId' | 'formKind' | 'utmSource' | 'utmCampaign'> & {
  firstTouch: Touch | null;
  lastTouch: Touch | null;
  calls: Array<{ at: string; result: string; callbackAt: string | null; authorName: string }>;
  memos: Array<{ at: string; text: string; authorName: string }>;
};

/**
 * The next EXPORT_PAGE_CUSTOMERS customers of the list after `cursor` (its filters and order),
 * each with its first and last registration, every call and every memo (oldest first).
 */
export async function exportCustomers(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null): Promise<CustomerExportRow[]> {
  const page = await listCustomers(sales, filters, cursor, EXPORT_PAGE_CUSTOMERS);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const db = sales.db;
  const touchColumns = ['registrations.customer_id as customerId', 'registrations.created_at as at', 'registrations.utm_source as utmSource', 'registrations.utm_campaign as utmCampaign', 'registrations.form_kind as formKind'] as const;
  const [firsts, calls, memos] = await Promise.all([
    db
      .selectFrom('registrations')
      .select(touchColumns)
      .where('registrations.customer_id', 'in', ids)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('registrations as earlier')
              .select(sql.lit(1).as('one'))
              .whereRef('earlier.customer_id', '=', 'registrations.customer_id')
              .where((earlier) =>
                earlier.or([
                  earlier('earlier.created_at', '<', earlier.ref('registrations.created_at')),
                  earlier.and([earlier('earlier.created_at', '=', earlier.ref('registrations.created_at')), earlier('earlier.id', '<', earlier.ref('registrations.id'))]),
                ]),
              ),
          ),
        ),
      )
      .execute(),
    db.selectFrom('calls').select(['customer_id as customerId', 'at', 'result', 'callback_at as callbackAt', 'author_name as authorName']).where('customer_id', 'in', ids).orderBy('at').orderBy('id').execute(),
    db.selectFrom('memos').select(['customer_id as customerId', 'at', 'text', 'author_name as authorName']).where('customer_id', 'in', ids).orderBy('at').orderBy('id').execute(),
  ]);
  const byCustomer = <Row extends { customerId: string }>(rows: Row[]) => {
    const grouped = new Map<string, Array<Omit<Row, 'customerId'>>>();
    for (const { customerId, ...row } of rows) grouped.set(customerId, [...(grouped.get(customerId) ?? []), row]);
    return grouped;
  };
  const firstOf = byCustomer(firsts);
  const callsOf = byCustomer(calls);
  const memosOf = byCustomer(memos);
  return page.map(({ registrationId: _registration, formKind, utmSource, utmCampaign, ...row }) => ({
    ...row,
    firstTouch: firstOf.get(row.id)?.[0] ?? null,
    lastTouch: formKind === null ? null : { at: row.createdAt, utmSource, utmCampaign, formKind },
    calls: callsOf.get(row.id) ?? [],
    memos: memosOf.get(row.id) ?? [],
  }));
}
