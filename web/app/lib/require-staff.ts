import { data, redirect, type AppLoadContext } from 'react-router';
import type { StaffIdentity, StaffRole } from '../../shared/staff-roles';
import { ownPagePath } from '../../shared/own-page-path';

export const CONSOLE_HOME = '/admin';

export const STAFF_FORBIDDEN_MESSAGE = '이 화면은 관리자만 쓸 수 있습니다.';

/** What a loader or action is given of its request: `url` is the page's address without React Router's `.data` and `_routes`. */
export type StaffRequest = { request: Request; url: URL };

/**
 * The signed-in staff member of a console loader or action. Signed out: to the sign-in at /admin,
 * which returns here afterwards. Signed in without the role the page needs: 403.
 */
export function requireStaff({ request, url }: StaffRequest, context: AppLoadContext, role?: StaffRole): StaffIdentity {
  const staff = context.auth.session(request);
  if (!staff) {
    const back = ownPagePath(url.pathname + url.search);
    throw redirect(back === '/' ? CONSOLE_HOME : `${CONSOLE_HOME}?next=${encodeURIComponent(back)}`);
  }
  if (role === 'admin' && staff.role !== 'admin') throw data({ message: STAFF_FORBIDDEN_MESSAGE }, { status: 403 });
  return staff;
}

/** The signed-in staff member whose role `may` use the page; another role: 403 with `forbidden`. */
export function requireStaffWho(asked: StaffRequest, context: AppLoadContext, may: (role: StaffRole) => boolean, forbidden: string): StaffIdentity {
  const staff = requireStaff(asked, context);
  if (!may(staff.role)) throw data({ message: forbidden }, { status: 403 });
  return staff;
}
