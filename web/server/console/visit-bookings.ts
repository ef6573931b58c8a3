/**
 * Visits booked by staff: from a lead's page (book, move, cancel) and at the reception desk (a
 * walk-in checked in at once, a phone-in booked). Every place is taken through `takeSlotPlace`,
 * the path the site's forms book through, so a slot's capacity holds across every way in.
 */
import { leadExistsQuery, upcomingVisitSlotsQuery, visitSlotForBookingQuery } from '../../sanity/queries';
import {
  type BookingResult,
  type DeskRegistration,
  type DeskFieldErrors,
  type DeskRegistrationResult,
  DESK_MESSAGES,
  type LeadStatus,
  type OpenSlotDay,
} from '../../shared/console';
import { checkLead, fieldMessagesOf, LEAD_FIELDS } from '../../shared/lead-validation';
import { seoulDateTime, seoulDay } from '../../shared/seoul-time';
import { MutationError, type ContentSource, type Mutation } from '../content/types';
import type { AuditTrail } from '../audit/trail';
import { slotFields, takeSlotPlace, visitAtOf } from '../visit-slot-place';
import type { LeadReads } from './lead-reads';
import type { StaffActor, StaffAlerts } from './types';

/** Noted as the consent version of a lead the desk entered: the staff took the consent in person. */
export const DESK_CONSENT_VERSION = 'desk';

export type VisitBookingsOptions = {
  leads: ContentSource;
  reads: LeadReads;
  audit: AuditTrail;
  /** What a booking answers with: the lead as the console shows it now. */
  current: (id: string, written: boolean) => Promise<BookingResult>;
  /** Told of each booking of an assigned lead. */
  staffAlerts?: StaffAlerts;
  /** Whether `actor` may open the lead: asked before anything else of it is read or compared. */
  mayOpen: (stored: NonNullable<Awaited<ReturnType<LeadReads['lead']>>>, actor: StaffActor) => Promise<boolean>;
  now?: () => number;
};

export class VisitBookings {
  private readonly now: () => number;

  constructor(private readonly options: VisitBookingsOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Days from today with the slots that still have places, in time order. */
  async openSlots(): Promise<OpenSlotDay[]> {
    const slots = await this.options.leads.fetch(upcomingVisitSlotsQuery, { today: seoulDay(this.now()) });
    const days: OpenSlotDay[] = [];
    for (const slot of slots) {
      const left = (slot.capacity ?? 0) - slot.booked;
      if (left <= 0 || !slot.date || !slot.time) continue;
      let day = days.at(-1);
      if (day?.date !== slot.date) days.push((day = { date: slot.date, slots: [] }));
      day.slots.push({ id: slot._id, time: slot.time, left });
    }
    return days;
  }

  /**
   * Books (or moves) lead `id`'s visit to `slotId`: a place in the new slot, the old one's given
   * back, in one transaction under the lead's revision `rev` (stale: the current lead, nothing written).
   */
  async book(id: string, rev: string, slotId: string, actor: StaffActor): Promise<BookingResult> {
    const first = await this.options.reads.lead(id);
    if (!first) return NOT_FOUND;
    if (!(await this.options.mayOpen(first, actor))) return NOT_YOURS;
    if (!rev || !slotId) return INVALID;
    const moving = first.visitSlotStatus === 'booked' && first.visitSlotId ? first.visitSlotId : null;
    if (moving === slotId) return { ok: false, error: 'sameSlot' };
    const taken = await takeSlotPlace(this.options.leads, slotId, seoulDay(this.now()), async (slot) => {
      const stored = await this.options.reads.lead(id);
      if (!stored) return { stop: 'notFound' as const };
      if (stored._rev !== rev) return { stop: 'conflict' as const };
      // A visit booked meanwhile through another way in is moved only when the page showed it.
      const held = stored.visitSlotStatus === 'booked' && stored.visitSlotId ? stored.visitSlotId : null;
      if (held !== moving) return { stop: 'conflict' as const };
      const visitAt = visitAtOf(slot);
      const status: LeadStatus = stored.status === 'new' || stored.status === 'contacting' || stored.status === 'consulted' ? 'visitBooked' : stored.status;
      const mutations: Mutation[] = [{ patch: { id, ifRevisionID: rev, set: { ...slotFields(slotId, visitAt, 'booked'), status } } }];
      if (held && (await this.options.leads.fetch(visitSlotForBookingQuery, { id: held }))) mutations.push({ patch: { id: held, dec: { booked: 1 } } });
      return { mutations };
    });
    if (taken.status === 'stopped') return taken.stop === 'notFound' ? NOT_FOUND : this.options.current(id, false);
    if (taken.status !== 'taken') return { ok: false, error: taken.status };
    const visitAt = visitAtOf(taken.slot);
    await this.record(actor, moving ? 'visitMove' : 'visitBook', id, moving ? `${first.visitAt ?? ''} → ${visitAt}` : visitAt);
    const result = await this.options.current(id, true);
    const assignee = result.ok ? result.lead.assignee?.email : null;
    if (result.ok && assignee) void this.options.staffAlerts?.staffBooked(id, assignee, result.lead.rev);
    return result;
  }

  /** Cancels lead `id`'s booked visit: its place goes back to the slot, the lead keeps no visit. */
  async cancel(id: string, rev: string, actor: StaffActor): Promise<BookingResult> {
    const stored = await this.options.reads.lead(id);
    if (!stored) return NOT_FOUND;
    if (!(await this.options.mayOpen(stored, actor))) return NOT_YOURS;
    if (!rev) return INVALID;
    if (stored._rev !== rev) return this.options.current(id, false);
    if (stored.visitSlotStatus !== 'booked' || !stored.visitSlotId) return { ok: false, error: 'notBooked' };
    const set: Record<string, unknown> = stored.status === 'visitBooked' ? { status: 'contacting' satisfies LeadStatus } : {};
    const mutations: Mutation[] = [{ patch: { id, ifRevisionID: rev, set, unset: ['visitSlot', 'visitAt', 'visitSlotStatus'] } }];
    if (await this.options.leads.fetch(visitSlotForBookingQuery, { id: stored.visitSlotId })) {
      mutations.push({ patch: { id: stored.visitSlotId, dec: { booked: 1 } } });
    }
    try {
      await this.options.leads.mutate(mutations);
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 409) return this.options.current(id, false);
      throw error;
    }
    await this.record(actor, 'visitCancel', id, stored.visitAt);
    return this.options.current(id, true);
  }

