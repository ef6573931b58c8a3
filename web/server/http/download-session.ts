/**
 * The one staff-session check of the console's downloads (leads, statistics, the audit trail):
 * signed out, a link followed in the browser goes to the sign-in, which brings the staff member
 * back to the page the link was on; any other client gets 401 JSON. A download for some roles
 * answers the others 403 (with its own Korean line when given); one another site started is not made (the page it belongs to instead, or
 * 403). Every answer is `no-store`.
 */
import type { Request, Response } from 'express';
import { staffRefusalAnswer } from '../../shared/staff-refusals';
import { mayExport, type StaffIdentity, type StaffRole } from '../../shared/staff-roles';
import { parseExportReason } from '../../shared/export-reason';
import { startedByAnotherSite } from '../../shared/cross-site';

export const downloadSessionMessages = {
  signInRequired: '로그인이 필요합니다. 상담 관리 화면에서 로그인한 뒤 다시 내려받아 주세요.',
  crossSite: '다른 사이트에서 연 내려받기 링크라 내려받지 않았습니다. 상담 관리 화면에서 다시 내려받아 주세요.',
};

/** The signed-in staff member of a request, or null (StaffAuth.session). */
export type SessionOf = (req: Request) => StaffIdentity | null;

/** The staff member allowed this download, or null once the refusal is sent. */
export function staffOfDownload(
  req: Request,
  res: Response,
  session: SessionOf,
  options: { returnTo: string; allowed?: (role: StaffRole) => boolean; forbidden?: string },
): StaffIdentity | null {
  res.set('Cache-Control', 'no-store');
  const staff = session(req);
  if (!staff) {
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, `/admin?next=${encodeURIComponent(options.returnTo)}`);
    else res.status(401).json({ error: 'unauthorized', message: downloadSessionMessages.signInRequired });
    return null;
  }
  // Another site's link or script: nothing is read or recorded; a browser goes to the page the
  // download belongs to, where the staff member downloads it themselves.
  if (startedByAnotherSite(req.get('sec-fetch-site'))) {
    if (req.accepts(['json', 'html']) === 'html') res.redirect(303, options.returnTo);
    else res.status(403).json({ error: 'crossSite', message: downloadSessionMessages.crossSite });
    return null;
  }
  if (options.allowed && !options.allowed(staff.role)) {
    const { status, message } = staffRefusalAnswer('staffRoleForbidden');
    res.status(status).json({ error: 'staffRoleForbidden', message: options.forbidden ?? message });
    return null;
  }
  return staff;
}

/**
 * The staff member allowed an export (an admin or a 팀장 unless `allowed` narrows it) and the 사유
 * they gave, or null once the refusal is sent: 400 with the Korean line when the 사유 is missing.
 */
export function staffOfExport(
  req: Request,
  res: Response,
  session: SessionOf,
  options: { returnTo: string; query: URLSearchParams; allowed?: (role: StaffRole) => boolean; forbidden?: string },
): { staff: StaffIdentity; reason: string } | null {
  const staff = staffOfDownload(req, res, session, { returnTo: options.returnTo, allowed: options.allowed ?? mayExport, forbidden: options.forbidden });
  if (!staff) return null;
  const reason = parseExportReason(options.query);
  if ('error' in reason) {
    res.status(400).json({ error: reason.error, message: reason.message });
    return null;
  }
  return { staff, reason: reason.reason };
}
