/**
 * Visits booked by staff over the customer tables: from a customer's page (book, move, cancel:
 * CustomerWork) and at the reception desk (현장 등록: a walk-in checked in at once, a phone-in
 * booked: a registration of the customer through register()). The desk finds the customer by
 * number first; a phone-in for a customer with a coming visit is offered a move of that visit,
 * never a second place. Every place is taken by the one conditional update the site's forms use.
 */
import {
  type DeskCustomer,
  type DeskFieldErrors,
  type DeskLookupResult,
  type DeskRegistration,
  type DeskRegistrationResult,
  DEFAULT_DESK_SOURCES,
  DESK_MESSAGES,
  MAX_COMPANIONS,
} from '../../shared/desk-registration';
import type { BookingResult, OpenSlotDay } from '../../shared/visit-bookings';
import { checkLead, fieldMessagesOf, LEAD_FIELDS, wholeMobilePhone } from '../../shared/lead-validation';
import { seoulDateTime, seoulDay } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import { recordAudit } from '../customers/audit-record';
import { deskCustomer } from '../customers/customer-detail';
import { openSlots } from '../customers/visit-reads';
import { CustomerWork, type CustomerActor, type WorkResult } from '../customers/customer-work';
import { register } from '../customers/registration';
import { visitAtOf } from '../customers/visit-place';
import type { StaffActor } from './types';

/** Noted as the consent version of a registration the desk entered: the staff took the consent in person. */
export const DESK_CONSENT_VERSION = 'desk';

/** The most slots the desk and a customer's page offer to choose from. */
const OFFERED_SLOTS = 200;

export type VisitBookingsOptions = {
  sales: SalesDatabase;
  /** `actor` with what the assignment settings let them do (whose customers they open). */
  actorOf: (actor: StaffActor) => Promise<CustomerActor>;
  /** What a booking from a customer's page answers with: the customer as the page shows it now. */
  current: (customerId: string, written: boolean) => Promise<BookingResult>;
  /** The 유입 경로 list marketing keeps in the Studio (empty: DEFAULT_DESK_SOURCES). */
  deskSources?: () => Promise<string[]>;
  now?: () => number;
};

export class VisitBookings {
  private readonly now: () => number;
  private readonly work: CustomerWork;

  constructor(private readonly options: VisitBookingsOptions) {
    this.now = options.now ?? Date.now;
    this.work = new CustomerWork(options.sales, { now: this.now });
  }

  /** Days from today with the slots that still have places, in time order. */
  async openSlots(): Promise<OpenSlotDay[]> {
    const days: OpenSlotDay[] = [];
    for (const slot of await openSlots(this.options.sales, seoulDay(this.now()), OFFERED_SLOTS)) {
      let day = days.at(-1);
      if (day?.date !== slot.date) days.push((day = { date: slot.date, slots: [] }));
      day.slots.push({ id: slot.id, time: slot.time, left: slot.placesLeft });
    }
    return days;
  }

  /** The desk's 유입 경로 choices: the Studio's list, trimmed, or the default one when it is empty. */
  async deskSources(): Promise<string[]> {
    const listed = ((await this.options.deskSources?.()) ?? []).map((source) => source.trim()).filter(Boolean);
    return listed.length > 0 ? [...new Set(listed)] : [...DEFAULT_DESK_SOURCES];
  }

  /**
   * Books customer `id`'s visit in `slotId` (a registration's id names its customer), or moves
   * their coming one there, under the version `rev` the page showed (stale: the current state,
   * nothing written).
   */
  async book(id: string, rev: string, slotId: string, actor: StaffActor): Promise<BookingResult> {
    const customerId = await this.customerIdOf(id);
    if (!customerId) return NOT_FOUND;
    if (!isVersion(rev) || !slotId) return INVALID;
    const result = await this.work.book(customerId, Number(rev), slotId, await this.options.actorOf(actor));
    return this.answer(customerId, result);
  }

  /** Cancels the customer's coming visit: its place goes back to the slot. */
  async cancel(id: string, rev: string, actor: StaffActor): Promise<BookingResult> {
    const customerId = await this.customerIdOf(id);
    if (!customerId) return NOT_FOUND;
    if (!isVersion(rev)) return INVALID;
    return this.answer(customerId, await this.work.cancelVisit(customerId, Number(rev), await this.options.actorOf(actor)));
  }

