/**
 * What the sales team notes about a customer as choices, not in memos: the unit type they are
 * interested in (관심 타입, a unit type code from the CMS), their 청약 자격 and their 자금 계획 —
 * shown and changed on the customer's page, filtered on in the list and carried in the export.
 */

export const SUBSCRIPTION_QUALIFICATIONS = ['firstHomeless', 'firstOwner', 'second', 'special', 'noAccount'] as const;
export type SubscriptionQualification = (typeof SUBSCRIPTION_QUALIFICATIONS)[number];

export const SUBSCRIPTION_LABELS: Record<SubscriptionQualification, string> = {
  firstHomeless: '1순위 · 무주택',
  firstOwner: '1순위 · 유주택',
  second: '2순위',
  special: '특별공급 대상',
  noAccount: '청약통장 없음',
};

export const FUNDING_PLANS = ['ownFunds', 'loan', 'homeSale', 'undecided'] as const;
export type FundingPlan = (typeof FUNDING_PLANS)[number];

export const FUNDING_LABELS: Record<FundingPlan, string> = {
  ownFunds: '자기자금',
  loan: '중도금·잔금 대출',
  homeSale: '기존 주택 매도 후',
  undecided: '미정',
};

/** Each is null until someone chose it. */
export type CustomerProfile = { interestType: string | null; subscription: SubscriptionQualification | null; funding: FundingPlan | null };

/** A unit type the 관심 타입 offers: its code (stored) and label (shown). */
export type UnitTypeChoice = { code: string; label: string };

export type CustomerProfileField = keyof CustomerProfile;

/** What the customer's page sends: each field a choice's code, or '' to clear it. */
export type CustomerProfileInput = { rev: string } & Record<CustomerProfileField, string>;

export const PROFILE_FIELD_LABELS: Record<CustomerProfileField, string> = { interestType: '관심 타입', subscription: '청약 자격', funding: '자금 계획' };

/** The Korean reason a field's value is refused: it is not one of the choices (each label ends in a final consonant: 은). */
export function profileChoiceMessage(field: CustomerProfileField): string {
  return `${PROFILE_FIELD_LABELS[field]}은 목록에서 골라 주세요.`;
}

export function isSubscription(value: string): value is SubscriptionQualification {
  return (SUBSCRIPTION_QUALIFICATIONS as readonly string[]).includes(value);
}

export function isFundingPlan(value: string): value is FundingPlan {
  return (FUNDING_PLANS as readonly string[]).includes(value);
}

/** How the audit record and the page name a profile: "관심 타입 84A, 청약 자격 1순위 · 무주택, 자금 계획 미정" ("-" for an empty one). */
export function profileSummary(profile: CustomerProfile, typeLabel: (code: string) => string = (code) => code): string {
  return [
    `${PROFILE_FIELD_LABELS.interestType} ${profile.interestType ? typeLabel(profile.interestType) : '-'}`,
    `${PROFILE_FIELD_LABELS.subscription} ${profile.subscription ? SUBSCRIPTION_LABELS[profile.subscription] : '-'}`,
    `${PROFILE_FIELD_LABELS.funding} ${profile.funding ? FUNDING_LABELS[profile.funding] : '-'}`,
  ].join(', ');
}
