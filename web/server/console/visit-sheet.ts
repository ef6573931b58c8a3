/** A day's visit sheet as the reception desk sees it: phones masked, each visitor with the version a check-in sends back. */
import type { SalesDatabase } from '../database/index';
import { visitSheet, type SheetVisitor } from '../customers/visit-reads';
import { isLeadStatus } from '../../shared/lead-status';
import { maskPhone } from '../../shared/phone-format';
import type { VisitSheet, VisitSheetVisitor } from '../../shared/visit-bookings';

export async function consoleVisitSheet(sales: SalesDatabase, date: string): Promise<VisitSheet> {
  const sheet = await visitSheet(sales, date);
  const customerIds = [...new Set([...sheet.slots.flatMap((slot) => slot.visitors), ...sheet.walkIns].map((visitor) => visitor.customerId))];
  // A check-in names the customer's version the sheet showed.
  const versions = new Map(
    customerIds.length === 0
      ? []
      : (await sales.db.selectFrom('customers').select(['id', 'version']).where('id', 'in', customerIds).execute()).map((row) => [row.id, String(row.version)]),
  );
  const visitorOf = (visitor: SheetVisitor): VisitSheetVisitor => ({
    leadId: visitor.customerId,
    rev: versions.get(visitor.customerId) ?? '',
    name: visitor.name,
    maskedPhone: maskPhone(visitor.phone),
    status: isLeadStatus(visitor.status) ? visitor.status : 'new',
    assigneeName: visitor.assigneeName,
    lastMemo: visitor.lastMemo,
    checkedInAt: visitor.checkedInAt,
  });
  return {
    date,
    slots: sheet.slots.map((slot) => ({ id: slot.id, time: slot.time, capacity: slot.capacity, booked: slot.booked, bookings: slot.visitors.map(visitorOf) })),
    walkIns: sheet.walkIns.map(visitorOf),
  };
}
