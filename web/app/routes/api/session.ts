import type { Route } from './+types/session';
import { staffRefusalAnswer } from '../../../shared/staff-refusals';
import { SESSION_ENDED_MESSAGE, type StaffSessionStatus } from '../../../shared/staff-session';

/** Each answer is one staff member's: never stored. */
const PRIVATE = { 'Cache-Control': 'private, no-store' };

/**
 * `GET /api/session`: how long the signed-in staff member's session has left (0 without one).
 * Asking is no activity: the server's sliding renewal leaves this address out.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  return Response.json({ remainingMs: Math.max(0, context.auth.remainingMs(request) ?? 0) } satisfies StaffSessionStatus, { headers: PRIVATE });
}

/** `POST /api/session` ("계속 사용"): renews the session, from this site's pages only. The body is never read. */
export function action({ request, context }: Route.ActionArgs) {
  if (!context.auth.isSameOrigin(request)) {
    const { status, message } = staffRefusalAnswer('foreignOrigin');
    return Response.json({ error: 'foreignOrigin', message }, { status, headers: PRIVATE });
  }
  const extended = context.auth.extend(request);
  if (!extended) return Response.json({ error: 'sessionEnded', message: SESSION_ENDED_MESSAGE }, { status: 401, headers: PRIVATE });
  return Response.json({ remainingMs: extended.remainingMs } satisfies StaffSessionStatus, { headers: { ...PRIVATE, 'Set-Cookie': extended.setCookie } });
}
