/**
 * The sales console's server services, as the console pages and the export routes see them
 * (through the load context), over the embedded leads database or PostgreSQL.
 */
import type { ConsoleDashboard } from '../../shared/console-dashboard';
import type {
  CustomerProfileResult,
  CustomerRegistration,
  LeadCallInput,
  LeadCallResult,
  LeadChange,
  LeadChangeResult,
  LeadDetail,
  LeadListPage,
} from '../../shared/lead-dto';
import type { LeadFilters } from '../../shared/lead-filters';
import type { StaffIdentity, StaffRole } from '../../shared/staff-roles';
import type { VisitSheet } from '../../shared/visit-bookings';
import type { VisitBookings } from './visit-bookings';
import type { CustomerProfile, CustomerProfileInput, UnitTypeChoice } from '../../shared/customer-profile';
import type { VisitSlotSchedule } from '../customers/visit-slot-schedule';

/** The signed-in staff member and the address the request came from: what an audit record names. */
export type StaffActor = StaffIdentity & { ip: string };

export type LeadExportFormat = 'csv' | 'xlsx';

/** A row of the export (CSV and xlsx): one customer (one phone), whole phone number included. */
export type LeadExportRow = {
  /** The customer's id. */
  id: string;
  /** When the customer last registered. */
  createdAt: string;
  name: string;
  phone: string;
  /** How many times the customer registered. */
  registrations: number;
  /** The latest registration's message, form, consent text, page and campaign. */
  message: string | null;
  formKind: string;
  noticeVersion: string | null;
  agreedAt: string | null;
  sourcePage: string | null;
  utm: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
  /** The first registration ever: when, and from which form and campaign. */
  firstTouch: { at: string; utmSource: string | null; utmCampaign: string | null; formKind: string } | null;
  status: string;
  assigneeName: string | null;
  /** The coming visit, or else the latest one, and its state (a walk-in's is checkedIn). */
  visitAt: string | null;
  visitStatus: string | null;
  marketing: boolean;
  /** The latest check-in, booked or walked in. */
  checkedInAt: string | null;
  /** Oldest first. */
  memos: Array<{ at: string; authorName: string; text: string }>;
  /** Oldest first; the last is the customer's current call result. */
  calls: Array<{ at: string; result: string; callbackAt: string | null }>;
  /** 관심 타입 (a unit type code), 청약 자격, 자금 계획. */
  profile: CustomerProfile;
};

/** How many leads a bulk assignment or a hand-over moved, and how many it could not; `invalid`: no such 담당자, too many leads. */
/** `forbidden`: a hand-over of accounts this actor may not hand over (mayHandOver). */
export type LeadAssignResult = { ok: true; assigned: number; refused: number } | { ok: false; error: 'invalid' | 'forbidden' };

/** The automatic assignment as a 팀장 sets it: on or off, and each active 상담사 taking part or not. */
export type TeamAssignment = { roundRobin: boolean; sales: Array<{ email: string; name: string; takingPart: boolean }> };

/** What 균등 배분 did: how many customers each 상담사 taking part got. */
export type LeadDistributeResult =
  { ok: true; total: number; counts: Array<{ email: string; name: string; count: number }> } | { ok: false; error: 'invalid' | 'nobodyTakingPart' };

export type LeadAccess = 'allowed' | 'forbidden' | 'notFound';

