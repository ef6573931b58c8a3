/**
 * What a registration is given and answers (register() in registration.ts): the form as sent, the
 * visit it asks for, the options of the caller (site form, outbox, desk) and the outcome. Apart from
 * the transaction that stores it, so that the modules about a customer's 담당자 and the messages a
 * registration queues name these without depending on it.
 */
import type { BookingKind } from '../database/tables';
import type { AuditInsert } from './audit-record';

export type Assignee = { email: string; name: string };

export type NewRegistration = {
  /** Derived from the form's token (or the desk form's key): a retry lands on the same id. */
  id: string;
  name: string;
  phone: string;
  /** ISO instant. */
  createdAt: string;
  formKind: 'popup' | 'home' | 'customer' | 'walkIn' | 'phoneIn';
  message?: string;
  sourcePage?: string;
  landingPage?: string;
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
  consent: { marketing: boolean; noticeVersion: string; agreedAt: string };
  /** 동반 인원, noted by the desk. */
  companions?: number;
};

export type VisitRequest = {
  slotId: string;
  /** YYYY-MM-DD: a slot dated earlier is over and counts as gone. */
  bookableFrom: string;
  /** A visitor is told a full slot (nothing is stored); a delayed registration is kept without the visit. */
  whenUnavailable: 'refuse' | 'keepUnbooked';
  kind: BookingKind;
  /** The staff member who took it (a phone-in), or null (a site form). */
  by: string | null;
};

export type RegistrationOutcome =
  | {
      status: 'created';
      customerId: string;
      /** The phone was a customer already: the registration joined it. */
      returning: boolean;
      /** The customer's 담당자 after it (a new customer's is the one given). */
      assignee: Assignee | null;
      /** The 담당자 was given now (a new customer, or a returning one nobody worked). */
      assignedNow: boolean;
      /** The visit booked, the one asked for when it was unavailable, or the coming one the customer holds already. */
      visit?: { visitAt: string; status: 'booked' | 'unavailable' | 'alreadyBooked' };
    }
  | { status: 'duplicate' }
  | { status: 'slotFull' | 'slotMissing' };

export type RegistrationOptions = {
  /** Who a new (or unassigned) customer is given to, or null. */
  assignee: Assignee | null;
  visit?: VisitRequest;
  /** A walk-in is here now, checked in at this instant (no place taken). */
  walkInAt?: string;
  /** YYYY-MM-DD, Seoul: a booked visit before it is over (missed). */
  today: string;
  /** The desk's record of it (its target is the customer). */
  audit?: Omit<AuditInsert, 'target'>;
  /**
   * Queue the messages it causes in its transaction (the customer's confirmation; to the 담당자:
   * a new customer, a returning one, a booking). The desk's registrations send none.
   */
  queueMessages?: boolean;
  /** Queue the customer's 방문예약 확인 of a visit booked now, as staff's bookings do (a phone-in). */
  tellCustomerOfVisit?: boolean;
};
