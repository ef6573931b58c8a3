/**
 * The lead list's filters as query parameters, and its keyset cursor. The GROQ queries and the
 * embedded SQL read the same parameters, so both backends filter alike.
 */
import { campaignKey } from '../../shared/campaign-stats';
import type { LeadFilters } from '../../shared/lead-filters';
import { wholeMobilePhone } from '../../shared/lead-validation';
import { seoulDayStart } from '../../shared/seoul-time';
import { decodeCursor, encodeCursor } from '../cursor';

export const DEFAULT_PAGE_SIZE = 50;
/** The most rows of a page, and of a bulk change of the rows chosen on one. */
export const MAX_PAGE_SIZE = 200;

/** The rows of a page asked for `limit`: DEFAULT_PAGE_SIZE unless a whole number, MAX_PAGE_SIZE at most. */
export function pageSize(limit: number | undefined): number {
  if (!limit || !Number.isInteger(limit) || limit < 1) return DEFAULT_PAGE_SIZE;
  return Math.min(limit, MAX_PAGE_SIZE);
}

/** Every filter parameter the console queries take; null means "not filtering on it". */
export type LeadFilterParams = {
  /** ISO instants: the start of `from`'s Seoul day, the start of the day after `to`. */
  from: string | null;
  before: string | null;
  formKind: string | null;
  visitDay: string | null;
  status: string | null;
  marketing: boolean | null;
  utmSource: string | null;
  /** A campaign key (campaignKey): campaigns match whatever their case. */
  utmCampaign: string | null;
  namePrefix: string | null;
  phoneLast4: string | null;
  /** A whole mobile number, as stored (01012345678). */
  phone: string | null;
  /** Leads assigned to this email. */
  assigneeEmail: string | null;
  /** true: leads assigned to nobody. */
  unassigned: true | null;
  /** Only the leads this email may see: its own and those assigned to nobody (a 상담사's view). */
  visibleTo: string | null;
  /** 관심 타입 (a unit type code), 청약 자격 and 자금 계획 codes; absent or null: not filtering. */
  interestType?: string | null;
  subscription?: string | null;
  funding?: string | null;
};

/** Where a page starts: after the lead (createdAt, _id) last shown. */
export type LeadCursor = { createdAt: string; id: string };

const LAST_FOUR_DIGITS = /^\d{4}$/;

/**
 * `me`: the email the 담당자 filter's "내 고객" stands for (the signed-in staff member's);
 * `visibleTo`: whose view the list is limited to (null: every lead).
 */
export function leadFilterParams(filters: LeadFilters, me: string | null = null, visibleTo: string | null = null): LeadFilterParams {
  const q = filters.q?.trim() || null;
  const isLastFour = q !== null && LAST_FOUR_DIGITS.test(q);
  const phone = q === null ? null : wholeMobilePhone(q);
  return {
    from: filters.from ? seoulDayStart(filters.from) : null,
    before: filters.to ? seoulDayStart(filters.to, 1) : null,
    formKind: filters.formKind ?? null,
    visitDay: filters.visitDay ?? null,
    status: filters.status ?? null,
    marketing: filters.marketing ?? null,
    utmSource: filters.utmSource ?? null,
    utmCampaign: filters.utmCampaign ? campaignKey(filters.utmCampaign) : null,
    namePrefix: isLastFour || phone ? null : q,
    phoneLast4: isLastFour ? q : null,
    phone,
    // "내 고객" of nobody signed in matches no lead rather than every one.
    assigneeEmail: filters.assignee === 'me' ? (me ?? '') : filters.assignee && filters.assignee !== 'none' ? filters.assignee : null,
    unassigned: filters.assignee === 'none' ? true : null,
    visibleTo,
    interestType: filters.interestType ?? null,
    subscription: filters.subscription ?? null,
    funding: filters.funding ?? null,
  };
}

export function cursorParams(cursor: LeadCursor | null): { cursorAt: string | null; cursorId: string | null } {
  return { cursorAt: cursor?.createdAt ?? null, cursorId: cursor?.id ?? null };
}

export function encodeLeadCursor(cursor: LeadCursor): string {
  return encodeCursor([cursor.createdAt, cursor.id]);
}

/** The cursor a page link carries; anything else (tampered, truncated) reads as the first page. */
export function decodeLeadCursor(value: string | undefined): LeadCursor | null {
  const parts = decodeCursor(value, ['text', 'text']);
  return parts && { createdAt: parts[0], id: parts[1] };
}

/** Whether any filter but the viewer's own view is set: the list then shows only the customers with a lead that matches. */
export function filtersCustomers(params: LeadFilterParams): boolean {
  return Object.entries(params).some(([name, value]) => name !== 'visibleTo' && value !== null);
}