/** Every read of personal data and every change is recorded in the audit trail by the service. */
export interface LeadConsole {
  /** Book, move and cancel a lead's visit; the desk's walk-ins and phone-ins (the site's capacity-checked path). */
  readonly bookings: Pick<VisitBookings, 'openSlots' | 'deskSources' | 'book' | 'cancel' | 'register' | 'findCustomer'>;
  /** Visit slots: list, create for a day or a week, edit, delete an empty one (admin and 팀장). */
  readonly slots: Pick<VisitSlotSchedule, 'list' | 'create' | 'edit' | 'remove'>;
  /** A page and the total; a search by a whole phone number records `phoneSearch` (the count, not the number). */
  list(filters: LeadFilters, page: { cursor?: string; limit?: number }, actor: StaffActor): Promise<LeadListPage>;
  /** The unit types the customer's 관심 타입 is chosen among (the CMS's). */
  unitTypes(): Promise<UnitTypeChoice[]>;
  /** Saves the customer's 관심 타입, 청약 자격, 자금 계획 (each a choice or ''); records `leadProfile`. */
  setProfile(id: string, input: CustomerProfileInput, actor: StaffActor): Promise<CustomerProfileResult>;
  /** The campaign names leads carry, lower case, once each: the list's campaign choice. */
  campaigns(): Promise<string[]>;
  /**
   * Whether `actor` may open the lead (its page and every action on it), reading and recording
   * nothing else: `forbidden` for a colleague's lead a 상담사 may not see, `notFound` for no lead.
   */
  access(id: string, actor: StaffActor): Promise<LeadAccess>;
  /** Records `leadView`; `forbidden` for a lead assigned to a colleague of a 상담사 who may not see it. */
  lead(id: string, actor: StaffActor): Promise<LeadDetail | 'forbidden' | null>;
  /** Every registration of the lead's customer (the same phone number), this one included, newest first. */
  registrations(id: string): Promise<CustomerRegistration[]>;
  /**
   * The whole number; records `phoneReveal`. `kept`: shown again on the page after a save, recorded
   * only when the actor's reveal of it today is not on record (a forged "kept" costs a record).
   */
  revealPhone(id: string, actor: StaffActor, options?: { kept?: boolean }): Promise<string | null>;
  /** Status and assignee, refused with the current state when `change.rev` is stale. Records `leadChange`. */
  change(id: string, change: LeadChange, actor: StaffActor): Promise<LeadChangeResult>;
  /** Appends a memo (never lost to a concurrent change). Records `leadMemo`. */
  addMemo(id: string, text: string, actor: StaffActor): Promise<LeadChangeResult>;
  /** The call results a 상담사 chooses from: marketing's list, or the default five. */
  callResults(): Promise<string[]>;
  /** Appends a call result (and a future 재통화 time), refused when `input.rev` is stale. Records `leadCall`. */
  recordCall(id: string, input: LeadCallInput, actor: StaffActor): Promise<LeadCallResult>;
  /**
   * Assigns each lead to `assigneeEmail` (null: 미배정) as a change on its page would, under the same
   * rules, with one `leadChange` record per lead naming the previous and the new 담당자. A lead
   * changed meanwhile is assigned as it is now; one the actor may not reassign is counted refused.
   */
  assign(ids: string[], assigneeEmail: string | null, actor: StaffActor): Promise<LeadAssignResult>;
  /**
   * Every lead of `fromEmail` (a leaving colleague's) to `toEmail` (an active account) or 미배정 in
   * one transaction, one record per customer and one `leadHandOver` naming the count: the admin's
   * for anyone, a 팀장's for a 상담사 to a 상담사 (mayHandOver; `forbidden` otherwise).
   */
  handOver(fromEmail: string, toEmail: string | null, actor: StaffActor): Promise<LeadAssignResult>;
  /** The automatic assignment's settings (팀장, 관리자; null for a 상담사). */
  teamAssignment(actor: StaffActor): Promise<TeamAssignment | null>;
  /** Sets them, with one `assignmentSettings` record; false for a 상담사 or an email of no active 상담사. */
  saveTeamAssignment(input: { roundRobin: boolean; takingPart: string[] }, actor: StaffActor): Promise<boolean>;
  /**
   * 균등 배분: the leads `ids` (or every 미배정 customer) split evenly among the 상담사 taking part, in
   * one transaction with one `leadDistribute` record naming the counts (팀장, 관리자).
   */
  distributeEvenly(target: { ids: string[] } | 'unassigned', actor: StaffActor): Promise<LeadDistributeResult>;
  /**
   * Sets 방문 완료 and the check-in time, on the visit's day (Seoul) only. Records `visitCheckIn`.
   * The desk checks in anyone on the day's sheet; any other lead only whoever may open it.
   */
  checkIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult>;
  /** Takes a check-in back (방문 예약, no time): not for a 상담사. Records `visitCheckInUndo`. */
  undoCheckIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult>;
  visits(date: string): Promise<VisitSheet>;
  dashboard(today: string): Promise<ConsoleDashboard>;
  /**
   * Hands the rows matching the filters (newest first, read in pages) to `deliver`, then records
   * `leadExport` with the filters, the row count and the 사유 given, marked (중단) unless `deliver`
   * resolved: the one way personal data leaves in bulk. Resolves with the count; rejects as
   * `deliver` does.
   */
  exportLeads(
    filters: LeadFilters,
    actor: StaffActor,
    request: { format: LeadExportFormat; reason: string },
    deliver: (rows: AsyncIterable<LeadExportRow>) => Promise<void>,
  ): Promise<number>;
}

export type { StaffRole };
