/**
 * What the lead list and the lead page show of a customer, what a change on the lead page sends,
 * and what the server answers.
 */
import type { CustomerProfile, CustomerProfileField } from './customer-profile';
import type { ConsoleFormKind } from './lead-form-kinds';
import type { LeadStatus } from './lead-status';
import type { UTM_KEYS } from './utm';

/** A row of the lead list. */
export type LeadRow = {
  id: string;
  createdAt: string;
  name: string;
  maskedPhone: string;
  formKind: ConsoleFormKind;
  status: LeadStatus;
  assigneeName: string | null;
  /** "YYYY-MM-DD HH:mm" of the booked visit. */
  visitAt: string | null;
  marketing: boolean;
  utmSource: string | null;
  utmCampaign: string | null;
  /** The result of the last call recorded, if any. */
  lastCallResult: string | null;
  /** 부재 calls in a row, up to the last call. */
  missedCalls: number;
  /** How many times this customer (this phone number) registered: 2 and more show as 등록 N회. */
  registrations: number;
};

/** One registration of a customer (every form sent with the same phone number): the customer's status and 담당자 are one for all. */
export type CustomerRegistration = {
  id: string;
  createdAt: string;
  formKind: ConsoleFormKind;
  utmSource: string | null;
  utmCampaign: string | null;
};

/**
 * One page of the list, newest first; `next` is the cursor of the following page, `total` counts
 * every page. `elsewhere`: a whole number a 상담사 searched is a colleague's customer — whose, and
 * the 담당자's 휴대폰 when their account has one (nothing of the customer).
 */
export type LeadListPage = { rows: LeadRow[]; next: string | null; total: number; elsewhere?: CallerElsewhere };
export type CallerElsewhere = { assigneeName: string; assigneePhone: string | null };

export type LeadMemo = { key: string; authorEmail: string; authorName: string; at: string; text: string };

/** A recorded call: its result, who recorded it and when, and the agreed time to call again (ISO) if any. */
export type LeadCall = { key: string; result: string; callbackAt: string | null; authorEmail: string; authorName: string; at: string };

/** What a 상담사 records after a call; `callbackAt` is a Seoul wall-clock time, `YYYY-MM-DDTHH:mm`. */
export type LeadCallInput = { rev: string; result: string; callbackAt?: string | null };

export type LeadDetail = {
  id: string;
  /** The revision the page was rendered from: a change sends it back, and a stale one is refused. */
  rev: string;
  createdAt: string;
  name: string;
  maskedPhone: string;
  message: string | null;
  formKind: ConsoleFormKind;
  sourcePage: string | null;
  utm: Partial<Record<(typeof UTM_KEYS)[number], string>>;
  consent: { privacy: boolean; marketing: boolean; ageOver14: boolean; noticeVersion: string | null; agreedAt: string | null };
  /** 관심 타입, 청약 자격, 자금 계획 as chosen on the customer's page. */
  profile: CustomerProfile;
  visitSlotId: string | null;
  visitAt: string | null;
  visitSlotStatus: 'booked' | 'unavailable' | 'released' | null;
  status: LeadStatus;
  assignee: { email: string; name: string } | null;
  checkedInAt: string | null;
  memos: LeadMemo[];
  /** Oldest first; the last is the lead's current call result. */
  calls: LeadCall[];
  /** 부재 calls in a row, up to the last call. */
  missedCalls: number;
};

/** What a staff member changes on a lead page; `rev` is the revision they saw. */
export type LeadChange = { rev: string; status?: LeadStatus; assigneeEmail?: string | null };

/** What saving a customer's 관심 타입·청약 자격·자금 계획 answers: a change's answer, or the fields not among the choices (Korean). */
export type CustomerProfileResult = LeadChangeResult | { ok: false; error: 'unknownChoice'; fieldErrors: Partial<Record<CustomerProfileField, string>> };

export type LeadChangeResult =
  | { ok: true; lead: LeadDetail }
  /** Someone changed the lead since `rev`: nothing was written, here is what it holds now. */
  | { ok: false; error: 'conflict'; current: LeadDetail }
  | { ok: false; error: 'notFound' | 'invalid' }
  /**
   * `forbidden`: taking a check-in back is a manager's; `notToday`: a check-in is on the visit's day only;
   * `notYours`: a colleague's lead, which this 상담사 may not see or take.
   */
  | { ok: false; error: 'forbidden' | 'notToday' | 'notYours' };

/** A change's result, or a call result outside the list, or a 재통화 time that is not in the future. */
export type LeadCallResult = LeadChangeResult | { ok: false; error: 'unknownCallResult' | 'callbackNotFuture' };
