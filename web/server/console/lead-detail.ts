/** A customer's page as the console shows it, from what ../customers/customer-detail.ts reads. */
import type { CustomerDetail } from '../customers/customer-detail';
import type { LeadDetail } from '../../shared/lead-dto';
import type { ConsoleFormKind } from '../../shared/lead-form-kinds';
import type { LeadStatus } from '../../shared/lead-status';
import { maskPhone } from '../../shared/phone-format';

const SLOT_STATUS_OF_BOOKING: Partial<Record<CustomerDetail['bookings'][number]['status'], LeadDetail['visitSlotStatus']>> = {
  booked: 'booked',
  checkedIn: 'booked',
  missed: 'booked',
  released: 'released',
  unavailable: 'unavailable',
};

/**
 * The customer's page: its fields, the newest registration's form, page, campaign and consent,
 * its visit (the coming one, else the latest not cancelled), memos and calls oldest first.
 */
export function detailOf(customer: CustomerDetail, today: string): LeadDetail {
  const newest = customer.registrations[0];
  const shown = customer.bookings.filter((booking) => booking.status !== 'cancelled');
  const visit = shown.find((booking) => booking.status === 'booked' && booking.visitAt >= today) ?? shown.at(-1) ?? null;
  const utm = {
    ...(newest?.utmSource ? { source: newest.utmSource } : {}),
    ...(newest?.utmMedium ? { medium: newest.utmMedium } : {}),
    ...(newest?.utmCampaign ? { campaign: newest.utmCampaign } : {}),
  };
  return {
    id: customer.id,
    rev: String(customer.version),
    createdAt: customer.lastRegisteredAt,
    name: customer.name,
    maskedPhone: maskPhone(customer.phone),
    message: newest?.message ?? null,
    formKind: (newest?.formKind ?? 'popup') as ConsoleFormKind,
    sourcePage: newest?.sourcePage ?? null,
    utm,
    // Every form asks for the privacy consent and the age, and stores nothing without them.
    consent: {
      privacy: true,
      marketing: customer.marketing,
      ageOver14: true,
      noticeVersion: newest?.noticeVersion ?? null,
      agreedAt: newest?.agreedAt ?? null,
    },
    profile: customer.profile,
    visitSlotId: visit?.slotId ?? null,
    visitAt: visit?.visitAt ?? null,
    visitSlotStatus: visit ? (SLOT_STATUS_OF_BOOKING[visit.status] ?? null) : null,
    status: customer.status as LeadStatus,
    assignee: customer.assigneeEmail ? { email: customer.assigneeEmail, name: customer.assigneeName ?? customer.assigneeEmail } : null,
    checkedInAt: visit?.checkedInAt ?? null,
    memos: customer.memos.map((memo) => ({ key: memo.id, authorEmail: memo.authorEmail, authorName: memo.authorName, at: memo.at, text: memo.text })),
    calls: customer.calls.map((call) => ({
      key: call.id,
      result: call.result,
      callbackAt: call.callbackAt,
      authorEmail: call.authorEmail,
      authorName: call.authorName,
      at: call.at,
    })),
    missedCalls: customer.missedCalls,
  };
}
