/** The lead export's read: the list's customers a page at a time, each with its first and last registration, calls and memos. */
import { sql } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { LeadFilterParams } from './lead-query';
import { registrationBeyond } from './customer-filters';
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

/** Each customer's first or last registration (ties by id): when, and under which campaign and form. */
function touchesOf(sales: SalesDatabase, ids: string[], which: 'first' | 'last') {
  const beyond = which === 'first' ? '<' : '>';
  return sales.db
    .selectFrom('registrations')
    .select([
      'registrations.customer_id as customerId',
      'registrations.created_at as at',
      'registrations.utm_source as utmSource',
      'registrations.utm_campaign as utmCampaign',
      'registrations.form_kind as formKind',
    ])
    .where('registrations.customer_id', 'in', ids)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('registrations as other')
            .select(sql.lit(1).as('one'))
            .whereRef('other.customer_id', '=', 'registrations.customer_id')
            .where(registrationBeyond('other', 'registrations', beyond)),
        ),
      ),
    )
    .execute();
}

/**
 * The next EXPORT_PAGE_CUSTOMERS customers of the list after `cursor` (its filters and order),
 * each with its first and last registration, every call and every memo (oldest first).
 */
export async function exportCustomers(sales: SalesDatabase, filters: LeadFilterParams, cursor: CustomerCursor | null): Promise<CustomerExportRow[]> {
  const page = await listCustomers(sales, filters, cursor, EXPORT_PAGE_CUSTOMERS);
  if (page.length === 0) return [];
  const ids = page.map((row) => row.id);
  const db = sales.db;
  const [firsts, lasts, calls, memos] = await Promise.all([
    touchesOf(sales, ids, 'first'),
    touchesOf(sales, ids, 'last'),
    db
      .selectFrom('calls')
      .select(['customer_id as customerId', 'at', 'result', 'callback_at as callbackAt', 'author_name as authorName'])
      .where('customer_id', 'in', ids)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('memos')
      .select(['customer_id as customerId', 'at', 'text', 'author_name as authorName'])
      .where('customer_id', 'in', ids)
      .orderBy('at')
      .orderBy('id')
      .execute(),
  ]);
  const byCustomer = <Row extends { customerId: string }>(rows: Row[]) => {
    const grouped = new Map<string, Array<Omit<Row, 'customerId'>>>();
    for (const { customerId, ...row } of rows) grouped.set(customerId, [...(grouped.get(customerId) ?? []), row]);
    return grouped;
  };
  const firstOf = byCustomer(firsts);
  const lastOf = byCustomer(lasts);
  const callsOf = byCustomer(calls);
  const memosOf = byCustomer(memos);
  return page.map(({ registrationId: _registration, formKind: _formKind, utmSource: _utmSource, utmCampaign: _utmCampaign, ...row }) => ({
    ...row,
    firstTouch: firstOf.get(row.id)?.[0] ?? null,
    lastTouch: lastOf.get(row.id)?.[0] ?? null,
    calls: callsOf.get(row.id) ?? [],
    memos: memosOf.get(row.id) ?? [],
  }));
}
