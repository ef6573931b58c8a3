/**
 * The sales console's lead service over the customer tables: the unit is the customer (one phone),
 * its page shows every registration, memo, call, its visit, 담당자 and status. Reads are SQL
 * (../customers/customer-list.ts, customer-detail.ts, visit-reads.ts, export-reads.ts), shaped for
 * the pages here and in ./lead-detail.ts, ./visit-sheet.ts, ./dashboard.ts and ./lead-export-rows.ts;
 * every change goes through CustomerWork, one transaction with its audit record. A page's id is a
 * customer id or the id of one of its registrations (an old `lead-…` link, an audit record's
 * target): both open the customer.
 */
import { LRUCache } from 'lru-cache';
import { callResultsQuery, consoleUnitTypesQuery, deskSourcesQuery, leadAssignmentSettingsQuery } from '../../sanity/queries';
import {
  isFundingPlan,
  isSubscription,
  profileChoiceMessage,
  profileSummary,
  type CustomerProfile,
  type CustomerProfileField,
  type CustomerProfileInput,
  type UnitTypeChoice,
} from '../../shared/customer-profile';
import { DEFAULT_CALL_RESULTS } from '../../shared/call-results';
import type { ConsoleDashboard } from '../../shared/console-dashboard';
import type { CallerElsewhere, CustomerRegistration, LeadCallInput, LeadCallResult, LeadChange, CustomerProfileResult, LeadChangeResult, LeadDetail, LeadListPage } from '../../shared/lead-dto';
import { leadFiltersToParams, type LeadFilters } from '../../shared/lead-filters';
import type { ConsoleFormKind } from '../../shared/lead-form-kinds';
import { isLeadStatus, type LeadStatus } from '../../shared/lead-status';
import { maskPhone, formatPhone } from '../../shared/phone-format';
import { mayHandOver, mayManageLeads } from '../../shared/staff-roles';
import type { VisitSheet } from '../../shared/visit-bookings';
import { seoulDay, seoulWallClockTime } from '../../shared/seoul-time';
import { stripFormatCharacters } from '../free-text';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { CustomerWork, type CustomerActor, type WorkResult } from '../customers/customer-work';
import type { LeadAccess, LeadAssignResult, LeadConsole, LeadDistributeResult, LeadExportFormat, LeadExportRow, StaffActor, TeamAssignment } from './types';
import { consoleDashboard } from './dashboard';
import { detailOf } from './lead-detail';
import { leadExportRows } from './lead-export-rows';
import { consoleVisitSheet } from './visit-sheet';
import { assignmentParticipants } from './round-robin';
import { assignmentSettingsOf, distributeEvenly, saveAssignmentSettings } from '../customers/team-assignment';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';
import { decodeLeadCursor, encodeLeadCursor, leadFilterParams } from './lead-query';
import { VisitBookings } from './visit-bookings';
import { customerDetail, customerIdOfRegistration } from '../customers/customer-detail';
import { assigneeOfPhone, countCustomers, listCustomers } from '../customers/customer-list';
import { VISIT_STATUSES } from '../customers/visit-reads';
import { VisitSlotSchedule } from '../customers/visit-slot-schedule';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;
export const MAX_MEMO_LENGTH = 2000;
/** Tries of one customer in a bulk assignment when a change lands in between (a status, a call). */
const ASSIGN_ATTEMPTS = 3;

export type LeadConsoleOptions = {
  /** The customer tables: the list, a customer's page and every change of it. */
  sales: SalesDatabase;
  /** Where the reads of personal data are recorded (leadView, phoneReveal, phoneSearch, leadExport). */
  audit: AuditTrail;
  /** The public content source, where marketing keeps the call result list and the assignment settings (`leadSettings`). */
  content: ContentSource;
  /** Who a customer may be assigned to. */
  staff: StaffDirectory;
  now?: () => number;
};

export class LeadConsoleService implements LeadConsole {
  private readonly work: CustomerWork;
  private readonly now: () => number;
  readonly bookings: VisitBookings;
  readonly slots: VisitSlotSchedule;
  /** Which customer an id stands for: a registration never moves to another customer. */
  private readonly customerIds = new LRUCache<string, string>({ max: 10_000 });

  constructor(private readonly options: LeadConsoleOptions) {
    this.now = options.now ?? Date.now;
    this.work = new CustomerWork(options.sales, { now: this.now });
    this.bookings = new VisitBookings({
      sales: options.sales,
      now: this.now,
      current: (id, written) => this.current(id, written),
      actorOf: (actor) => this.customerActor(actor),
      deskSources: () => this.options.content.fetch(deskSourcesQuery),
    });
    this.slots = new VisitSlotSchedule(options.sales, { now: this.now });
  }

