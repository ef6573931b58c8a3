/**
 * Cache-Control for responses that did not choose their own (static files and images do).
 *
 * - Pages and their loader data (`.data`, React Router single fetch) for an anonymous GET with
 *   status 200 and no Set-Cookie: a CDN may keep them 60 s and serve them stale for 10 min while
 *   it revalidates; browsers always revalidate (max-age=0).
 * - Errors (4xx/5xx), writes (POST …), and pages sent to a signed-in admin or setting a cookie:
 *   `private, no-store`.
 * - Redirects and other successful GETs (sitemap, robots.txt) keep the server's default.
 *
 * A page's bytes are the same for every anonymous visitor (inline scripts and styles are allowed
 * by hash, not by a per-request nonce), so the page cache answers them with a strong ETag per
 * encoding and a CDN may share them; anything per visitor comes with a request after load.
 */
import type { Request, RequestHandler, Response } from 'express';
import { hasPersonalCookie } from '../auth/session';

export const PUBLIC_PAGE_CACHE = 'public, max-age=0, s-maxage=60, stale-while-revalidate=600';
export const NO_STORE = 'private, no-store';

const PAGE_TYPES = /^(text\/html|text\/x-script)\b/i;

function isReadRequest(req: Request): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** The Cache-Control a response gets when it set none itself; undefined leaves it unset. */
export function defaultCacheControl(req: Request, res: Response): string | undefined {
  const status = res.statusCode;
  if (!isReadRequest(req) || status >= 400) return NO_STORE;
  const isPage = PAGE_TYPES.test(String(res.getHeader('Content-Type') ?? ''));
  if (!isPage || status !== 200) return undefined;
  const personal = res.hasHeader('Set-Cookie') || hasPersonalCookie(req.headers.cookie);
  return personal ? NO_STORE : PUBLIC_PAGE_CACHE;
}

export function cacheHeaders(): RequestHandler {
  return (req, res, next) => {
    const writeHead = res.writeHead;
    // Decided when the headers go out, after the route has set its status, type and cookies.
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      if (typeof args[0] === 'number') this.statusCode = args[0];
      if (!this.hasHeader('Cache-Control')) {
        const value = defaultCacheControl(req, this);
        if (value) this.setHeader('Cache-Control', value);
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };
}
