/**
 * Group messages (단체 문자): a template marketing keeps in the Studio sent by a 팀장 or 관리자 to
 * many customers at once. Shared by the Studio schema (its validation), the server (the same rules
 * again at sending) and the console page.
 *
 * A 안내 (notice) is information the customer asked for (their visit): 알림톡, with SMS fallback,
 * and needs no marketing consent. A 광고 (ad) is advertising: 알림톡 may not carry it, so it goes
 * as 문자 (SMS/LMS) only, to customers with marketing consent, and follows the rules for ad
 * messages (정보통신망법 §50): "(광고)" first with the sender's name, a free way to refuse
 * (무료수신거부 080 …), never between 21:00 and 08:00.
 */
import type { LeadFilters } from './lead-filters';

export const GROUP_PURPOSES = ['notice', 'ad'] as const;
export type GroupPurpose = (typeof GROUP_PURPOSES)[number];
export const GROUP_PURPOSE_LABELS: Record<GroupPurpose, string> = { notice: '안내', ad: '광고' };

/** The send log's events of a group message. */
export const GROUP_MESSAGE_EVENTS = ['groupNotice', 'groupAd'] as const;
export type GroupMessageEvent = (typeof GROUP_MESSAGE_EVENTS)[number];
export const GROUP_EVENT_OF: Record<GroupPurpose, GroupMessageEvent> = { notice: 'groupNotice', ad: 'groupAd' };

/** Why a customer of the chosen ones is not sent the message. */
export const GROUP_EXCLUSIONS = ['invalid', 'noConsent', 'noMarketingConsent', 'badNumber'] as const;
export type GroupExclusion = (typeof GROUP_EXCLUSIONS)[number];
export const GROUP_EXCLUSION_LABELS: Record<GroupExclusion, string> = {
  invalid: '무효 고객',
  noConsent: '개인정보 수집 동의 없음',
  noMarketingConsent: '마케팅 수신 동의 없음',
  badNumber: '휴대폰 번호가 아님',
};

/** Ads may not be sent from 21:00 until 08:00 in Korea. */
export const AD_QUIET_HOURS = { from: 21, until: 8 } as const;

/** Whether `now` is within the hours ads may not be sent (Seoul time). */
export function adQuietHours(now: number): boolean {
  const hour = new Date(now + 9 * 3600_000).getUTCHours();
  return hour >= AD_QUIET_HOURS.from || hour < AD_QUIET_HOURS.until;
}

/** The refusal line an ad must carry: 무료수신거부 (or 무료거부, the SMS short form) and an 080 number. */
const OPT_OUT_LINE = /무료(수신)?거부\s*:?\s*080-?\d{3,4}-?\d{4}/;
/** "(광고)" first, then the sender's name on the same line. */
const AD_HEAD = /^\(광고\)[ \t]*\S/;

/** What an ad's text lacks under the rules for ad messages, in Korean; empty when it follows them. */
export function adTextProblems(text: string): string[] {
  const problems: string[] = [];
  if (!AD_HEAD.test(text.trim())) problems.push('광고 문자는 "(광고)"로 시작하고 바로 뒤에 보내는 사람(사업자명)을 적어야 합니다.');
  if (!OPT_OUT_LINE.test(text)) problems.push('광고 문자에는 무료 수신거부 방법을 적어야 합니다 (예: 무료수신거부 080-123-4567).');
  return problems;
}

/** SMS is up to 90 bytes (a Hangul syllable counts two); longer goes as LMS. */
export const SMS_MAX_BYTES = 90;

export function smsBytes(text: string): number {
  return [...text].reduce((sum, character) => sum + (character.charCodeAt(0) < 128 ? 1 : 2), 0);
}

export type MessageChannel = 'alimtalk' | 'sms' | 'lms';
export const MESSAGE_CHANNEL_LABELS: Record<MessageChannel, string> = { alimtalk: '알림톡', sms: 'SMS', lms: 'LMS' };
/** Won per message (MESSAGE_PRICE_* in the configuration). */
export type MessagePrices = Record<MessageChannel, number>;

/**
 * What sending `text` to `count` customers costs: a notice as 알림톡 (and, should Kakao not
 * deliver any, at most the SMS/LMS price of its text); an ad as SMS or LMS by its length.
 */
export function groupCost(purpose: GroupPurpose, text: string, count: number, prices: MessagePrices) {
  const textChannel: MessageChannel = smsBytes(text) > SMS_MAX_BYTES ? 'lms' : 'sms';
  const channel: MessageChannel = purpose === 'notice' ? 'alimtalk' : textChannel;
  return { channel, unitPrice: prices[channel], total: prices[channel] * count, fallbackTotal: purpose === 'notice' ? prices[textChannel] * count : null };
}

/** Whom a group message is for: ticked customers, the list's filters, or today's booked visitors. */
export type GroupAudience = { kind: 'selection'; customerIds: string[] } | { kind: 'filter'; filters: LeadFilters } | { kind: 'todayVisitors' };

export type GroupTemplate = { id: string; title: string; purpose: GroupPurpose; templateCode: string | null; text: string };

export type GroupRefusal =
  | { ok: false; error: 'forbidden' | 'noTemplate' | 'adNight' | 'noRecipients' }
  | { ok: false; error: 'tooMany'; max: number }
  /** The template breaks a rule (an ad without "(광고)" or its opt-out line, an unknown variable): each in Korean. */
  | { ok: false; error: 'badTemplate'; problems: string[] };

export type GroupPreview =
  | {
      ok: true;
      template: GroupTemplate;
      /** Customers who will be sent it. */
      recipients: number;
      /** Customers chosen who will not, by reason (only the reasons that occur). */
      excluded: Partial<Record<GroupExclusion, number>>;
      /** The text as the first recipient receives it. */
      sample: { name: string; text: string } | null;
      cost: ReturnType<typeof groupCost>;
      /** An ad at this hour would be refused. */
      adNight: boolean;
    }
  | GroupRefusal;

export type GroupSendResult = { ok: true; queued: number; excluded: number; repeated: boolean } | GroupRefusal;
