/**
 * 오늘 할 일 (/admin/today): a 상담사's calls due, the day's visits, the customers not yet called
 * and the customers called before who registered again. What the page shows, and whose work it asks for (read the same way by the page and the
 * server). Korean labels of its own live with the page.
 */
import type { LeadStatus } from './lead-status';
import type { StaffRole } from './staff-roles';

export const TODAY_PATH = '/admin/today';

/** Whether `role` may look at another 상담사's day, or everyone's (a 상담사 sees their own). */
export function mayViewOthersWork(role: StaffRole): boolean {
  return role !== 'sales';
}

/** `all`, or one staff member's email. */
export type TodayWho = 'all' | { email: string };

/** Each row is a customer (`id`: their page). */
export type TodayCall = {
  id: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  assigneeName: string | null;
  callbackAt: string;
  lastCallResult: string | null;
  overdue: boolean;
};
export type TodayVisit = {
  id: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  assigneeName: string | null;
  time: string;
  checkedInAt: string | null;
};
/** A customer not yet called since given to the 상담사; `createdAt`: their latest registration; `returning`: registered before. */
export type TodayNewLead = {
  id: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  createdAt: string;
  assigneeName: string | null;
  returning: boolean;
};
/** 기존 고객 재등록: a customer called before who registered again since the latest call. */
export type TodayReturning = {
  id: string;
  name: string;
  maskedPhone: string;
  status: LeadStatus;
  assigneeName: string | null;
  lastCallAt: string;
  createdAt: string;
  registrations: number;
};

export type TodayWork = { day: string; calls: TodayCall[]; visits: TodayVisit[]; newLeads: TodayNewLead[]; returning: TodayReturning[] };

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/**
 * Whose day a staff member asks for with `?who=`: a 상담사 always their own; an admin or a 팀장
 * anyone's (`all` by default, an account's email, or `me`). Anything else reads as the default.
 */
export function todayWhoOf(params: URLSearchParams, viewer: { email: string; role: StaffRole }): TodayWho {
  if (!mayViewOthersWork(viewer.role)) return { email: viewer.email };
  const who = (params.get('who') ?? '').trim().toLowerCase();
  if (who === 'me') return { email: viewer.email };
  if (EMAIL.test(who)) return { email: who };
  return 'all';
}
