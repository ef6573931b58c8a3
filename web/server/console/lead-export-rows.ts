/** The lead export's rows (CSV and xlsx): one per customer, whole phone number included. */
import type { SalesDatabase } from '../database/index';
import { nextCustomerCursor, type CustomerCursor } from '../customers/customer-list';
import { EXPORT_PAGE_CUSTOMERS, exportCustomers, type CustomerExportRow } from '../customers/export-reads';
import type { LeadFilterParams } from '../customers/lead-query';
import type { LeadExportRow } from './types';

/** One row per customer, in the list's order, a page of customers at a time. */
export async function* leadExportRows(sales: SalesDatabase, params: LeadFilterParams): AsyncGenerator<LeadExportRow> {
  for (let cursor: CustomerCursor | null = null; ;) {
    const page = await exportCustomers(sales, params, cursor);
    if (page.length === 0) return;
    const ids = page.map((customer) => customer.id);
    const db = sales.db;
    // What the customer's latest registration said, and when they last came.
    const [latest, checkIns] = await Promise.all([
      db
        .selectFrom('registrations')
        .innerJoin('customers', 'customers.id', 'registrations.customer_id')
        .select([
          'registrations.customer_id',
          'registrations.id',
          'registrations.message',
          'registrations.source_page',
          'registrations.notice_version',
          'registrations.agreed_at',
          'registrations.utm_source',
          'registrations.utm_medium',
          'registrations.utm_campaign',
          'registrations.utm_term',
          'registrations.utm_content',
        ])
        .where('registrations.customer_id', 'in', ids)
        .whereRef('registrations.created_at', '=', 'customers.last_registered_at')
        .orderBy('registrations.id', 'desc')
        .execute(),
      db
        .selectFrom('bookings')
        .select((eb) => ['bookings.customer_id', eb.fn.max('bookings.checked_in_at').as('checkedInAt')])
        .where('bookings.customer_id', 'in', ids)
        .where('bookings.status', '=', 'checkedIn')
        .groupBy('bookings.customer_id')
        .execute(),
    ]);
    const latestOf = new Map<string, (typeof latest)[number]>();
    for (const registration of latest) if (!latestOf.has(registration.customer_id)) latestOf.set(registration.customer_id, registration);
    const checkedInOf = new Map(checkIns.map((row) => [row.customer_id, row.checkedInAt]));
    for (const customer of page) yield exportRowOf(customer, latestOf.get(customer.id), checkedInOf.get(customer.id) ?? null);
    if (page.length < EXPORT_PAGE_CUSTOMERS) return;
    cursor = nextCustomerCursor(page);
  }
}

function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));
}

/** A customer as the export writes them: the latest registration's words and campaign, the first one's too. */
function exportRowOf(
  customer: CustomerExportRow,
  latest:
    | {
        message: string | null;
        source_page: string | null;
        notice_version: string | null;
        agreed_at: string | null;
        utm_source: string | null;
        utm_medium: string | null;
        utm_campaign: string | null;
        utm_term: string | null;
        utm_content: string | null;
      }
    | undefined,
  checkedInAt: string | null,
): LeadExportRow {
  const utm = latest
    ? withoutNulls({ source: latest.utm_source, medium: latest.utm_medium, campaign: latest.utm_campaign, term: latest.utm_term, content: latest.utm_content })
    : {};
  return {
    id: customer.id,
    createdAt: customer.lastRegisteredAt,
    name: customer.name,
    phone: customer.phone,
    registrations: customer.registrations,
    message: latest?.message ?? null,
    formKind: customer.lastTouch?.formKind ?? '',
    status: customer.status,
    assigneeName: customer.assigneeName,
    visitAt: customer.visitAt,
    visitStatus: customer.visitStatus,
    marketing: customer.marketing,
    noticeVersion: latest?.notice_version ?? null,
    agreedAt: latest?.agreed_at ?? null,
    sourcePage: latest?.source_page ?? null,
    utm: utm as LeadExportRow['utm'],
    firstTouch: customer.firstTouch,
    checkedInAt,
    memos: customer.memos.map(({ at, authorName, text }) => ({ at, authorName, text })),
    calls: customer.calls.map(({ at, result, callbackAt }) => ({ at, result, callbackAt })),
    profile: customer.profile,
  };
}