  /**
   * A customer entered at the desk, as a lead of its own kind (`walkIn`, `phoneIn`: apart from the
   * site's forms in every count). A walk-in is checked in now; a phone-in takes a place in `slotId`.
   * `key` comes with the form: a double submit lands on the same lead.
   */
  async register(input: DeskRegistration, actor: StaffActor): Promise<DeskRegistrationResult> {
    const phoneIn = input.kind === 'phoneIn';
    if ((input.kind !== 'walkIn' && !phoneIn) || !/^[\w-]{8,64}$/.test(input.key ?? '')) return { ok: false, error: 'invalid', fieldErrors: { kind: DESK_MESSAGES.kind } };
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
    if (!check.ok || Object.keys(fieldErrors).length > 0) return { ok: false, error: 'invalid', fieldErrors };

    const now = new Date(this.now()).toISOString();
    const lead = {
      _id: `lead-desk-${input.key}`,
      _type: 'lead',
      name: check.lead.name,
      phone: check.lead.phone,
      createdAt: now,
      formKind: input.kind,
      consent: { privacy: true, ageOver14: true, marketing: false, noticeVersion: DESK_CONSENT_VERSION, agreedAt: now },
    };
    const registered = (visitAt: string | null, duplicate: boolean): DeskRegistrationResult => ({ ok: true, leadId: lead._id, kind: input.kind, name: lead.name, visitAt, duplicate });
    if (!phoneIn) {
      // A walk-in is here now: the visit is this minute, checked in (it takes no booked place).
      const visitAt = seoulDateTime(now);
      const { results } = await this.options.leads.mutate([{ createIfNotExists: { ...lead, status: 'visited' satisfies LeadStatus, checkedInAt: now, visitAt } }]);
      if (results[0]?.operation !== 'create') return registered(null, true);
      await this.record(actor, 'deskRegister', lead._id, `현장 방문 확인 ${visitAt}`);
      return registered(visitAt, false);
    }
    const slotId = input.slotId ?? '';
    const exists = () => this.options.leads.fetch(leadExistsQuery, { id: lead._id });
    const taken = await takeSlotPlace(this.options.leads, slotId, seoulDay(this.now()), async (slot) => {
      if (await exists()) return { stop: 'duplicate' as const };
      const booked = { ...lead, ...slotFields(slotId, visitAtOf(slot), 'booked'), status: 'visitBooked' satisfies LeadStatus };
      return { mutations: [{ createIfNotExists: booked }] };
    });
    if (taken.status === 'stopped') return registered(null, true);
    if (taken.status !== 'taken') return (await exists()) ? registered(null, true) : { ok: false, error: taken.status };
    const visitAt = visitAtOf(taken.slot);
    await this.record(actor, 'deskRegister', lead._id, `전화 예약 ${visitAt}`);
    return registered(visitAt, false);
  }

  private record(actor: StaffActor, action: 'visitBook' | 'visitMove' | 'visitCancel' | 'deskRegister', target: string, detail: string | null) {
    return this.options.audit.record({ actor: actor.email, action, ip: actor.ip, target, detail });
  }
}

const INVALID: BookingResult = { ok: false, error: 'invalid' };
const NOT_FOUND: BookingResult = { ok: false, error: 'notFound' };
const NOT_YOURS: BookingResult = { ok: false, error: 'notYours' };
