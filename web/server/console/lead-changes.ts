/**
 * The changes made on a customer's page: status and 담당자, 관심 타입 and the other profile choices,
 * memos, call results and the desk's check-in. Each is checked against the version the page showed
 * and goes through CustomerWork (one transaction with its audit record); the answer is the customer
 * as the page shows it after the change, or as it is now when refused as stale.
 */
import { callResultsQuery, consoleUnitTypesQuery } from '../../sanity/queries';
import { DEFAULT_CALL_RESULTS } from '../../shared/call-results';
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
import type { CustomerProfileResult, LeadCallInput, LeadCallResult, LeadChange, LeadChangeResult } from '../../shared/lead-dto';
import { isLeadStatus } from '../../shared/lead-status';
import { seoulDay, seoulWallClockTime } from '../../shared/seoul-time';
import type { StaffDirectory } from '../auth/staff-accounts';
import type { ContentSource } from '../content/types';
import { customerDetail } from '../customers/customer-detail';
import { CustomerWork, type CustomerActor, type WorkResult } from '../customers/customer-work';
import type { SalesDatabase } from '../database/index';
import { stripFormatCharacters } from '../free-text';
import type { CustomerAccess } from './customer-access';
import { staffAssignee } from './lead-assignment';
import { detailOf } from './lead-detail';
import type { StaffActor } from './types';

export const MAX_MEMO_LENGTH = 2000;

export type LeadChangesOptions = {
  sales: SalesDatabase;
  /** Where marketing keeps the call result list and the unit types. */
  content: ContentSource;
  /** Who a customer may be assigned to. */
  staff: StaffDirectory;
  access: CustomerAccess;
  now?: () => number;
};

/** Each method is described on LeadConsole (./types.ts). */
export class LeadChanges {
  private readonly work: CustomerWork;
  private readonly now: () => number;

  constructor(private readonly options: LeadChangesOptions) {
    this.now = options.now ?? Date.now;
    this.work = new CustomerWork(options.sales, { now: this.now });
  }

  async change(id: string, change: LeadChange, actor: StaffActor): Promise<LeadChangeResult> {
    const { status, assigneeEmail } = change;
    if (status === undefined && assigneeEmail === undefined) return INVALID;
    if (status !== undefined && !isLeadStatus(status)) return INVALID;
    const assignee = assigneeEmail === undefined ? undefined : await staffAssignee(this.options.staff, assigneeEmail, actor);
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
    return this.changed(id, actor, input.rev, (customerId, version, by) =>
      this.work.recordCall(customerId, { version, result, callbackAt, callbackLabel }, by),
    );
  }

  /** The desk checks in anyone on the day's sheet, a colleague's visitor too (CustomerWork says who). */
  async checkIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changed(id, actor, rev, (customerId, version, by) => this.work.checkIn(customerId, version, by));
  }

  async undoCheckIn(id: string, rev: string, actor: StaffActor): Promise<LeadChangeResult> {
    return this.changed(id, actor, rev, (customerId, version, by) => this.work.undoCheckIn(customerId, version, by));
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
    const customer = await this.options.access.customerOf(id);
    if (!customer) return NOT_FOUND;
    const version = rev === null ? customer.version : versionOf(rev);
    if (version === null) return (await this.options.access.mayOpen(customer, actor)) ? INVALID : NOT_YOURS;
    const result = await work(customer.id, version, await this.options.access.actorOf(actor));
    if (result.ok || result.error === 'conflict') return this.current(customer.id, result.ok);
    return { ok: false, error: result.error } as LeadChangeResult;
  }

  async current(id: string, written: boolean): Promise<LeadChangeResult> {
    const customerId = await this.options.access.customerIdOf(id);
    const customer = customerId && (await customerDetail(this.options.sales, customerId));
    if (!customer) return NOT_FOUND;
    const lead = detailOf(customer, seoulDay(this.now()));
    return written ? { ok: true, lead } : { ok: false, error: 'conflict', current: lead };
  }
}

// eslint-disable-next-line no-control-regex -- a memo keeps its line breaks, nothing else invisible
const CONTROL_BUT_LINE_BREAK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const INVALID: LeadChangeResult = { ok: false, error: 'invalid' };
const NOT_FOUND: LeadChangeResult = { ok: false, error: 'notFound' };
const NOT_YOURS: LeadChangeResult = { ok: false, error: 'notYours' };

/**
 * The customer's version a page carries as its `rev`; null when none was sent. A made-up one is
 * no version the customer ever had: stale (a conflict), once the actor may act on the customer.
 */
function versionOf(rev: string): number | null {
  if (typeof rev !== 'string' || !rev) return null;
  return /^\d{1,15}$/.test(rev) ? Number(rev) : -1;
}
