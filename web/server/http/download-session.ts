/**
 * The one staff-session check of the console's downloads (leads, statistics, the audit trail):
 * signed out, a link followed in the browser goes to the sign-in, which brings the staff member
 * back to the page the link was on; any other client gets 401 JSON. A download for admins answers
 * other roles 403. Every answer is `no-store`.
 */
import type { Request, Response } from 'express';
import { staffRefusalAnswer } from '../../shared/staff-refusals';
import type { StaffIdentity } from '../../shared/console';

export const downloadSessionMessages = {
  signInRequired: '로그인이 필요합니다. 상담 관리 화면에서 로그인한 뒤 다시 내려받아 주세요.',
};

/** The signed-in staff member of a request, or null (StaffAuth.session). */
export type SessionOf = (req: Request) => StaffIdentity | null;

/** The staff member allowed this download, or null once the refusal is sent. */
export function staffOfDownload(
  req: Request,
  res: Response,
  session: SessionOf,
  options: { returnTo: string; role?: 'admin' },
): StaffIdentity | null {
  res.set('Cache-Control', 'no-store');
  const staff = session(req);
  if (!staff) {
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, `/admin?next=${encodeURIComponent(options.returnTo)}`);
    else res.status(401).json({ error: 'unauthorized', message: downloadSessionMessages.signInRequired });
    return null;
  }
  if (options.role === 'admin' && staff.role !== 'admin') {
    const { status, message } = staffRefusalAnswer('staffRoleForbidden');
    res.status(status).json({ error: 'staffRoleForbidden', message });
    return null;
  }
  return staff;
}
