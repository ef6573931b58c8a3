/** The lead list's filters, parsed the same way from a URL by the server and the console pages. */
import { FILTER_CONTROL_MESSAGE, hasControlCharacter } from './control-characters';
import { isFundingPlan, isSubscription, type FundingPlan, type SubscriptionQualification } from './customer-profile';
import { CONSOLE_FORM_KINDS, type ConsoleFormKind } from './lead-form-kinds';
import { isLeadStatus, type LeadStatus } from './lead-status';
import { isDay } from './seoul-time';

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