  /**
   * The desk's first step: the customer with this number, or null for a new one. A lookup of a
   * person by number is recorded as the list's phone search is (the count, not the number).
   */
  async findCustomer(phone: string, actor: StaffActor): Promise<DeskLookupResult> {
    const whole = wholeMobilePhone(phone ?? '');
    if (!whole)
      return { ok: false, error: 'invalid', fieldErrors: { phone: phone ? fieldMessagesOf({ phone: 'phoneInvalid' }).phone! : DESK_MESSAGES.phoneRequired } };
    const customer = await deskCustomer(this.options.sales, 'phone', whole, seoulDay(this.now()));
    await this.options.sales.db
      .transaction()
      .execute((trx) =>
        recordAudit(
          trx,
          this.options.sales.dialect,
          { actor: actor.email, action: 'phoneSearch', ip: actor.ip, target: customer?.customerId ?? null, detail: `${customer ? 1 : 0}건 (현장 등록)` },
          this.now(),
        ),
      );
    return { ok: true, customer };
  }

  /**
   * A customer entered at the desk, as a registration of its own kind (`walkIn`, `phoneIn`) of the
   * customer with that number (a new one when there is none): a walk-in is checked in now, a
   * phone-in takes a place in `slotId`. A phone-in for a customer with a coming visit stores nothing
   * and offers to move that visit; sent again with `moveRev`, the visit moves. `key` comes with
   * the form: a double submit lands on the same registration.
   */
  async register(input: DeskRegistration, actor: StaffActor): Promise<DeskRegistrationResult> {
    const phoneIn = input.kind === 'phoneIn';
    if ((input.kind !== 'walkIn' && !phoneIn) || !/^[\w-]{8,64}$/.test(input.key ?? ''))
      return { ok: false, error: 'invalid', fieldErrors: { kind: DESK_MESSAGES.kind } };
    const check = checkLead({
      [LEAD_FIELDS.name]: input.name,
      [LEAD_FIELDS.phone]: input.phone,
      [LEAD_FIELDS.privacyConsent]: input.consent ? 'on' : '',
      [LEAD_FIELDS.ageConfirmed]: input.consent ? 'on' : '',
      [LEAD_FIELDS.visitSlot]: phoneIn ? (input.slotId ?? '') : '',
    });
    const messages = check.ok ? {} : fieldMessagesOf(check.errors);
    const fieldErrors: DeskFieldErrors = {};
    if (messages.name) fieldErrors.name = messages.name;
    if (check.ok === false && check.errors.phone === 'phoneRequired') fieldErrors.phone = DESK_MESSAGES.phoneRequired;
    else if (messages.phone) fieldErrors.phone = messages.phone;
    if (messages.privacyConsent) fieldErrors.consent = DESK_MESSAGES.consent;
    if (messages.visitSlot) fieldErrors.slot = messages.visitSlot;
    else if (phoneIn && !input.slotId) fieldErrors.slot = DESK_MESSAGES.slot;
    const source = typeof input.source === 'string' ? input.source.trim() : '';
    if (source && !(await this.deskSources()).includes(source)) fieldErrors.source = DESK_MESSAGES.source;
    const companions = companionsOf(input.companions);
    if (companions === 'invalid') fieldErrors.companions = DESK_MESSAGES.companions;
    if (!check.ok || Object.keys(fieldErrors).length > 0 || companions === 'invalid') return { ok: false, error: 'invalid', fieldErrors };

    const { name, phone } = check.lead;
    const slotId = input.slotId ?? '';
    const known = await deskCustomer(this.options.sales, 'phone', phone, seoulDay(this.now()));
    if (phoneIn && known?.comingVisitAt) return this.moveAtDesk(known, input, slotId, actor);
    // A booked customer come on the day of their visit: that visit is checked in (no walk-in beside it).
    const today = seoulDay(this.now());
    if (!phoneIn && known?.comingVisitAt?.startsWith(`${today} `)) {
      const checkedIn = await this.work.checkIn(known.customerId, Number(known.rev), await this.options.actorOf(actor));
      if (checkedIn.ok)
        return {
          ok: true,
          leadId: known.customerId,
          kind: input.kind,
          name: known.name,
          visitAt: known.comingVisitAt,
          duplicate: false,
          returning: true,
          assigneeName: known.assigneeName,
          checkedInBooking: true,
        };
    }

    const now = new Date(this.now()).toISOString();
    let detail = `현장 방문 확인 ${seoulDateTime(now)}`;
    if (phoneIn) {
      const slot = await this.options.sales.db.selectFrom('visit_slots').select(['date', 'time']).where('id', '=', slotId).executeTakeFirst();
      if (!slot || slot.date < today) return { ok: false, error: 'slotMissing' };
      detail = `전화 예약 ${visitAtOf(slot)}`;
    }
    const outcome = await register(
      this.options.sales,
      {
        id: `lead-desk-${input.key}`,
        name,
        phone,
        createdAt: now,
        formKind: input.kind,
        consent: { marketing: input.marketing === true, noticeVersion: DESK_CONSENT_VERSION, agreedAt: now },
        // The 유입 경로 is the registration's source and its campaign: a walk-in from a 현수막 counts
        // for that campaign in the funnel, beside its ad spend.
        ...(source ? { utm: { source, campaign: source } } : {}),
        ...(companions === null ? {} : { companions }),
      },
      {
        // A new customer at the desk is nobody's yet: the 팀장 gives them to a 상담사.
        assignee: null,
        today,
        ...(phoneIn
          ? { visit: { slotId, bookableFrom: today, whenUnavailable: 'refuse' as const, kind: 'phoneIn' as const, by: actor.email } }
          : { walkInAt: now }),
        audit: { actor: actor.email, action: 'deskRegister', ip: actor.ip, detail },
        tellCustomerOfVisit: phoneIn,
      },
    );
    if (outcome.status === 'slotFull' || outcome.status === 'slotMissing') return { ok: false, error: outcome.status };
    const customer = await deskCustomer(this.options.sales, 'phone', phone, seoulDay(this.now()));
    const registered = {
      ok: true as const,
      leadId: customer?.customerId ?? '',
      kind: input.kind,
      name,
      returning: known !== null,
      assigneeName: customer?.assigneeName ?? null,
    };
    if (outcome.status !== 'created') return { ...registered, visitAt: null, duplicate: true };
    // A visit booked for the customer meanwhile: this registration is kept, the visit offered to move.
    if (outcome.visit?.status === 'alreadyBooked' && customer) return { ok: false, error: 'alreadyBooked', customer };
    return { ...registered, visitAt: outcome.visit?.visitAt ?? null, duplicate: false };
  }

