/**
 * The sales console's vocabulary, shared by the server and the console pages: staff roles, lead
 * statuses, the list filters (parsed the same way from a URL on both sides), the shapes of what
 * the console shows, and the audit trail's actions. Korean labels live next to their codes.
 */
import { LEAD_FORM_KINDS, type LeadFormKind } from './lead-validation';
import { isDay } from './seoul-time';
import { UTM_KEYS } from './utm';

export const STAFF_ROLES = ['admin', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: '관리자', sales: '상담사' };

/** Whether `role` may take a visit check-in back (a 상담사 may not). */
export function mayUndoCheckIn(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Who is signed in: what every console page and every audit record names. */
export type StaffIdentity = { email: string; name: string; role: StaffRole };

export const LEAD_STATUSES = [
  'new',
  'contacting',
  'consulted',
  'visitBooked',
  'visited',
  'contracted',
  'onHold',
  'invalid',
] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: '신규',
  contacting: '연락 중',
  consulted: '상담 완료',
  visitBooked: '방문 예약',
  visited: '방문 완료',
  contracted: '계약',
  onHold: '보류',
  invalid: '무효',
};

export const LEAD_FORM_KIND_LABELS: Record<LeadFormKind, string> = {
  popup: '관심고객 등록 창',
  home: '홈 방문예약',
  customer: '방문예약 등록 페이지',
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** 010-****-5678: lists never show a whole number; revealing one is an audited action. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}

/** The lead list's filters. Dates are Seoul days (YYYY-MM-DD), `to` inclusive. */
export type LeadFilters = {
  from?: string;
  to?: string;
  formKind?: LeadFormKind;
  /** Leads whose booked visit is on this day. */
  visitDay?: string;
  status?: LeadStatus;
  marketing?: boolean;
  utmSource?: string;
  utmCampaign?: string;
  /** A name (or its beginning), the last four digits of the phone, or a whole mobile number (any spelling). */
  q?: string;
  /** 담당자: `none` nobody (미배정), `me` the signed-in staff member (내 고객), or an account's email. */
  assignee?: string;
};

/** An email, as the 담당자 filter takes one: something@somewhere. */
const ASSIGNEE_EMAIL = /^[^\s@]+@[^\s@]+$/;

const FILTER_TEXT_MAX = 100;
/**
 * The filters a URL asks for. A value that is not valid is left out (and named in `invalid`, so
 * the page can say so) rather than refusing the whole list.
 */
export function parseLeadFilters(params: URLSearchParams): { filters: LeadFilters; invalid: Array<keyof LeadFilters> } {
  const filters: LeadFilters = {};
  const invalid: Array<keyof LeadFilters> = [];
  const text = (name: string) => (params.get(name) ?? '').trim();
  for (const key of ['from', 'to', 'visitDay'] as const) {
    const value = text(key);
    if (!value) continue;
    if (isDay(value)) filters[key] = value;
    else invalid.push(key);
  }
  const formKind = text('formKind');
  if (formKind) {
    if ((LEAD_FORM_KINDS as readonly string[]).includes(formKind)) filters.formKind = formKind as LeadFormKind;
    else invalid.push('formKind');
  }
  const status = text('status');
  if (status) {
    if (isLeadStatus(status)) filters.status = status;
    else invalid.push('status');
  }
  const marketing = text('marketing');
  if (marketing === 'yes') filters.marketing = true;
  else if (marketing === 'no') filters.marketing = false;
  else if (marketing) invalid.push('marketing');
  const assignee = text('assignee');
  if (assignee) {
    if (assignee === 'none' || assignee === 'me' || (assignee.length <= FILTER_TEXT_MAX && ASSIGNEE_EMAIL.test(assignee))) filters.assignee = assignee;
    else invalid.push('assignee');
  }
  for (const key of ['utmSource', 'utmCampaign', 'q'] as const) {
    const value = text(key);
    if (!value) continue;
    if (value.length <= FILTER_TEXT_MAX) filters[key] = value;
    else invalid.push(key);
  }
  return { filters, invalid };
}

/** The query string of `filters` (what parseLeadFilters reads back). */
export function leadFiltersToParams(filters: LeadFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === undefined || value === '') continue;
    params.set(key, typeof value === 'boolean' ? (value ? 'yes' : 'no') : String(value));
  }
  return params;
}

/** A row of the lead list. */
export type LeadRow = {
  id: string;
  createdAt: string;
  name: string;
  maskedPhone: string;
  formKind: LeadFormKind;
  status: LeadStatus;
  assigneeName: string | null;
  /** "YYYY-MM-DD HH:mm" of the booked visit. */
  visitAt: string | null;
  marketing: boolean;
  utmSource: string | null;
  utmCampaign: string | null;
  /** The result of the last call recorded, if any. */
  lastCallResult: string | null;
  /** How many times this customer (this phone number) registered: 2 and more show as 등록 N회. */
  registrations: number;
};

