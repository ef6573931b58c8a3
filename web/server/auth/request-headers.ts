/**
 * A request's headers, whether it is a Fetch API request (React Router actions) or Node's (Express
 * routes): the session checks and the sign-in take either. Apart so that staff-auth.ts and
 * sign-in.ts read them alike without importing each other.
 */
import type { IncomingMessage } from 'node:http';

/** A Fetch API request (React Router actions) or Node's (Express routes). */
export type RequestLike = Request | IncomingMessage;

export function headerOf(request: RequestLike, name: string): string | undefined {
  if (isFetchRequest(request)) return request.headers.get(name) ?? undefined;
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function isFetchRequest(request: RequestLike): request is Request {
  return typeof (request.headers as Headers).get === 'function';
}

/** The host the browser addressed (what React Router's Express adapter puts in request.url). */
export function hostOf(request: RequestLike): string {
  if (isFetchRequest(request)) return new URL(request.url).host;
  return headerOf(request, 'x-forwarded-host') ?? headerOf(request, 'host') ?? '';
}
