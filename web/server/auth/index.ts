/**
 * The server's admin auth. app.ts starts it once (`startAdminAuth`); routes and API handlers ask
 * it for the request's session.
 *
 *   const session = await getAdminSession(request);        // Fetch Request (React Router)
 *   const session = await getAdminSessionFromNode(req);    // Express / node:http request
 *   app.get('/api/x', requireAdminSession, handler);       // 401 JSON without a session
 */
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { messages } from '../../app/lib/messages';
import { AdminAuth, type AdminAuthOptions } from './admin-auth';
import type { AdminSession } from './session';

export { AdminAuth, type AdminAuthOptions, type LoginResult, type WriteAuthorization } from './admin-auth';
export type { AdminSession } from './session';

let current: AdminAuth | undefined;

export async function startAdminAuth(options: AdminAuthOptions): Promise<AdminAuth> {
  current = await AdminAuth.start(options);
  return current;
}

export function adminAuth(): AdminAuth {
  if (!current) throw new Error('admin auth is not started: call startAdminAuth() first');
  return current;
}

export async function getAdminSession(request: Request): Promise<AdminSession | null> {
  return adminAuth().session(request);
}

export async function getAdminSessionFromNode(request: IncomingMessage): Promise<AdminSession | null> {
  return adminAuth().session(request);
}

/** Express middleware: 401 JSON unless an admin is signed in; the session is on `res.locals.admin`. */
export const requireAdminSession: RequestHandler = (req, res, next) => {
  const session = adminAuth().session(req);
  if (!session) {
    res.status(401).json({ error: messages.adminSessionRequired });
    return;
  }
  res.locals.admin = session;
  next();
};

/**
 * Express middleware: a signed-in admin's page reads renew the session cookie (sliding idle
 * timeout). Writes do not: their answers set or clear the cookie themselves (sign-in, logout).
 */
export const renewAdminSession: RequestHandler = (req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const renewal = adminAuth().renewal(req);
    if (renewal) res.append('Set-Cookie', renewal);
  }
  next();
};
