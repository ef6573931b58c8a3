/**
 * The sales console's lead service: the list, a lead, its changes and memos, the visit sheet,
 * the dashboard and the export. Reads go through LeadReads (SQL on the embedded leads database
 * and on PostgreSQL); writes are Sanity-style mutations on the leads source, so they run on both:
 * a change carries the revision the staff member saw (`ifRevisionID`), a memo is an append.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { ConsoleLeadQueryResult } from '../../sanity/sanity.types';
import { callResultsQuery, leadAssignmentSettingsQuery, visitSlotForBookingQuery } from '../../sanity/queries';
import {
  CONSOLE_FORM_KINDS,
  DEFAULT_CALL_RESULTS,
  isLeadStatus,
  leadFiltersToParams,
  maskPhone,
  mayManageLeads,
  mayUndoCheckIn,
  type ConsoleDashboard,
  type CustomerRegistration,
  type LeadCallInput,
  type LeadCallResult,
  type LeadChange,
  type LeadChangeResult,
  type LeadDetail,
  type LeadFilters,
  type LeadListPage,
  type LeadStatus,
  type VisitSheet,
  type VisitSheetVisitor,
  formatPhone,
} from '../../shared/console';
import { leadChangeDetail } from '../../shared/audit-readable';
import { campaignKey } from '../../shared/campaign-stats';
import { stripFormatCharacters } from '../free-text';
import { MutationError, type ContentSource, type Mutation, type PatchOperations } from '../content/types';
import type { LeadAccess, LeadAssignResult, LeadConsole, LeadExportFormat, LeadExportRow, StaffActor, StaffAlerts } from './types';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';
import { seoulDay, shiftDay } from '../../shared/seoul-time';
import { decodeLeadCursor, encodeLeadCursor, leadFilterParams, type LeadCursor, type LeadFilterParams } from './lead-query';
import { groqLeadReads, LIST_READ_MAX, type LeadReads } from './lead-reads';
import { VisitBookings } from './visit-bookings';
import type { SalesDatabase } from '../database/index';
import { EXPORT_PAGE_CUSTOMERS, exportCustomers, nextCustomerCursor, type SheetVisitor, slotFill, visitSheet, type CustomerCursor, type CustomerExportRow } from '../customers/customer-reads';
import { bookingCount, registeredCustomerCount, registeredCustomersBy, registrationCount, visitMadeCount, walkInCount } from '../customers/numbers';
import { VisitSlotSchedule } from '../customers/visit-slot-schedule';
import { customerRegistrationGroups } from './customer-leads';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = LIST_READ_MAX - 1;
export const MAX_MEMO_LENGTH = 2000;
const DASHBOARD_DAYS = 30;
const SLOT_FILL_DAYS = 14;

export type LeadConsoleOptions = {
  /** The leads source the console writes to. */
  leads: ContentSource;
  /** The customer tables: visits, slots, the desk, the dashboard and the export. */
  sales: SalesDatabase;
  /** How it reads (default: the GROQ queries on `leads`). */
  reads?: LeadReads;
  audit: AuditTrail;
  /** The public content source, where marketing keeps the call result list (`leadSettings`). */
  content: ContentSource;
  /** Who a lead may be assigned to. */
  staff: StaffDirectory;
  /** Told of each assignment and booking (unset: nobody is told). */
  staffAlerts?: StaffAlerts;
  now?: () => number;
};

type StoredLead = NonNullable<ConsoleLeadQueryResult>;

export class LeadConsoleService implements LeadConsole {
  private readonly reads: LeadReads;
  /**
   * Each filter set's total, per version of the leads store: turning a page, or coming back to a
   * list, does not count its matches again (10,000–50,000 of 100,000 leads: 100–400 ms); a new or
   * changed lead is a new version.
   */
  private readonly totals = new LRUCache<string, number>({ max: 500 });
  private readonly now: () => number;
  readonly bookings: VisitBookings;
  readonly slots: VisitSlotSchedule;

