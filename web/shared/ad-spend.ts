/**
 * Ad spend per campaign and month, shared by the statistics page, its CSV and the server: what an
 * entry may be, which months a period's costs take, and how won and costs read.
 */
import { campaignKey, type StatsRange } from './campaign-stats';

/** The longest campaign key (see campaignKey) an entry may have. */
export const MAX_AD_SPEND_CAMPAIGN_LENGTH = 100;
/** 1조 원: more than any presale campaign spends in a month, so a larger number is a typo. */
export const MAX_AD_SPEND_WON = 1_000_000_000_000;

export type AdSpendEntry = { campaign: string; month: string; amount: number };

export const AD_SPEND_MESSAGES = {
  forbidden: '광고비는 관리자와 팀장만 입력할 수 있습니다.',
  campaign: `캠페인을 목록에서 골라 주세요 (${MAX_AD_SPEND_CAMPAIGN_LENGTH}자 이내).`,
  month: '월을 2026-11처럼 연-월로 입력해 주세요.',
  amount: '금액은 원 단위 숫자로, 0원부터 1조 원까지 입력해 주세요 (예: 1200000 또는 1,200,000).',
  notFound: '그 광고비는 이미 삭제되었습니다.',
} as const;
export type AdSpendRefusal = keyof typeof AD_SPEND_MESSAGES;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

export function isMonth(value: string): boolean {
  return MONTH.test(value);
}

/** The entry the form asks for, or what is wrong with it. The amount may carry commas ("1,200,000"). */
export function parseAdSpend(input: { campaign: string; month: string; amount: string }): AdSpendEntry | { error: AdSpendRefusal } {
  const campaign = campaignKey(input.campaign);
  if (!campaign || campaign.length > MAX_AD_SPEND_CAMPAIGN_LENGTH) return { error: 'campaign' };
  if (!isMonth(input.month.trim())) return { error: 'month' };
  const digits = input.amount.trim().replaceAll(',', '');
  const amount = /^\d{1,13}$/.test(digits) ? Number(digits) : NaN;
  if (!Number.isSafeInteger(amount) || amount > MAX_AD_SPEND_WON) return { error: 'amount' };
  return { campaign, month: input.month.trim(), amount };
}

/**
 * The months a period's costs take: every calendar month it touches, whole (a period of 11-25 to
 * 12-01 takes November's and December's spend), since spend is entered per month.
 */
export function monthsOfRange(range: StatsRange): string[] {
  const months: string[] = [];
  let [year, month] = range.from.slice(0, 7).split('-').map(Number);
  const last = range.to.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
}

/** "1,234,000원". */
export function wonLabel(amount: number): string {
  return `${amount.toLocaleString('ko-KR')}원`;
}

/** Spend per customer, rounded to the won; null without spend or without customers. */
export function costPer(spend: number | null, customers: number): number | null {
  return spend && customers > 0 ? Math.round(spend / customers) : null;
}

/** The page's cell: "12,500원", or "—" when there is nothing to divide. */
export function costLabel(cost: number | null): string {
  return cost === null ? '—' : wonLabel(cost);
}
