/**
 * The sales console's lead service over the customer tables: the unit is the customer (one phone),
 * its page shows every registration, memo, call, its visit, 담당자 and status. Reads are SQL
 * (../customers/customer-list.ts, customer-count.ts, customer-detail.ts, visit-reads.ts, export-reads.ts), shaped for
 * the pages here and in ./lead-detail.ts, ./visit-sheet.ts, ./dashboard.ts and ./lead-export-rows.ts.
 * Which customer an id names and who may open it is ./customer-access.ts; a customer page's
 * changes are ./lead-changes.ts, the 담당자 work ./lead-assignment.ts, visits ./visit-bookings.ts.
 */
import { deskSourcesQuery } from '../../sanity/queries';
import type { CustomerProfileInput, UnitTypeChoice } from '../../shared/customer-profile';
import type { ConsoleDashboard } from '../../shared/console-dashboard';
import type {
  CallerElsewhere,
  CustomerRegistration,
  LeadCallInput,
  LeadCallResult,
  LeadChange,
  CustomerProfileResult,
  LeadChangeResult,
  LeadDetail,
  LeadListPage,
} from '../../shared/lead-dto';
import { leadFiltersToParams, type LeadFilters } from '../../shared/lead-filters';
import type { ConsoleFormKind } from '../../shared/lead-form-kinds';
import type { LeadStatus } from '../../shared/lead-status';
import { maskPhone, formatPhone } from '../../shared/phone-format';
import type { VisitSheet } from '../../shared/visit-bookings';
import { seoulDay } from '../../shared/seoul-time';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import type { LeadAccess, LeadAssignResult, LeadConsole, LeadDistributeResult, LeadExportFormat, LeadExportRow, StaffActor, TeamAssignment } from './types';
import { consoleDashboard } from './dashboard';
import { detailOf } from './lead-detail';
import { leadExportRows } from './lead-export-rows';
import { consoleVisitSheet } from './visit-sheet';
import { CustomerAccess } from './customer-access';
import { LeadAssignments } from './lead-assignment';
import { LeadChanges } from './lead-changes';
import type { AuditTrail } from '../audit/trail';
import type { StaffDirectory } from '../auth/staff-accounts';
import { decodeLeadCursor, encodeLeadCursor, leadFilterParams, pageSize } from '../customers/lead-query';
import { VisitBookings } from './visit-bookings';
import { assigneeOfPhone, customerDetail } from '../customers/customer-detail';
import { countCustomers } from '../customers/customer-count';
import { listCustomers } from '../customers/customer-list';
import { VISIT_STATUSES } from '../customers/visit-reads';
import { VisitSlotSchedule } from '../customers/visit-slot-schedule';

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
  private readonly now: () => number;
  readonly bookings: VisitBookings;
  readonly slots: VisitSlotSchedule;
  private readonly assignments: LeadAssignments;
  private readonly customerAccess: CustomerAccess;
  private readonly changes: LeadChanges;

  constructor(private readonly options: LeadConsoleOptions) {
    this.now = options.now ?? Date.now;
    this.customerAccess = new CustomerAccess(options.sales, options.content);
    this.changes = new LeadChanges({ sales: options.sales, content: options.content, staff: options.staff, access: this.customerAccess, now: this.now });
    this.bookings = new VisitBookings({
      sales: options.sales,
      now: this.now,
      current: (id, written) => this.changes.current(id, written),
      actorOf: (actor) => this.customerAccess.actorOf(actor),
      deskSources: () => this.options.content.fetch(deskSourcesQuery),
    });
    this.slots = new VisitSlotSchedule(options.sales, { now: this.now });
    this.assignments = new LeadAssignments({
      sales: options.sales,
      staff: options.staff,
      now: this.now,
      access: this.customerAccess,
    });
  }

  async list(filters: LeadFilters, page: { cursor?: string; limit?: number }, actor: StaffActor): Promise<LeadListPage> {
    const limit = pageSize(page.limit);
    const params = leadFilterParams(filters, actor.email, await this.customerAccess.visibleTo(actor));
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
    const customer = await this.customerAccess.customerOf(id);
    if (!customer) return 'notFound';
    return (await this.customerAccess.mayOpen(customer, actor)) ? 'allowed' : 'forbidden';
  }

  async lead(id: string, actor: StaffActor): Promise<LeadDetail | 'forbidden' | null> {
    const customerId = await this.customerAccess.customerIdOf(id);
    const customer = customerId && (await customerDetail(this.options.sales, customerId));
    if (!customer) return null;
    if (!(await this.customerAccess.mayOpen(customer, actor))) return 'forbidden';
    await this.record(actor, 'leadView', customer.id);
    return detailOf(customer, seoulDay(this.now()));
  }

  async registrations(id: string): Promise<CustomerRegistration[]> {
    const customerId = await this.customerAccess.customerIdOf(id);
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
    const customer = await this.customerAccess.customerOf(id);
    if (!customer || !(await this.customerAccess.mayOpen(customer, actor))) return null;
    if (!options.kept || !(await this.revealedToday(customer.id, actor))) await this.record(actor, 'phoneReveal', customer.id);
    return formatPhone(customer.phone);
  }

  /** Whether `actor` revealed the customer's number earlier this Seoul day (its record is there). */
  private async revealedToday(customerId: string, actor: StaffActor): Promise<boolean> {
    const { entries } = await this.options.audit.list({ action: 'phoneReveal', actor: actor.email, lead: customerId, from: seoulDay(this.now()), limit: 1 });
    return entries.length > 0;
  }

  // A customer page's changes are LeadChanges' (./lead-changes.ts).
  change(id: string, change: LeadChange, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changes.change(id, change, actor);
  }

  unitTypes(): Promise<UnitTypeChoice[]> {
    return this.changes.unitTypes();
  }

  setProfile(id: string, input: CustomerProfileInput, actor: StaffActor): Promise<CustomerProfileResult> {
    return this.changes.setProfile(id, input, actor);
  }

  addMemo(id: string, text: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changes.addMemo(id, text, actor);
  }

  callResults(): Promise<string[]> {
    return this.changes.callResults();
  }

  recordCall(id: string, input: LeadCallInput, actor: StaffActor): Promise<LeadCallResult> {
    return this.changes.recordCall(id, input, actor);
  }

  checkIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changes.checkIn(id, rev, actor);
  }

  undoCheckIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changes.undoCheckIn(id, rev, actor);
  }

  // The 담당자 work is LeadAssignments' (./lead-assignment.ts).
  assign(ids: string[], assigneeEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    return this.assignments.assign(ids, assigneeEmail, actor);
  }

  handOver(fromEmail: string, toEmail: string | null, actor: StaffActor): Promise<LeadAssignResult> {
    return this.assignments.handOver(fromEmail, toEmail, actor);
  }

  teamAssignment(actor: StaffActor): Promise<TeamAssignment | null> {
    return this.assignments.teamAssignment(actor);
  }

  saveTeamAssignment(input: { roundRobin: boolean; takingPart: string[] }, actor: StaffActor): Promise<boolean> {
    return this.assignments.saveTeamAssignment(input, actor);
  }

  distributeEvenly(target: { ids: string[] } | 'unassigned', actor: StaffActor): Promise<LeadDistributeResult> {
    return this.assignments.distributeEvenly(target, actor);
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
      await deliver(counted(leadExportRows(this.options.sales, leadFilterParams(filters, actor.email, await this.customerAccess.visibleTo(actor)))));
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
   * A caller a 상담사 cannot see (a colleague's customer): whose it is and the 담당자's 휴대폰, so
   * the caller is put through rather than put on hold.
   */
  private async callerElsewhere(phone: string, visibleTo: string): Promise<{ customerId: string; found: CallerElsewhere } | null> {
    const customer = await assigneeOfPhone(this.options.sales, phone);
    if (!customer || customer.assigneeEmail === visibleTo) return null;
    const account = (await this.options.staff.list()).find((staff) => staff.email === customer.assigneeEmail);
    return {
      customerId: customer.customerId,
      found: { assigneeName: account?.name ?? customer.assigneeName ?? customer.assigneeEmail, assigneePhone: account?.mobile ?? null },
    };
  }

  private record(actor: StaffActor, action: Parameters<AuditTrail['record']>[0]['action'], target: string | null, detail: string | null = null) {
    return this.options.audit.record({ actor: actor.email, action, ip: actor.ip, target, detail });
  }
}

function isVisit(status: string): boolean {
  return (VISIT_STATUSES as readonly string[]).includes(status);
}