  constructor(private readonly options: LeadConsoleOptions) {
    this.reads = options.reads ?? groqLeadReads(options.leads);
    this.now = options.now ?? Date.now;
    this.bookings = new VisitBookings({
      sales: options.sales,
      now: this.now,
      staffAlerts: options.staffAlerts,
      current: (id, written) => this.currentResult(id, written),
      actorOf: async (actor) => ({ ...actor, visibleTo: await this.visibleTo(actor), takesColleagues: (await this.assignmentSettings()).salesTakeColleagueLeads }),
    });
    this.slots = new VisitSlotSchedule(options.sales, { now: this.now });
  }

  close(): void {
    this.reads.close?.();
  }

  private async total(params: LeadFilterParams): Promise<number> {
    const key = `${this.options.leads.changeVersion()}\u0000${JSON.stringify(params)}`;
    const known = this.totals.get(key);
    if (known !== undefined) return known;
    const counted = await this.reads.count(params);
    this.totals.set(key, counted);
    return counted;
  }

  async list(filters: LeadFilters, page: { cursor?: string; limit?: number }, actor: StaffActor): Promise<LeadListPage> {
    const limit = pageSize(page.limit);
    const params = leadFilterParams(filters, actor.email, await this.visibleTo(actor));
    // One row more than shown says whether there is a next page.
    const [rows, total] = await Promise.all([this.reads.listPage(params, decodeLeadCursor(page.cursor), limit + 1), this.total(params)]);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    const registrations = await this.reads.registrationCounts([...new Set(shown.flatMap((row) => (row.phone ? [row.phone] : [])))]);
    // A whole number is a lookup of a person (a caller ID), recorded like a reveal; the number itself is not.
    if (params.phone) await this.record(actor, 'phoneSearch', total === 1 ? (shown[0]?._id ?? null) : null, `${total}건`);
    return {
      rows: shown.map((row) => ({
        id: row._id,
        createdAt: row.createdAt ?? '',
        name: row.name ?? '',
        maskedPhone: maskPhone(row.phone ?? ''),
        formKind: row.formKind ?? 'popup',
        status: row.status,
        assigneeName: row.assigneeName,
        visitAt: row.visitAt,
        marketing: row.marketing,
        utmSource: row.utmSource,
        utmCampaign: row.utmCampaign,
        lastCallResult: row.lastCallResult,
        registrations: registrations.get(row.phone ?? '') ?? 1,
      })),
      next: rows.length > limit && last ? encodeLeadCursor({ createdAt: last.createdAt ?? '', id: last._id }) : null,
      total,
    };
  }

  async campaigns(): Promise<string[]> {
    const names = new Set((await this.reads.campaigns()).map(campaignKey));
    return [...names].sort();
  }

  async access(id: string, actor: StaffActor): Promise<LeadAccess> {
    const stored = await this.reads.lead(id);
    if (!stored) return 'notFound';
    return (await this.mayOpen(stored, actor)) ? 'allowed' : 'forbidden';
  }

  async lead(id: string, actor: StaffActor): Promise<LeadDetail | 'forbidden' | null> {
    const stored = await this.reads.lead(id);
    if (!stored) return null;
    if (!(await this.mayOpen(stored, actor))) return 'forbidden';
    await this.record(actor, 'leadView', id);
    return toDetail(stored);
  }

  async registrations(id: string): Promise<CustomerRegistration[]> {
    const phone = (await this.reads.lead(id))?.phone;
    if (!phone) return [];
    return (await this.reads.registrations(phone)).map((row) => ({
      id: row._id,
      createdAt: row.createdAt ?? '',
      formKind: row.formKind ?? 'popup',
      status: row.status,
      utmSource: row.utmSource,
      utmCampaign: row.utmCampaign,
    }));
  }

  async revealPhone(id: string, actor: StaffActor, options: { kept?: boolean } = {}): Promise<string | null> {
    const stored = await this.reads.lead(id);
    if (!stored?.phone || !(await this.mayOpen(stored, actor))) return null;
    if (!options.kept || !(await this.revealedToday(id, actor))) await this.record(actor, 'phoneReveal', id);
    return formatPhone(stored.phone);
  }