  async list(filters: LeadFilters, page: { cursor?: string; limit?: number }, actor: StaffActor): Promise<LeadListPage> {
    const limit = pageSize(page.limit);
    const params = leadFilterParams(filters, actor.email, await this.visibleTo(actor));
    const cursor = decodeLeadCursor(page.cursor);
    // One row more than shown says whether there is a next page.
    const [rows, total] = await Promise.all([
      listCustomers(this.options.sales, params, cursor && { at: cursor.createdAt, id: cursor.id }, limit + 1),
      countCustomers(this.options.sales, params),
    ]);
    const shown = rows.slice(0, limit);
    const last = shown.at(-1);
    const elsewhere = params.phone && params.visibleTo !== null && total === 0 ? await this.callerElsewhere(params.phone, params.visibleTo) : null;
    // A whole number is a lookup of a person (a caller ID), recorded like a reveal; the number itself is not.
    if (params.phone) {
      const target = elsewhere?.customerId ?? (total === 1 ? (shown[0]?.id ?? null) : null);
      await this.record(actor, 'phoneSearch', target, elsewhere ? `${total}건, 담당 ${elsewhere.found.assigneeName}` : `${total}건`);
    }
    return {
      ...(elsewhere ? { elsewhere: elsewhere.found } : {}),
      rows: shown.map((row) => ({
        id: row.id,
        createdAt: row.createdAt,
        name: row.name,
        maskedPhone: maskPhone(row.phone),
        formKind: (row.formKind ?? 'popup') as ConsoleFormKind,
        status: row.status as LeadStatus,
        assigneeName: row.assigneeName,
        visitAt: row.visitStatus && isVisit(row.visitStatus) ? row.visitAt : null,
        marketing: row.marketing,
        utmSource: row.utmSource,
        utmCampaign: row.utmCampaign,
        lastCallResult: row.lastCallResult,
        missedCalls: row.missedCalls,
        registrations: row.registrations,
      })),
      next: rows.length > limit && last ? encodeLeadCursor({ createdAt: last.createdAt, id: last.id }) : null,
      total,
    };
  }

  async campaigns(): Promise<string[]> {
    const rows = await this.options.sales.db
      .selectFrom('registrations')
      .select('campaign_key')
      .distinct()
      .where('campaign_key', 'is not', null)
      .orderBy('campaign_key')
      .execute();
    return rows.map((row) => row.campaign_key ?? '').sort();
  }

  async access(id: string, actor: StaffActor): Promise<LeadAccess> {
    const customer = await this.customerOf(id);
    if (!customer) return 'notFound';
    return (await this.mayOpen(customer, actor)) ? 'allowed' : 'forbidden';
  }

  async lead(id: string, actor: StaffActor): Promise<LeadDetail | 'forbidden' | null> {
    const customerId = await this.customerIdOf(id);
    const customer = customerId && (await customerDetail(this.options.sales, customerId));
    if (!customer) return null;
    if (!(await this.mayOpen(customer, actor))) return 'forbidden';
    await this.record(actor, 'leadView', customer.id);
    return detailOf(customer, seoulDay(this.now()));
  }

  async registrations(id: string): Promise<CustomerRegistration[]> {
    const customerId = await this.customerIdOf(id);
    const customer = customerId && (await customerDetail(this.options.sales, customerId));
    if (!customer) return [];
    return customer.registrations.map((registration) => ({
      id: registration.id,
      createdAt: registration.createdAt,
      formKind: registration.formKind as ConsoleFormKind,
      utmSource: registration.utmSource,
      utmCampaign: registration.utmCampaign,
    }));
  }

  async revealPhone(id: string, actor: StaffActor, options: { kept?: boolean } = {}): Promise<string | null> {
    const customer = await this.customerOf(id);
    if (!customer || !(await this.mayOpen(customer, actor))) return null;
    if (!options.kept || !(await this.revealedToday(customer.id, actor))) await this.record(actor, 'phoneReveal', customer.id);
    return formatPhone(customer.phone);
  }

  /** Whether `actor` revealed the customer's number earlier this Seoul day (its record is there). */
  private async revealedToday(customerId: string, actor: StaffActor): Promise<boolean> {
    const { entries } = await this.options.audit.list({ action: 'phoneReveal', actor: actor.email, lead: customerId, from: seoulDay(this.now()), limit: 1 });
    return entries.length > 0;
  }

