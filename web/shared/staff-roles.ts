/**
 * Staff roles and what each may do in the sales console, checked the same way by the server (the
 * check that counts) and by the console pages (which offer only what is allowed).
 */

/** From most to least trusted: an admin runs the site, a 팀장 runs the sales team, a 상담사 works leads. */
export const STAFF_ROLES = ['admin', 'manager', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: '관리자', manager: '팀장', sales: '상담사' };

/** Whether `role` may do less than `than` (STAFF_ROLES runs from the most to the least). */
export function isLowerRole(role: StaffRole, than: StaffRole): boolean {
  return STAFF_ROLES.indexOf(role) > STAFF_ROLES.indexOf(than);
}

/**
 * Whether `role` manages the team's leads: assigns any lead to anyone (in bulk too), hands a
 * colleague's leads over, takes check-ins back. A 상담사 works the leads in front of them.
 */
export function mayManageLeads(role: StaffRole): boolean {
  return role !== 'sales';
}

/**
 * Whether `role` may hand every customer of an account of role `from` over to one of role `to`
 * (null: 미배정): the admin anyone's to anyone; a 팀장 a 상담사's to a 상담사 (퇴사자 고객 넘기기).
 */
export function mayHandOver(role: StaffRole, from: StaffRole, to: StaffRole | null): boolean {
  if (role === 'admin') return true;
  return role === 'manager' && from === 'sales' && (to === null || to === 'sales');
}

/** Whether `role` may create, change and delete visit slots (a 상담사 may not). */
export function mayManageSlots(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Whether `role` may take a visit check-in back (a 상담사 may not). */
export function mayUndoCheckIn(role: StaffRole): boolean {
  return mayManageLeads(role);
}

/** Whether `role` manages staff accounts and the site's preview: the admin's alone. */
export function mayAdminister(role: StaffRole): boolean {
  return role === 'admin';
}

/**
 * Which part of the audit trail `role` reads: the admin the whole of it, a 팀장 the team's
 * (AUDIT_TEAM_SCOPE), a 상담사 none.
 */
export function auditScopeOf(role: StaffRole): 'all' | 'team' | null {
  return role === 'admin' ? 'all' : role === 'manager' ? 'team' : null;
}

/** Whether `role` may download leads, statistics or the audit trail (a 상담사 may not). */
export function mayExport(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Whether `role` may enter and remove ad spend on the statistics page (a 상담사 may not). */
export function mayEnterAdSpend(role: StaffRole): boolean {
  return role !== 'sales';
}

/** Who is signed in: what every console page and every audit record names. */
export type StaffIdentity = { email: string; name: string; role: StaffRole };
