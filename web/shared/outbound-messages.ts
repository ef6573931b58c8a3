/**
 * Messages to customers and staff (알림톡 with SMS fallback): the events, the variables a template
 * may use, and how each send log entry reads in the console. Shared by the server, the console and
 * the Studio schema (leadSettings.messageTemplates).
 */

import type { GroupMessageEvent } from './group-messages';

/** The events whose template is set in leadSettings.messageTemplates. */
export const MESSAGE_EVENTS = [
  'registration',
  'booking',
  'bookingChange',
  'bookingCancel',
  'reminder',
  'staffNewLead',
  'staffBooking',
  'staffReturning',
  'staffDistribution',
] as const;
export type MessageEvent = (typeof MESSAGE_EVENTS)[number];
/** Every event a send log row may name: those above and a group message's (its template a document of its own). */
export type LoggedMessageEvent = MessageEvent | GroupMessageEvent;

export const MESSAGE_EVENT_LABELS: Record<LoggedMessageEvent, string> = {
  registration: '등록 확인',
  booking: '방문예약 확인',
  bookingChange: '방문예약 변경 안내',
  bookingCancel: '방문예약 취소 안내',
  reminder: '방문 전날 안내',
  staffNewLead: '상담사 새 고객 알림',
  staffBooking: '상담사 방문예약 알림',
  staffReturning: '상담사 기존 고객 재등록 알림',
  staffDistribution: '상담사 균등 배분 알림',
  groupNotice: '단체 안내',
  groupAd: '단체 광고 문자',
};

/** What a template's text may name, as `#{이름}`. */
/** 고객수: how many customers a 균등 배분 gave the 상담사 (its notice only). */
export const MESSAGE_VARIABLES = ['이름', '방문일시', '대표번호', '고객수'] as const;
export type MessageVariable = (typeof MESSAGE_VARIABLES)[number];

/** Each `#{…}` a template text names. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(/#\{([^}]*)\}/g)].map((match) => match[1]))];
}

/** The variables of `text` that are not in MESSAGE_VARIABLES, for the Studio's validation. */
export function unknownTemplateVariables(text: string): string[] {
  return templateVariables(text).filter((name) => !(MESSAGE_VARIABLES as readonly string[]).includes(name));
}

export const MESSAGE_STATUSES = ['pending', 'sent', 'failed', 'skipped', 'unknown'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  pending: '보내는 중',
  sent: '발송됨',
  failed: '실패',
  skipped: '보내지 않음',
  unknown: '확인 필요',
};

/** Why a message was not sent or failed; never the phone number or the name. */
export const MESSAGE_REASONS = [
  'off',
  'noTemplate',
  'noConsent',
  'noMarketingConsent',
  'invalidCustomer',
  'adNight',
  'badNumber',
  'noRecipient',
  'noStaffNumber',
  'notBooked',
  'sentThisWeek',
  'dailyCap',
  'providerRefused',
  'providerError',
  'providerNoAnswer',
] as const;
export type MessageReason = (typeof MESSAGE_REASONS)[number];

export const MESSAGE_REASON_LABELS: Record<MessageReason, string> = {
  off: '꺼짐',
  noTemplate: '템플릿 없음',
  noConsent: '동의 없음',
  noMarketingConsent: '마케팅 수신 동의 없음',
  invalidCustomer: '무효 고객',
  adNight: '광고는 밤 9시부터 아침 8시까지 보내지 않음',
  badNumber: '번호 오류',
  noRecipient: '받는 사람 없음',
  noStaffNumber: '휴대폰 번호 없음',
  notBooked: '예약되지 않음 (등록 확인으로 보냄)',
  sentThisWeek: '이 번호로 이번 주에 이미 보냄',
  dailyCap: '오늘 발송 상한 도달',
  providerRefused: '공급자가 거절함',
  providerError: '공급자 오류',
  providerNoAnswer: '공급자 응답 없음 (발송되었을 수 있어 다시 보내지 않음)',
};

/** One line of a lead's send log, as the console shows it. */
export type LeadMessageEntry = {
  event: LoggedMessageEvent;
  status: MessageStatus;
  reason: MessageReason | null;
  /** The provider's code for a refusal or an error (e.g. 3059), for support. */
  providerCode: string | null;
  attempts: number;
  /** ISO time of the last change. */
  updatedAt: string;
};