  async change(id: string, change: LeadChange, actor: StaffActor): Promise<LeadChangeResult> {
    const { status, assigneeEmail } = change;
    if (status === undefined && assigneeEmail === undefined) return INVALID;
    if (status !== undefined && !isLeadStatus(status)) return INVALID;
    const assignee = assigneeEmail === undefined ? undefined : await this.assignee(assigneeEmail, actor);
    if (assignee === 'unknown') return INVALID;
    return this.changed(id, actor, change.rev, (customerId, version, by) => this.work.change(customerId, { version, status, assignee }, by));
  }

  /** The unit types the 관심 타입 is chosen among, in the CMS's order. */
  async unitTypes(): Promise<UnitTypeChoice[]> {
    return (await this.options.content.fetch(consoleUnitTypesQuery)).flatMap(({ code, label }) => (code ? [{ code, label: label ?? code }] : []));
  }

  /**
   * Saves the customer's 관심 타입, 청약 자격 and 자금 계획 under the version the page showed; each is
   * one of its choices or '' (none). A value that is no choice is refused in Korean, nothing written.
   */
  async setProfile(id: string, input: CustomerProfileInput, actor: StaffActor): Promise<CustomerProfileResult> {
    const typed = (field: CustomerProfileField) => (typeof input[field] === 'string' ? input[field].trim() : '');
    const unitTypes = await this.unitTypes();
    const interestType = typed('interestType');
    const subscription = typed('subscription');
    const funding = typed('funding');
    const fieldErrors: Partial<Record<CustomerProfileField, string>> = {};
    if (interestType && !unitTypes.some((unit) => unit.code === interestType)) fieldErrors.interestType = profileChoiceMessage('interestType');
    if (subscription && !isSubscription(subscription)) fieldErrors.subscription = profileChoiceMessage('subscription');
    if (funding && !isFundingPlan(funding)) fieldErrors.funding = profileChoiceMessage('funding');
    if (Object.keys(fieldErrors).length > 0) return { ok: false, error: 'unknownChoice', fieldErrors };
    const profile = { interestType: interestType || null, subscription: subscription || null, funding: funding || null } as CustomerProfile;
    const detail = profileSummary(profile, (code) => unitTypes.find((unit) => unit.code === code)?.label ?? code);
    return this.changed(id, actor, input.rev, (customerId, version, by) => this.work.setProfile(customerId, { version, profile, detail }, by));
  }

  /** Appends a memo: never refused for a change made meanwhile, and it moves no version. Records `leadMemo`. */
  async addMemo(id: string, text: string, actor: StaffActor): Promise<LeadChangeResult> {
    const clean = typeof text === 'string' ? stripFormatCharacters(text).replace(/\r\n?/g, '\n').replace(CONTROL_BUT_LINE_BREAK, '').trim() : '';
    if (!clean || clean.length > MAX_MEMO_LENGTH) return INVALID;
    return this.changed(id, actor, null, (customerId, _version, by) => this.work.addMemo(customerId, clean, by));
  }

  async callResults(): Promise<string[]> {
    const set = (await this.options.content.fetch(callResultsQuery)).map((result) => result.trim()).filter(Boolean);
    return set.length ? [...new Set(set)] : [...DEFAULT_CALL_RESULTS];
  }

