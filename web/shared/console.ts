/**
 * The sales console's vocabulary, shared by the server and the console pages: staff roles, lead
 * statuses, the list filters (parsed the same way from a URL on both sides), the shapes of what
 * the console shows, and the audit trail's actions. Korean labels live next to their codes.
 */
import { LEAD_FORM_KINDS, type LeadFormKind } from './lead-validation';
import { isDay } from './seoul-time';
import { UTM_KEYS } from './utm';
import { isFundingPlan, isSubscription, type CustomerProfile, type CustomerProfileField, type FundingPlan, type SubscriptionQualification } from './customer-profile';

/** From most to least trusted: an admin runs the site, a 팀장 runs the sales team, a 상담사 works leads. */
export const STAFF_ROLES = ['admin', 'manager', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: '관리자', manager: '팀장', sales: '상담사' };

/** Whether `role` may do less than `than` (STAFF_ROLES runs from the most to the least). */
export function isLowerRole(role: StaffRole, than: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) > STAFF_ROLES.indexOf(than);
}

/**
 * Whether `role` manages the team's leads: assigns any lead to anyone (in bulk too), hands a
 * colleague's leads over, takes check-ins back. A 상담사 works the leads in front of them.
 */
export function mayManageLeads(role: StaffRole): boolean {
  return role !== 'sales';
}

/**
 * Whether `role` may hand every customer of an account of role `from` over to one of role `to`
 * (null: 미배정): the admin anyone's to anyone; a 팀장 a 상담사's to a 상담사 (퇴사자 고객 넘기기).
 */
export function mayHandOver(role: StaffRole, from: StaffRole, to: StaffRole | null): boolean {
  if (role === 'admin') return true;
  return role === 'manager' && from === 'sales' && (to === null || to === 'sales');
}

