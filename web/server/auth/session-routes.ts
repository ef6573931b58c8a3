/**
 * GET/POST /api/session (see web/shared/staff-session.ts). Mounted before the sliding renewal, so
 * asking how long is left never extends the session; only the POST does, from this site's pages.
 */
import express from 'express';
import { staffRefusalAnswer } from '../../shared/staff-refusals';
import { SESSION_ENDED_MESSAGE, STAFF_SESSION_PATH, type StaffSessionStatus } from '../../shared/staff-session';
import { NO_STORE } from '../http/cache-headers';
import type { StaffAuth } from './staff-auth';

export function createSessionRouter(auth: StaffAuth): express.Router {
  const router = express.Router();
  router.use(STAFF_SESSION_PATH, (_req, res, next) => {
    res.set('Cache-Control', NO_STORE);
    next();
  });
  router.get(STAFF_SESSION_PATH, (req, res) => {
    res.json({ remainingMs: Math.max(0, auth.remainingMs(req) ?? 0) } satisfies StaffSessionStatus);
  });
  // The body is never read: renewing needs nothing but the cookie and the Origin.
  router.post(STAFF_SESSION_PATH, (req, res) => {
    if (!auth.isSameOrigin(req)) {
      const { status, message } = staffRefusalAnswer('foreignOrigin');
      return res.status(status).json({ error: 'foreignOrigin', message });
    }
    const extended = auth.extend(req);
    if (!extended) return res.status(401).json({ error: 'sessionEnded', message: SESSION_ENDED_MESSAGE });
    res.append('Set-Cookie', extended.setCookie);
    res.json({ remainingMs: extended.remainingMs } satisfies StaffSessionStatus);
  });
  return router;
}
