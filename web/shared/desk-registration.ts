/** The reception desk's short form: a walk-in or a phone-in the staff enter, after looking the number up. */
import type { DeskFormKind } from './lead-form-kinds';

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