  /** Appends a call result, version-checked like a change: it answers what the 상담사 saw. */
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
    const callbackLabel = input.callbackAt?.replace('T', ' ');
    return this.changed(id, actor, input.rev, (customerId, version, by) => this.work.recordCall(customerId, { version, result, callbackAt, callbackLabel }, by));
  }

  async assign(ids: string[], assigneeEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    const assignee = ids.length > MAX_PAGE_SIZE ? 'unknown' : await this.assignee(assigneeEmail, actor);
    if (assignee === 'unknown') return { ok: false, error: 'invalid' };
    const by = await this.customerActor(actor);
    const outcome = { ok: true as const, assigned: 0, refused: 0 };
    // A row stands for a customer (a registration's id for its customer): each is assigned once.
    const customerIds = new Set<string | null>();
    for (const id of ids) customerIds.add(await this.customerIdOf(id));
    for (const customerId of customerIds) {
      let result: WorkResult = NOT_FOUND_WORK;
      // A customer changed meanwhile (a status, a call) is assigned as it is now: the bulk change is about the 담당자 alone.
      for (let attempt = 0; customerId && attempt < ASSIGN_ATTEMPTS && (attempt === 0 || (!result.ok && result.error === 'conflict')); attempt += 1) {
        const current = await this.options.sales.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirst();
        result = current ? await this.work.change(customerId, { version: current.version, assignee }, by) : NOT_FOUND_WORK;
      }
      if (result.ok) outcome.assigned += 1;
      else outcome.refused += 1;
    }
    return outcome;
  }

  async handOver(fromEmail: string, toEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    if (!mayManageLeads(actor.role) || fromEmail === toEmail) return { ok: false, error: 'invalid' };
    const to = await this.assignee(toEmail, actor);
    if (to === 'unknown') return { ok: false, error: 'invalid' };
    const accounts = await this.options.staff.list();
    const roleOf = (email: string) => (email === actor.email ? actor.role : accounts.find((account) => account.email === email)?.role);
    const fromRole = roleOf(fromEmail);
    const toRole = to ? roleOf(to.email) : null;
    // An email no account has (the environment's admin is none) is handed over by the admin alone.
    if (toRole === undefined || !mayHandOver(actor.role, fromRole ?? 'admin', toRole)) return { ok: false, error: 'forbidden' };
    const assigned = await this.work.handOver(fromEmail, to, await this.customerActor(actor));
    return { ok: true, assigned, refused: 0 };
  }

  async teamAssignment(actor: StaffActor): Promise<TeamAssignment | null> {
    if (!mayManageLeads(actor.role)) return null;
    const settings = await assignmentSettingsOf(this.options.sales);
    const optedOut = new Set(settings.optedOut);
    const sales = (await this.options.staff.list()).filter((account) => account.role === 'sales' && !account.disabled).sort((a, b) => (a.email < b.email ? -1 : 1));
    return { roundRobin: settings.roundRobin, sales: sales.map(({ email, name }) => ({ email, name, takingPart: !optedOut.has(email) })) };
  }

  async saveTeamAssignment(input: { roundRobin: boolean; takingPart: string[] }, actor: StaffActor): Promise<boolean> {
    const team = await this.teamAssignment(actor);
    if (!team || input.takingPart.some((email) => !team.sales.some((account) => account.email === email))) return false;
    const takingPart = new Set(input.takingPart);
    const optedOut = team.sales.filter((account) => !takingPart.has(account.email)).map((account) => account.email);
    await saveAssignmentSettings(this.options.sales, { roundRobin: input.roundRobin, optedOut }, actor);
    return true;
  }

  async distributeEvenly(target: { ids: string[] } | 'unassigned', actor: StaffActor): Promise<LeadDistributeResult> {
    if (!mayManageLeads(actor.role) || (target !== 'unassigned' && (target.ids.length === 0 || target.ids.length > MAX_PAGE_SIZE))) return { ok: false, error: 'invalid' };
    const participants = await assignmentParticipants(this.options.sales, this.options.staff);
    if (participants.length === 0) return { ok: false, error: 'nobodyTakingPart' };
    const customerIds: string[] = [];
    if (target !== 'unassigned') {
      for (const id of target.ids) {
        const customerId = await this.customerIdOf(id);
        if (customerId && !customerIds.includes(customerId)) customerIds.push(customerId);
      }
    }
    const result = await distributeEvenly(this.options.sales, target === 'unassigned' ? 'unassigned' : { customerIds }, participants, actor);
    return { ok: true, ...result };
  }

  /** The desk checks in anyone on the day's sheet, a colleague's visitor too (CustomerWork says who). */
  async checkIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changed(id, actor, rev, (customerId, version, by) => this.work.checkIn(customerId, version, by));
  }

  async undoCheckIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changed(id, actor, rev, (customerId, version, by) => this.work.undoCheckIn(customerId, version, by));
  }

  async visits(date: string): Promise<VisitSheet> {
    return consoleVisitSheet(this.options.sales, date);
  }

  async dashboard(today: string): Promise<ConsoleDashboard> {
    return consoleDashboard(this.options.sales, today);
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
      await deliver(counted(leadExportRows(this.options.sales, leadFilterParams(filters, actor.email, await this.visibleTo(actor)))));
      complete = true;
      return count;
    } finally {
      // Recorded even when the download stops half-way: the rows read may have been seen.
      // A searched number stays out of the trail (kept two years), as a phone search's record does.
      const conditions = leadFiltersToParams(filters.q ? { ...filters, q: filters.q.replace(/\d/g, '*') } : filters).toString() || '전체';
      await this.record(actor, 'leadExport', null, `${format} ${count}건${complete ? '' : ' (중단)'} · ${conditions} · 사유: ${reason}`);
    }
  }

  /**
   * Does `work` to the customer `id` stands for, at the version `rev` the page showed (null: none
   * asked), answering with the customer as it is after it (or, refused as stale, as it is now).
   * A `rev` that is no version is refused as the customer's own only to whoever may open it.
   */
  private async changed(
    id: string,
    actor: StaffActor,
    rev: string | null,
    work: (customerId: string, version: number, by: CustomerActor) => Promise<WorkResult>,
  ): Promise<LeadChangeResult> {
    const customer = await this.customerOf(id);
    if (!customer) return NOT_FOUND;
    const version = rev === null ? customer.version : versionOf(rev);
    if (version === null) return (await this.mayOpen(customer, actor)) ? INVALID : NOT_YOURS;
    const result = await work(customer.id, version, await this.customerActor(actor));
    if (result.ok || result.error === 'conflict') return this.current(customer.id, result.ok);
    return { ok: false, error: result.error } as LeadChangeResult;
  }

  private async current(id: string, written: boolean): Promise<LeadChangeResult> {
    const customerId = await this.customerIdOf(id);
    const customer = customerId && (await customerDetail(this.options.sales, customerId));
    if (!customer) return NOT_FOUND;
    const lead = detailOf(customer, seoulDay(this.now()));
    return written ? { ok: true, lead } : { ok: false, error: 'conflict', current: lead };
  }

  /** The customer `id` names: its own id, or one of its registrations'. */
  private async customerIdOf(id: string): Promise<string | null> {
    if (typeof id !== 'string' || !id) return null;
    const known = this.customerIds.get(id);
    if (known) return known;
    const sales = this.options.sales;
    const own = await sales.db.selectFrom('customers').select('id').where('id', '=', id).executeTakeFirst();
    const customerId = own?.id ?? (await customerIdOfRegistration(sales, id));
    if (customerId) this.customerIds.set(id, customerId);
    return customerId;
  }

  private async customerOf(id: string) {
    const customerId = await this.customerIdOf(id);
    if (!customerId) return null;
    return (await this.options.sales.db.selectFrom('customers').select(['id', 'phone', 'assignee_email as assigneeEmail', 'version']).where('id', '=', customerId).executeTakeFirst()) ?? null;
  }

  private async assignmentSettings() {
    return (
      (await this.options.content.fetch(leadAssignmentSettingsQuery)) ?? { salesSeeAllLeads: false, salesTakeColleagueLeads: false }
    );
  }

  /**
   * A caller a 상담사 cannot see (a colleague's customer): whose it is and the 담당자's 휴대폰, so
   * the caller is put through rather than put on hold.
   */
  private async callerElsewhere(phone: string, visibleTo: string): Promise<{ customerId: string; found: CallerElsewhere } | null> {
    const customer = await assigneeOfPhone(this.options.sales, phone);
    if (!customer || customer.assigneeEmail === visibleTo) return null;
    const account = (await this.options.staff.list()).find((staff) => staff.email === customer.assigneeEmail);
    return { customerId: customer.customerId, found: { assigneeName: account?.name ?? customer.assigneeName ?? customer.assigneeEmail, assigneePhone: account?.mobile ?? null } };
  }

  /** Whose view `actor`'s lists are limited to: a 상담사 sees their own customers and unassigned ones, unless the settings open all. */
  private async visibleTo(actor: StaffActor): Promise<string | null> {
    if (mayManageLeads(actor.role) || (await this.assignmentSettings()).salesSeeAllLeads) return null;
    return actor.email;
  }

  private async customerActor(actor: StaffActor): Promise<CustomerActor> {
    const settings = await this.assignmentSettings();
    const visibleTo = mayManageLeads(actor.role) || settings.salesSeeAllLeads ? null : actor.email;
    return { email: actor.email, name: actor.name, role: actor.role, ip: actor.ip, visibleTo, takesColleagues: settings.salesTakeColleagueLeads === true };
  }

  private async mayOpen(customer: { assigneeEmail: string | null }, actor: StaffActor): Promise<boolean> {
    const visibleTo = await this.visibleTo(actor);
    return visibleTo === null || !customer.assigneeEmail || customer.assigneeEmail === visibleTo;
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
const NOT_YOURS: LeadChangeResult = { ok: false, error: 'notYours' };
const NOT_FOUND_WORK: WorkResult = { ok: false, error: 'notFound' };

/**
 * The customer's version a page carries as its `rev`; null when none was sent. A made-up one is
 * no version the customer ever had: stale (a conflict), once the actor may act on the customer.
 */
function versionOf(rev: string): number | null {
  if (typeof rev !== 'string' || !rev) return null;
  return /^\d{1,15}$/.test(rev) ? Number(rev) : -1;
}

function isVisit(status: string): boolean {
  return (VISIT_STATUSES as readonly string[]).includes(status);
}

function pageSize(limit: number | undefined): number {
  if (!limit || !Number.isInteger(limit) || limit < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(limit, MAX_PAGE_SIZE);
}