/** Whether `role` may create, change and delete visit slots (a 상담사 may not). */
export function mayManageSlots(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Whether `role` may take a visit check-in back (a 상담사 may not). */
export function mayUndoCheckIn(role: StaffRole): boolean {
  return mayManageLeads(role);
}

/** Whether `role` manages staff accounts and the site's preview: the admin's alone. */
export function mayAdminister(role: StaffRole): boolean {
  return role === 'admin';
}

/**
 * Which part of the audit trail `role` reads: the admin the whole of it, a 팀장 the team's
 * (AUDIT_TEAM_SCOPE), a 상담사 none.
 */
export function auditScopeOf(role: StaffRole): 'all' | 'team' | null {
  return role === 'admin' ? 'all' : role === 'manager' ? 'team' : null;
}

/** Whether `role` may download leads, statistics or the audit trail (a 상담사 may not). */
export function mayExport(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Whether `role` may enter and remove ad spend on the statistics page (a 상담사 may not). */
export function mayEnterAdSpend(role: StaffRole): boolean {
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

/** Leads the staff enter at the reception desk: a visitor who walked in, a caller who booked by phone. */
export const DESK_FORM_KINDS = ['walkIn', 'phoneIn'] as const;
export type DeskFormKind = (typeof DESK_FORM_KINDS)[number];
/** Where a lead came in: one of the site's forms or the desk (kept apart in the counts). */
export const CONSOLE_FORM_KINDS = [...LEAD_FORM_KINDS, ...DESK_FORM_KINDS] as const;
export type ConsoleFormKind = LeadFormKind | DeskFormKind;

export const LEAD_FORM_KIND_LABELS: Record<ConsoleFormKind, string> = {
  popup: '관심고객 등록 창',
  home: '홈 방문예약',
  customer: '방문예약 등록 페이지',
  walkIn: '현장 방문 (데스크 등록)',
  phoneIn: '전화 문의 (데스크 등록)',
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}

/**
 * 01012345678 → 010-1234-5678 (for display and the exports). Here, not beside the site form's
 * validation, whose module every visitor's page loads.
 */
export function formatPhone(digits: string): string {
  return digits.length === 11
    ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
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
  formKind?: ConsoleFormKind;
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
  /** 관심 타입: a unit type code. */
  interestType?: string;
  subscription?: SubscriptionQualification;
  funding?: FundingPlan;
};

/** An email, as the 담당자 filter takes one: something@somewhere. */
const ASSIGNEE_EMAIL = /^[^\s@]+@[^\s@]+$/;

const FILTER_TEXT_MAX = 100;
// eslint-disable-next-line no-control-regex -- what no typed search holds (NUL ended a PostgreSQL query in a 500)
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** What every console filter answers (400) when a typed value holds a control character. */
export const FILTER_CONTROL_MESSAGE = '검색어와 조건에는 제어 문자(보이지 않는 특수 문자)를 쓸 수 없습니다. 다시 입력해 주세요.';

/** Whether a typed filter value holds a control character (NUL, tab, line break, DEL, C1…). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}
/**
 * The filters a URL asks for. A value that is not valid is left out (and named in `invalid`, so
 * the page can say so) rather than refusing the whole list; a typed value with a control character
 * also gives `controlError`, the request's fault (400).
 */
export function parseLeadFilters(params: URLSearchParams): { filters: LeadFilters; invalid: Array<keyof LeadFilters>; controlError: string | null } {
  const filters: LeadFilters = {};
  const invalid: Array<keyof LeadFilters> = [];
  let controlError: string | null = null;
  const text = (name: string) => (params.get(name) ?? '').trim();
  for (const key of ['from', 'to', 'visitDay'] as const) {
    const value = text(key);
    if (!value) continue;
    if (isDay(value)) filters[key] = value;
    else invalid.push(key);
  }
  const formKind = text('formKind');
  if (formKind) {
    if ((CONSOLE_FORM_KINDS as readonly string[]).includes(formKind)) filters.formKind = formKind as ConsoleFormKind;
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
  const subscription = text('subscription');
  if (subscription) {
    if (isSubscription(subscription)) filters.subscription = subscription;
    else invalid.push('subscription');
  }
  const funding = text('funding');
  if (funding) {
    if (isFundingPlan(funding)) filters.funding = funding;
    else invalid.push('funding');
  }
  for (const key of ['utmSource', 'utmCampaign', 'q', 'interestType'] as const) {
    const value = text(key);
    if (!value) continue;
    if (hasControlCharacter(value)) controlError = FILTER_CONTROL_MESSAGE;
    if (value.length <= FILTER_TEXT_MAX && !hasControlCharacter(value)) filters[key] = value;
    else invalid.push(key);
  }
  return { filters, invalid, controlError };
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

/** The call results offered when marketing has not set its own list in the Studio. */
export const DEFAULT_CALL_RESULTS = ['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류'] as const;
/** The call result of a customer who did not answer: counted in a row ("3회 부재"). */
export const MISSED_CALL_RESULT = '부재';
/** The call result that offers to mark the customer 무효. */
export const WRONG_NUMBER_CALL_RESULT = '번호 오류';

/** A last call result as the console shows it: 부재 with how many in a row ("3회 부재"). */
export function callResultLabel(result: string, missedCalls: number): string {
  return result === MISSED_CALL_RESULT && missedCalls > 0 ? `${missedCalls}회 ${MISSED_CALL_RESULT}` : result;
}

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

/** A day's model-house visits for the reception desk. */
/** A visitor on a day's sheet. */
export type VisitSheetVisitor = {
  leadId: string;
  rev: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  /** 담당자: who works this customer. */
  assigneeName: string | null;
  lastMemo: string | null;
  checkedInAt: string | null;
};

export type VisitSheet = {
  date: string;
  slots: Array<{ id: string; time: string; capacity: number; booked: number; bookings: VisitSheetVisitor[] }>;
  /** 현장 방문: walk-ins registered at the desk that day, checked in, holding no slot place. */
  walkIns: VisitSheetVisitor[];
};

/** A visit slot as the console lists it; `rev` is what an edit or a delete sends back. */
export type ConsoleSlot = { id: string; rev: string; date: string; time: string; capacity: number; booked: number };

/** A day with the slots a booking may choose (places left, today or later). */
export type OpenSlotDay = { date: string; slots: Array<{ id: string; time: string; left: number }> };

/** Why a booking from the console (lead page, desk) was refused, beside a change's reasons. */
export type BookingRefusal = 'slotFull' | 'slotMissing' | 'contended' | 'alreadyBooked' | 'notBooked' | 'sameSlot';
export type BookingResult = LeadChangeResult | { ok: false; error: BookingRefusal };

/**
 * What the desk enters in one short form; a phone-in books `slotId`, a walk-in is checked in at once.
 * `moveRev`: the customer's version the desk was shown when it offered to move their coming visit
 * to `slotId` (a second place is never taken).
 */
export type DeskRegistration = {
  key: string;
  kind: DeskFormKind;
  name: string;
  phone: string;
  consent: boolean;
  slotId?: string | null;
  moveRev?: string | null;
  /** The customer agreed to marketing 문자 (asked at the desk). */
  marketing?: boolean;
  /** 유입 경로: one of the desk's list (DEFAULT_DESK_SOURCES or the Studio's); empty: not asked. */
  source?: string | null;
  /** 동반 인원 as typed: a whole number 0–20, or empty. */
  companions?: string | null;
};
/** Korean messages per field of the desk form. */
export type DeskFieldErrors = Partial<Record<'name' | 'phone' | 'consent' | 'slot' | 'kind' | 'source' | 'companions', string>>;
/** The desk's 유입 경로 when marketing left the Studio's list empty. */
export const DEFAULT_DESK_SOURCES = ['현수막', '지인 소개', '전단', '인터넷', '기타'] as const;
/** The most 동반 인원 the desk notes for one customer. */
export const MAX_COMPANIONS = 20;
export const DESK_MESSAGES = {
  kind: '방문 또는 전화 중 하나를 골라 주세요.',
  consent: '고객에게 개인정보 수집·이용 동의(만 14세 이상 확인 포함)를 받은 뒤 체크해 주세요.',
  slot: '전화 예약은 방문 일시를 골라야 합니다.',
  // The desk form names the field 휴대폰 (the site's forms say 연락처).
  phoneRequired: '휴대폰 번호를 입력해 주세요.',
  source: '유입 경로는 목록에서 골라 주세요.',
  companions: `동반 인원은 0에서 ${MAX_COMPANIONS} 사이의 숫자로 입력해 주세요.`,
} as const;
/** A customer the desk found by number: who works them, and their coming visit; `rev` is their version. */
export type DeskCustomer = { customerId: string; rev: string; name: string; assigneeName: string | null; comingVisitAt: string | null };
/** What the desk's number lookup found: a customer, nobody (a new customer), or a number that is none. */
export type DeskLookupResult = { ok: true; customer: DeskCustomer | null } | { ok: false; error: 'invalid'; fieldErrors: DeskFieldErrors };
export type DeskRegistrationResult =
  | {
      ok: true;
      /** The customer's id: their page. */
      leadId: string;
      kind: DeskFormKind;
      name: string;
      visitAt: string | null;
      duplicate: boolean;
      /** The number was a customer already (기존 고객), and who works them. */
      returning: boolean;
      assigneeName: string | null;
      /** The coming visit moved here from this time (no second place taken). */
      movedFrom?: string;
      /** A walk-in who had booked today: that booking was checked in. */
      checkedInBooking?: true;
    }
  | { ok: false; error: 'invalid'; fieldErrors: DeskFieldErrors }
  /** The customer has a coming visit: the desk offers to move it (`customer.rev` goes back as `moveRev`). */
  | { ok: false; error: 'alreadyBooked'; customer: DeskCustomer }
  | { ok: false; error: 'slotFull' | 'slotMissing' | 'sameSlot' | 'notYours' };

/** Slots for a day or a week at the given times, `capacity` places each. */
/** More places than a model house holds in one sitting: a typo, not a plan. */
export const MAX_SLOT_CAPACITY = 200;
export const MAX_TIMES_PER_DAY = 12;
const SLOT_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isSlotTime(value: string): boolean {
  return SLOT_TIME.test(value);
}

export function isSlotCapacity(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= MAX_SLOT_CAPACITY;
}

export type SlotCreation = { from: string; days: 1 | 7; times: string[]; capacity: number };
export type SlotEdit = { rev: string; time: string; capacity: number };
export type SlotResult =
  | { ok: true; created?: string[]; skipped?: string[]; /** Booked visits an edit moved to the slot's new time. */ moved?: number }
  | { ok: false; error: 'forbidden' | 'notFound' | 'conflict' | 'invalid' | 'past' | 'belowBooked' | 'notEmpty' | 'timeTaken'; booked?: number };

/** A count over today, the last 7 and the last 30 Seoul days. */
export type DashboardPeriods = { today: number; last7Days: number; last30Days: number };

/** The dashboard's numbers, each by its one definition (server/customers/numbers.ts). */
export type ConsoleDashboard = {
  today: string;
  /** 고객: people (one per phone) who registered in the period, new or returning: what the list counts. */
  customers: DashboardPeriods;
  /** 등록: the forms sent in the period, a returning customer's each counted. */
  registrations: DashboardPeriods;
  /** Today's 방문 예약 (bookings), 현장 방문 (walk-ins at the desk) and 방문 완료 (both, checked in). */
  visitsToday: { bookings: number; walkIns: number; made: number };
  /** 고객 per day over the last 30 Seoul days, oldest first, zeros included. */
  byDay: Array<{ date: string; count: number }>;
  /** 고객 per form over the last 30 days (a customer who used two forms counts under each). */
  byForm: Array<{ formKind: ConsoleFormKind; count: number }>;
  /** 고객 per utm_source over the last 30 days; none counts as "(없음)" (`source: null`). */
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
  'leadDistribute',
  'groupMessage',
  'leadHandOver',
  'assignmentSettings',
  'leadMemo',
  'leadProfile',
  'leadCall',
  'visitCheckIn',
  'visitCheckInUndo',
  'visitBook',
  'visitMove',
  'visitCancel',
  'deskRegister',
  'slotCreate',
  'slotChange',
  'slotDelete',
  'leadExport',
  'statsExport',
  'teamStatsExport',
  'adSpend',
  'accountCreate',
  'accountDisable',
  'accountEnable',
  'accountReset',
  'accountRole',
  'accountMobile',
  'auditView',
  'auditExport',
  'purge',
  'customerDelete',
  'consentWithdraw',
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
  leadDistribute: '균등 배분',
  groupMessage: '단체 문자 발송',
  leadHandOver: '퇴사자 고객 넘기기',
  assignmentSettings: '자동 배정 설정 변경',
  leadMemo: '메모 작성',
  leadProfile: '관심 타입·청약 자격·자금 계획 변경',
  leadCall: '통화 결과 기록',
  visitCheckIn: '방문 확인',
  visitCheckInUndo: '방문 확인 취소',
  visitBook: '방문 예약',
  visitMove: '방문 예약 변경',
  visitCancel: '방문 예약 취소',
  deskRegister: '현장 등록',
  slotCreate: '방문 일정 추가',
  slotChange: '방문 일정 수정',
  slotDelete: '방문 일정 삭제',
  leadExport: '고객 목록 내려받기',
  statsExport: '통계 내려받기',
  teamStatsExport: '상담사별 실적 내려받기',
  adSpend: '광고비 변경',
  accountCreate: '계정 추가',
  accountDisable: '계정 사용 중지',
  accountEnable: '계정 다시 사용',
  accountReset: '비밀번호 재설정',
  accountRole: '역할 변경',
  accountMobile: '휴대폰 번호 변경',
  auditView: '접속 기록 열람',
  auditExport: '접속 기록 내려받기',
  purge: '보관 기간 지난 정보 삭제',
  customerDelete: '고객 요청으로 정보 삭제',
  consentWithdraw: '마케팅 수신 동의 철회',
};

/**
 * The 팀장's part of the audit trail: every record about a customer (whoever made it), and the
 * sales team's own actions when a 상담사 or 팀장 made them. Listed, not excluded, so that an
 * action added later stays the admin's until it is put here. Account administration, the purge
 * and what the admin alone does that is about no customer are not the team's.
 */
export const AUDIT_TEAM_SCOPE: { customer: readonly AuditAction[]; team: readonly AuditAction[] } = {
  customer: [
    'leadView',
    'phoneReveal',
    'phoneSearch',
    'leadChange',
    'leadDistribute',
    'leadHandOver',
    'leadMemo',
    'leadProfile',
    'leadCall',
    'visitCheckIn',
    'visitCheckInUndo',
    'visitBook',
    'visitMove',
    'visitCancel',
    'deskRegister',
    'leadExport',
    'customerDelete',
    'consentWithdraw',
    'groupMessage',
  ],
  team: ['signIn', 'signOut', 'slotCreate', 'slotChange', 'slotDelete', 'statsExport', 'teamStatsExport', 'adSpend', 'assignmentSettings', 'auditView', 'auditExport'],
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