  /** Whether `actor` revealed the lead's number earlier this Seoul day (its record is there). */
  private async revealedToday(id: string, actor: StaffActor): Promise<boolean> {
    const { entries } = await this.options.audit.list({ action: 'phoneReveal', actor: actor.email, lead: id, from: seoulDay(this.now()), limit: 1 });
    return entries.length > 0;
  }

  async change(id: string, change: LeadChange, actor: StaffActor): Promise<LeadChangeResult> {
    const { status, assigneeEmail } = change;
    if (status === undefined && assigneeEmail === undefined) return INVALID;
    if (status !== undefined && !isLeadStatus(status)) return INVALID;
    const assignee = assigneeEmail === undefined ? undefined : await this.assignee(assigneeEmail, actor);
    if (assignee === 'unknown') return INVALID;
    const set: Record<string, unknown> = {};
    const unset: string[] = [];
    if (status !== undefined) set.status = status;
    if (assignee === null) unset.push('assignee');
    else if (assignee) set.assignee = assignee;
    const detail = (stored: StoredLead) =>
      leadChangeDetail(
        { status: stored.status, assigneeName: stored.assignee ? staffLabel(stored.assignee) : null },
        { status, assigneeName: assignee === undefined ? undefined : assignee && staffLabel(assignee) },
      );
    // Whom the change gives the lead to (not who had it already): told once it is saved.
    const given: { to: string | null } = { to: null };
    const result = await this.revisedWrite(id, change.rev, actor, 'leadChange', detail, async (stored) => {
      if (assignee !== undefined && !(await this.mayReassign(stored, assignee, actor))) return NOT_YOURS;
      given.to = assignee && assignee.email !== stored.assignee?.email ? assignee.email : null;
      // A status from before the visit takes the check-in back, which only a manager may do.
      if (status && stored.checkedInAt && STATUSES_BEFORE_VISIT.has(status)) {
        if (!mayUndoCheckIn(actor.role)) return FORBIDDEN;
        unset.push('checkedInAt');
      }
      // 무효 gives a booked place of a coming visit back, once: the lead keeps its visit time, marked released.
      const releasedSlot = status === 'invalid' && !stored.checkedInAt ? await this.bookedComingSlot(stored) : null;
      if (!releasedSlot) return { set, unset };
      return { set: { ...set, visitSlotStatus: 'released' }, unset, releasedSlot };
    });
    if (result.ok && given.to) void this.options.staffAlerts?.staffAssigned(id, given.to, result.lead.rev);
    return result;
  }

  async assign(ids: string[], assigneeEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    if (ids.length > MAX_PAGE_SIZE || (await this.assignee(assigneeEmail, actor)) === 'unknown') return { ok: false, error: 'invalid' };
    const outcome = { ok: true as const, assigned: 0, refused: 0 };
    // One customer, one 담당자: a row on the list stands for all of the customer's registrations,
    // and counts as assigned when each of them is.
    for (const group of await customerRegistrationGroups(this.reads, ids)) {
      let assigned = true;
      for (const id of group) {
        // A lead changed meanwhile (a status, a memo) is assigned as it is now: the bulk change is about the 담당자 alone.
        let result: LeadChangeResult | null = null;
        for (let attempt = 0; attempt < 3 && (!result || (!result.ok && result.error === 'conflict')); attempt += 1) {
          const stored = await this.reads.lead(id);
          result = stored ? await this.change(id, { rev: stored._rev, assigneeEmail }, actor) : NOT_FOUND;
        }
        assigned &&= result?.ok === true;
      }
      if (assigned) outcome.assigned += 1;
      else outcome.refused += 1;
    }
    return outcome;
  }

