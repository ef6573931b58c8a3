/** Which form a lead came in by, with its Korean label. */
import { LEAD_FORM_KINDS, type LeadFormKind } from './lead-validation';

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