/** One registration of a customer (every lead with the same phone number is one customer). */
export type CustomerRegistration = {
  id: string;
  createdAt: string;
  formKind: LeadFormKind;
  status: LeadStatus;
  utmSource: string | null;
  utmCampaign: string | null;
};

/** One page of the list, newest first; `next` is the cursor of the following page, `total` counts every page. */
export type LeadListPage = { rows: LeadRow[]; next: string | null; total: number };

export type LeadMemo = { key: string; authorEmail: string; authorName: string; at: string; text: string };

/** The call results offered when marketing has not set its own list in the Studio. */
export const DEFAULT_CALL_RESULTS = ['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류'] as const;

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
  formKind: LeadFormKind;
  sourcePage: string | null;
  utm: Partial<Record<(typeof UTM_KEYS)[number], string>>;
  consent: { privacy: boolean; marketing: boolean; ageOver14: boolean; noticeVersion: string | null; agreedAt: string | null };
  visitSlotId: string | null;
  visitAt: string | null;
  visitSlotStatus: 'booked' | 'unavailable' | 'released' | null;
  status: LeadStatus;
  assignee: { email: string; name: string } | null;
  checkedInAt: string | null;
  memos: LeadMemo[];
  /** Oldest first; the last is the lead's current call result. */
  calls: LeadCall[];
};

/** What a staff member changes on a lead page; `rev` is the revision they saw. */
export type LeadChange = { rev: string; status?: LeadStatus; assigneeEmail?: string | null };

export type LeadChangeResult =
  | { ok: true; lead: LeadDetail }
  /** Someone changed the lead since `rev`: nothing was written, here is what it holds now. */
  | { ok: false; error: 'conflict'; current: LeadDetail }
  | { ok: false; error: 'notFound' | 'invalid' }
  /** `forbidden`: taking a check-in back is a manager's; `notToday`: a check-in is on the visit's day only. */
  | { ok: false; error: 'forbidden' | 'notToday' };

/** A change's result, or a call result outside the list, or a 재통화 time that is not in the future. */
export type LeadCallResult = LeadChangeResult | { ok: false; error: 'unknownCallResult' | 'callbackNotFuture' };

/** A day's model-house visits for the reception desk. */
export type VisitSheet = {
  date: string;
  slots: Array<{
    id: string;
    time: string;
    capacity: number;
    booked: number;
    bookings: Array<{ leadId: string; rev: string; name: string; maskedPhone: string; status: LeadStatus; lastMemo: string | null; checkedInAt: string | null }>;
  }>;
};

export type ConsoleDashboard = {
  today: string;
  newLeads: { today: number; last7Days: number; last30Days: number };
  /** The last 30 Seoul days, oldest first, zeros included. */
  byDay: Array<{ date: string; count: number }>;
  /** Over the last 30 days. */
  byForm: Array<{ formKind: LeadFormKind; count: number }>;
  /** Over the last 30 days; leads without a source count as "(없음)" (`source: null`). */
  bySource: Array<{ source: string | null; count: number }>;
  /** The next 14 days from today. */
  slotFill: Array<{ date: string; capacity: number; booked: number }>;
};

export const AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signOut',
  'leadView',
  'phoneReveal',
  'phoneSearch',
  'leadChange',
  'leadMemo',
  'leadCall',
  'visitCheckIn',
  'visitCheckInUndo',
  'leadExport',
  'accountCreate',
  'accountDisable',
  'accountEnable',
  'accountReset',
  'auditView',
  'auditExport',
  'purge',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  signIn: '로그인',
  signInFailed: '로그인 실패',
  signOut: '로그아웃',
  leadView: '고객 정보 열람',
  phoneReveal: '연락처 전체 보기',
  phoneSearch: '전화번호로 고객 찾기',
  leadChange: '상태·담당자 변경',
  leadMemo: '메모 작성',
  leadCall: '통화 결과 기록',
  visitCheckIn: '방문 확인',
  visitCheckInUndo: '방문 확인 취소',
  leadExport: '고객 목록 내려받기',
  accountCreate: '계정 추가',
  accountDisable: '계정 사용 중지',
  accountEnable: '계정 다시 사용',
  accountReset: '비밀번호 재설정',
  auditView: '접속 기록 열람',
  auditExport: '접속 기록 내려받기',
  purge: '보관 기간 지난 정보 삭제',
};

/** One line of the audit trail. `actor` is the staff email (or the email tried, on a failed sign-in). */
export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  /** What it was about: a lead id, an account email, … */
  target: string | null;
  /** Filters of an export and its row count, the status set, … (short, no phone numbers). */
  detail: string | null;
  ip: string;
};