  async handOver(fromEmail: string, toEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    if (!mayManageLeads(actor.role) || fromEmail === toEmail) return { ok: false, error: 'invalid' };
    const outcome = { ok: true as const, assigned: 0, refused: 0 };
    const params = leadFilterParams({ assignee: fromEmail });
    for (let cursor: LeadCursor | null = null; ; ) {
      const page = await this.reads.listPage(params, cursor, MAX_PAGE_SIZE);
      const result = await this.assign(page.map((row) => row._id), toEmail, actor);
      if (!result.ok) return result;
      outcome.assigned += result.assigned;
      outcome.refused += result.refused;
      // Assigned leads leave the filter; a refused one (deleted meanwhile) is stepped over.
      const last = page.at(-1);
      if (page.length < MAX_PAGE_SIZE || !last) return outcome;
      if (result.refused) cursor = { createdAt: last.createdAt ?? '', id: last._id };
    }
  }

  async checkIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    const today = seoulDay(this.now());
    const onTodaysSheet = (stored: StoredLead) => stored.visitSlotStatus === 'booked' && Boolean(stored.visitAt?.startsWith(`${today} `));
    return this.revisedWrite(
      id,
      rev,
      actor,
      'visitCheckIn',
      null,
      (stored) => {
        if (stored.visitSlotStatus !== 'booked' || !stored.visitAt) return INVALID;
        // The visit's day in Seoul, not before (a sheet printed ahead) and not after.
        if (!stored.visitAt.startsWith(`${today} `)) return NOT_TODAY;
        return { set: { status: 'visited' satisfies LeadStatus, checkedInAt: new Date(this.now()).toISOString() } };
      },
      // The desk receives everyone on the day's sheet, a colleague's visitor too.
      async (stored) => onTodaysSheet(stored) || (await this.mayOpen(stored, actor)),
    );
  }

  async undoCheckIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    if (!mayUndoCheckIn(actor.role)) return FORBIDDEN;
    return this.revisedWrite(id, rev, actor, 'visitCheckInUndo', null, (stored) =>
      stored.checkedInAt ? { set: { status: 'visitBooked' satisfies LeadStatus }, unset: ['checkedInAt'] } : INVALID,
    );
  }

  /**
   * An insert after the last memo: the store applies it to whatever the lead holds at that
   * moment, so two memos written at once are both kept and no revision check is needed.
   */
  async addMemo(id: string, text: string, actor: StaffActor): Promise<LeadChangeResult> {
    const clean = typeof text === 'string' ? stripFormatCharacters(text).replace(/\r\n?/g, '\n').replace(CONTROL_BUT_LINE_BREAK, '').trim() : '';
    if (!clean || clean.length > MAX_MEMO_LENGTH) return INVALID;
    const stored = await this.reads.lead(id);
    if (!stored) return NOT_FOUND;
    if (!(await this.mayOpen(stored, actor))) return NOT_YOURS;
    await this.record(actor, 'leadMemo', id, `${clean.length}자`);
    const memo = {
      _key: randomBytes(8).toString('hex'),
      _type: 'leadMemo',
      authorEmail: actor.email,
      authorName: actor.name,
      at: new Date(this.now()).toISOString(),
      text: clean,
    };
    try {
      await this.options.leads.mutate([
        { patch: { id, setIfMissing: { memos: [] } } },
        { patch: { id, insert: { after: 'memos[-1]', items: [memo] } } },
      ]);
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 404) return NOT_FOUND;
      throw error;
    }
    return this.currentResult(id, true);
  }

  async callResults(): Promise<string[]> {
    const set = (await this.options.content.fetch(callResultsQuery)).map((result) => result.trim()).filter(Boolean);
    return set.length ? [...new Set(set)] : [...DEFAULT_CALL_RESULTS];
  }

  /** Appends a call result, revision-checked like a change: it answers what the 상담사 saw. */
  async recordCall(id: string, input: LeadCallInput, actor: StaffActor): Promise<LeadCallResult> {
    const result = typeof input.result === 'string' ? input.result.trim() : '';
    if (!(await this.callResults()).includes(result)) return { ok: false, error: 'unknownCallResult' };
    let callbackAt: string | null = null;
    if (input.callbackAt) {
      const time = seoulWallClockTime(input.callbackAt);
      if (time === null) return INVALID;
      if (time <= this.now()) return { ok: false, error: 'callbackNotFuture' };
      callbackAt = new Date(time).toISOString();
    }
    const call = {
      _key: randomBytes(8).toString('hex'),
      _type: 'leadCall',
      result,
      ...(callbackAt ? { callbackAt } : {}),
      authorEmail: actor.email,
      authorName: actor.name,
      at: new Date(this.now()).toISOString(),
    };
    const detail = callbackAt ? `${result}, 재통화 ${input.callbackAt?.replace('T', ' ')}` : result;
    return this.revisedWrite(id, input.rev, actor, 'leadCall', detail, (stored) => {
      return { set: { calls: [...(stored.calls ?? []).map(({ _key, ...rest }) => ({ _key, _type: 'leadCall', ...withoutNulls(rest) })), call] } };
    });
  }

  async visits(date: string): Promise<VisitSheet> {
    const sheet = await visitSheet(this.options.sales, date);
    const customerIds = [...new Set([...sheet.slots.flatMap((slot) => slot.visitors), ...sheet.walkIns].map((visitor) => visitor.customerId))];
    // A check-in names the customer's version the sheet showed.
    const versions = new Map(
      customerIds.length === 0 ? [] : (await this.options.sales.db.selectFrom('customers').select(['id', 'version']).where('id', 'in', customerIds).execute()).map((row) => [row.id, String(row.version)]),
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

  async dashboard(today: string): Promise<ConsoleDashboard> {
    const sales = this.options.sales;
    const firstDay = shiftDay(today, 1 - DASHBOARD_DAYS);
    const month = { from: firstDay, to: today };
    const periods = (count: (range: { from: string; to: string }) => Promise<number>) =>
      Promise.all([count({ from: today, to: today }), count({ from: shiftDay(today, -6), to: today }), count(month)]).then(([day, week, all]) => ({ today: day, last7Days: week, last30Days: all }));
    const todayOnly = { from: today, to: today };
    const [customers, registrations, bookings, walkIns, made, byDay, byForm, bySource, fill] = await Promise.all([
      periods((range) => registeredCustomerCount(sales, range)),
      periods((range) => registrationCount(sales, range)),
      bookingCount(sales, todayOnly),
      walkInCount(sales, todayOnly),
      visitMadeCount(sales, todayOnly),
      registeredCustomersBy(sales, month, 'day'),
      registeredCustomersBy(sales, month, 'formKind'),
      registeredCustomersBy(sales, month, 'utmSource'),
      slotFill(sales, today, shiftDay(today, SLOT_FILL_DAYS)),
    ]);
    const fillOf = new Map(fill.map((day) => [day.date, day]));
    return {
      today,
      customers,
      registrations,
      visitsToday: { bookings, walkIns, made },
      byDay: Array.from({ length: DASHBOARD_DAYS }, (_, index) => {
        const date = shiftDay(firstDay, index);
        return { date, count: byDay.get(date) ?? 0 };
      }),
      byForm: CONSOLE_FORM_KINDS.map((formKind) => ({ formKind, count: byForm.get(formKind) ?? 0 })),
      bySource: [...bySource]
        // `|| ''` in the count: no source comes back as ''.
        .map(([source, count]) => ({ source: source || null, count }))
        // Most customers first; ties by name, "(없음)" last.
        .sort((a, b) => b.count - a.count || (a.source ?? '\uffff').localeCompare(b.source ?? '\uffff')),
      slotFill: Array.from({ length: SLOT_FILL_DAYS }, (_, index) => {
        const date = shiftDay(today, index);
        return { date, capacity: fillOf.get(date)?.capacity ?? 0, booked: fillOf.get(date)?.booked ?? 0 };
      }),
    };
  }

  async exportLeads(
    filters: LeadFilters,
    actor: StaffActor,
    { format, reason }: { format: LeadExportFormat; reason: string },
    deliver: (rows: AsyncIterable<LeadExportRow>) => Promise<void>,
  ): Promise<number> {
    let count = 0;
    let complete = false;
    const counted = async function* (rows: AsyncIterable<LeadExportRow>) {
      for await (const row of rows) {
        count += 1;
        yield row;
      }
    };
    try {
      await deliver(counted(this.exportRows(leadFilterParams(filters, actor.email, await this.visibleTo(actor)))));
      complete = true;
      return count;
    } finally {
      // Recorded even when the download stops half-way: the rows read may have been seen.
      // A searched number stays out of the trail (kept two years), as a phone search's record does.
      const conditions = leadFiltersToParams(filters.q ? { ...filters, q: filters.q.replace(/\d/g, '*') } : filters).toString() || '전체';
      await this.record(actor, 'leadExport', null, `${format} ${count}건${complete ? '' : ' (중단)'} · ${conditions} · 사유: ${reason}`);
    }
  }

  /** One row per customer, in the list's order, a page of customers at a time. */
  private async *exportRows(params: LeadFilterParams): AsyncGenerator<LeadExportRow> {
    for (let cursor: CustomerCursor | null = null; ; ) {
      const page = await exportCustomers(this.options.sales, params, cursor);
      if (page.length === 0) return;
      const ids = page.map((customer) => customer.id);
      const db = this.options.sales.db;
      // What the customer's latest registration said, and when they last came.
      const [latest, checkIns] = await Promise.all([
        db
          .selectFrom('registrations')
          .innerJoin('customers', 'customers.id', 'registrations.customer_id')
          .select(['registrations.customer_id', 'registrations.id', 'registrations.message', 'registrations.source_page', 'registrations.notice_version', 'registrations.agreed_at', 'registrations.utm_source', 'registrations.utm_medium', 'registrations.utm_campaign', 'registrations.utm_term', 'registrations.utm_content'])
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

  /**
   * A status/assignee change or a check-in: refused with the current state when the lead moved
   * on since `rev`, checked again by the store (`ifRevisionID`) for a change landing in between.
   * `plan` says what to write to the lead as it is (or refuses); a released slot counts one less
   * in the same transaction, so the revision check makes the release happen once.
   * Recorded once saved, so a refused attempt leaves no record of a change that did not happen;
   * a saved change whose record cannot be stored is undone, so none stands unrecorded.
   * `mayAct` is asked first: a lead the actor may not open is refused before its revision is
   * compared (a stale one would answer with the whole lead).
   */
  private async revisedWrite(
    id: string,
    rev: string,
    actor: StaffActor,
    action: 'leadChange' | 'leadCall' | 'visitCheckIn' | 'visitCheckInUndo',
    detail: string | null | ((stored: StoredLead) => string),
    plan: (stored: StoredLead) => LeadWrite | LeadChangeResult | Promise<LeadWrite | LeadChangeResult>,
    mayAct: (stored: StoredLead) => Promise<boolean> = (stored) => this.mayOpen(stored, actor),
  ): Promise<LeadChangeResult> {
    const stored = await this.reads.lead(id);
    if (!stored) return NOT_FOUND;
    if (!(await mayAct(stored))) return NOT_YOURS;
    if (typeof rev !== 'string' || !rev) return INVALID;
    if (stored._rev !== rev) return { ok: false, error: 'conflict', current: toDetail(stored) };
    const write = await plan(stored);
    if ('ok' in write) return write;
    const patch: PatchOperations = { id, ifRevisionID: rev, set: write.set };
    if (write.unset?.length) patch.unset = write.unset;
    const mutations: Mutation[] = [{ patch }];
    if (write.releasedSlot) mutations.push({ patch: { id: write.releasedSlot, dec: { booked: 1 } } });
    let saved: string;
    try {
      saved = (await this.options.leads.mutate(mutations)).transactionId;
    } catch (error) {
      if (error instanceof MutationError && error.statusCode === 409) return this.currentResult(id, false);
      if (error instanceof MutationError && error.statusCode === 404) return NOT_FOUND;
      throw error;
    }
    try {
      await this.record(actor, action, id, typeof detail === 'function' ? detail(stored) : detail);
    } catch (error) {
      await this.undo(stored, write, saved).catch((undoError: unknown) =>
        console.error(`[console] ${action} of ${id} saved without its audit record and not undone: ${(undoError as Error).message}`),
      );
      throw error;
    }
    return this.currentResult(id, true);
  }

  /** Puts back the fields a change set or unset (and the place it released), unless the lead moved on since (`rev`). */
  private async undo(before: StoredLead, write: LeadWrite, rev: string): Promise<void> {
    const previous = before as unknown as Record<string, unknown>;
    const set: Record<string, unknown> = {};
    const unset: string[] = [];
    for (const field of [...Object.keys(write.set ?? {}), ...(write.unset ?? [])]) {
      if (previous[field] === undefined || previous[field] === null) unset.push(field);
      else set[field] = previous[field];
    }
    const mutations: Mutation[] = [{ patch: { id: before._id, ifRevisionID: rev, set, unset } }];
    if (write.releasedSlot) mutations.push({ patch: { id: write.releasedSlot, inc: { booked: 1 } } });
    await this.options.leads.mutate(mutations);
  }

  /** The slot of the lead's booked visit when it is today or later and still there (a past slot's place is no use). */
  private async bookedComingSlot(stored: StoredLead): Promise<string | null> {
    if (stored.visitSlotStatus !== 'booked' || !stored.visitSlotId || (stored.visitAt ?? '') < seoulDay(this.now())) return null;
    const slot = await this.options.leads.fetch(visitSlotForBookingQuery, { id: stored.visitSlotId });
    return slot?._id ?? null;
  }

  private async currentResult(id: string, written: boolean): Promise<LeadChangeResult> {
    const stored = await this.reads.lead(id);
    if (!stored) return NOT_FOUND;
    return written ? { ok: true, lead: toDetail(stored) } : { ok: false, error: 'conflict', current: toDetail(stored) };
  }

  private async assignmentSettings() {
    return (
      (await this.options.content.fetch(leadAssignmentSettingsQuery)) ?? { roundRobin: false, salesSeeAllLeads: false, salesTakeColleagueLeads: false }
    );
  }

  /** Whose view `actor`'s lists are limited to: a 상담사 sees their own leads and unassigned ones, unless the settings open all. */
  private async visibleTo(actor: StaffActor): Promise<string | null> {
    if (mayManageLeads(actor.role) || (await this.assignmentSettings()).salesSeeAllLeads) return null;
    return actor.email;
  }

  private async mayOpen(stored: StoredLead, actor: StaffActor): Promise<boolean> {
    const visibleTo = await this.visibleTo(actor);
    return visibleTo === null || !stored.assignee?.email || stored.assignee.email === visibleTo;
  }

  /**
   * A manager assigns any lead to anyone. A 상담사 assigns a lead of their own or nobody's; a
   * colleague's lead they may only take for themselves, and only when the settings allow it.
   */
  private async mayReassign(stored: StoredLead, to: { email: string } | null, actor: StaffActor): Promise<boolean> {
    const from = stored.assignee?.email ?? null;
    if (mayManageLeads(actor.role) || from === null || from === actor.email || from === (to?.email ?? null)) return true;
    return to?.email === actor.email && (await this.assignmentSettings()).salesTakeColleagueLeads;
  }

  /** The staff member named by `email` (null: nobody); 'unknown' for an email of no active account. */
  private async assignee(email: string | null, actor: StaffActor): Promise<{ email: string; name: string } | null | 'unknown'> {
    if (email === null || email === '') return null;
    if (email === actor.email) return { email: actor.email, name: actor.name };
    const account = (await this.options.staff.list()).find((staff) => staff.email === email && !staff.disabled);
    return account ? { email: account.email, name: account.name } : 'unknown';
  }

  private record(actor: StaffActor, action: Parameters<AuditTrail['record']>[0]['action'], target: string | null, detail: string | null = null) {
    return this.options.audit.record({ actor: actor.email, action, ip: actor.ip, target, detail });
  }
}

// eslint-disable-next-line no-control-regex -- a memo keeps its line breaks, nothing else invisible
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const INVALID: LeadChangeResult = { ok: false, error: 'invalid' };
const NOT_FOUND: LeadChangeResult = { ok: false, error: 'notFound' };
const FORBIDDEN: LeadChangeResult = { ok: false, error: 'forbidden' };
const NOT_TODAY: LeadChangeResult = { ok: false, error: 'notToday' };
const NOT_YOURS: LeadChangeResult = { ok: false, error: 'notYours' };
const STATUSES_BEFORE_VISIT: ReadonlySet<LeadStatus> = new Set(['new', 'contacting', 'consulted', 'visitBooked']);

/** What a revised write sets and unsets on the lead, and the slot whose place it gives back. */
type LeadWrite = { set: Record<string, unknown>; unset?: string[]; releasedSlot?: string | null };

/** How an audit record names a 담당자: name and email, or 없음. */
function staffLabel(staff: { email?: string | null; name?: string | null } | null | undefined): string {
  return staff?.email ? `${staff.name ?? staff.email}(${staff.email})` : '없음';
}

function pageSize(limit: number | undefined): number {
  if (!limit || !Number.isInteger(limit) || limit < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(limit, MAX_PAGE_SIZE);
}

function toDetail(lead: StoredLead): LeadDetail {
  return {
    id: lead._id,
    rev: lead._rev,
    createdAt: lead.createdAt ?? '',
    name: lead.name ?? '',
    maskedPhone: maskPhone(lead.phone ?? ''),
    message: lead.message,
    formKind: lead.formKind ?? 'popup',
    sourcePage: lead.sourcePage,
    utm: { ...lead.utm },
    consent: {
      privacy: lead.consent?.privacy === true,
      marketing: lead.consent?.marketing === true,
      ageOver14: lead.consent?.ageOver14 === true,
      noticeVersion: lead.consent?.noticeVersion ?? null,
      agreedAt: lead.consent?.agreedAt ?? null,
    },
    visitSlotId: lead.visitSlotId,
    visitAt: lead.visitAt,
    visitSlotStatus: lead.visitSlotStatus,
    status: lead.status,
    assignee: lead.assignee?.email ? { email: lead.assignee.email, name: lead.assignee.name ?? lead.assignee.email } : null,
    checkedInAt: lead.checkedInAt,
    memos: (lead.memos ?? []).map((memo) => ({
      key: memo._key,
      authorEmail: memo.authorEmail ?? '',
      authorName: memo.authorName ?? '',
      at: memo.at ?? '',
      text: memo.text ?? '',
    })),
    calls: (lead.calls ?? []).map((call) => ({
      key: call._key,
      result: call.result ?? '',
      callbackAt: call.callbackAt,
      authorEmail: call.authorEmail ?? '',
      authorName: call.authorName ?? '',
      at: call.at ?? '',
    })),
  };
}

function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null && value !== undefined));
}

/** `YYYY-MM-DDTHH:mm` read as Seoul time (UTC+9, no daylight saving), or null if it is no such minute. */
function seoulWallClockTime(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour - 9, minute);
  const back = new Date(time + 9 * 3600_000);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  return time;
}

/** A customer as the export writes them: the latest registration's words and campaign, the first one's too. */
function exportRowOf(
  customer: CustomerExportRow,
  latest: { message: string | null; source_page: string | null; notice_version: string | null; agreed_at: string | null; utm_source: string | null; utm_medium: string | null; utm_campaign: string | null; utm_term: string | null; utm_content: string | null } | undefined,
  checkedInAt: string | null,
): LeadExportRow {
  const utm = latest ? withoutNulls({ source: latest.utm_source, medium: latest.utm_medium, campaign: latest.utm_campaign, term: latest.utm_term, content: latest.utm_content }) : {};
  return {
    id: customer.id,
    createdAt: customer.createdAt,
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
  };
}