  /** A phone-in for `known`, who holds a coming visit: offered a move, or moved when the desk said so under the version it was shown. */
  private async moveAtDesk(known: DeskCustomer, input: DeskRegistration, slotId: string, actor: StaffActor): Promise<DeskRegistrationResult> {
    const moved = { ok: true as const, leadId: known.customerId, kind: input.kind, name: known.name, returning: true, assigneeName: known.assigneeName };
    if (!isVersion(input.moveRev ?? '')) return { ok: false, error: 'alreadyBooked', customer: known };
    // Moved there already (the same post again): nothing moves twice.
    const slot = await this.options.sales.db.selectFrom('visit_slots').select(['date', 'time']).where('id', '=', slotId).executeTakeFirst();
    if (slot && visitAtOf(slot) === known.comingVisitAt) return { ...moved, visitAt: known.comingVisitAt, duplicate: true };
    const result = await this.work.book(known.customerId, Number(input.moveRev), slotId, await this.options.actorOf(actor));
    if (result.ok) {
      const after = await deskCustomer(this.options.sales, 'id', known.customerId, seoulDay(this.now()));
      return { ...moved, visitAt: after?.comingVisitAt ?? null, duplicate: false, movedFrom: known.comingVisitAt ?? undefined };
    }
    if (result.error === 'slotFull' || result.error === 'slotMissing' || result.error === 'notYours') return { ok: false, error: result.error };
    // Changed since the offer (another booking, a status): offered again as it is now.
    return { ok: false, error: 'alreadyBooked', customer: known };
  }

  /** A customer's id, or the customer of a registration's id (an old `lead-…` link). */
  private async customerIdOf(id: string): Promise<string | null> {
    if (typeof id !== 'string' || !id) return null;
    const row = await this.options.sales.db
      .selectFrom('customers')
      .select('customers.id')
      .where((eb) =>
        eb.or([
          eb('customers.id', '=', id),
          eb('customers.id', '=', eb.selectFrom('registrations').select('registrations.customer_id').where('registrations.id', '=', id)),
        ]),
      )
      .executeTakeFirst();
    return row?.id ?? null;
  }

  private async answer(customerId: string, result: WorkResult): Promise<BookingResult> {
    if (result.ok) return this.options.current(customerId, true);
    if (result.error === 'conflict') return this.options.current(customerId, false);
    return { ok: false, error: result.error };
  }
}

/** 동반 인원 as typed: a whole number from 0 to MAX_COMPANIONS, null when left empty. */
function companionsOf(typed: string | null | undefined): number | null | 'invalid' {
  const text = typeof typed === 'string' ? typed.trim() : '';
  if (!text) return null;
  if (!/^\d{1,2}$/.test(text) || Number(text) > MAX_COMPANIONS) return 'invalid';
  return Number(text);
}

function isVersion(rev: string): boolean {
  return typeof rev === 'string' && /^\d{1,15}$/.test(rev);
}

const INVALID: BookingResult = { ok: false, error: 'invalid' };
const NOT_FOUND: BookingResult = { ok: false, error: 'notFound' };
