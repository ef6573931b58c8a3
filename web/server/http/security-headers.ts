/**
 * Security headers for every response the server sends (pages, API, static files, images,
 * errors), and the per-request CSP nonce that the page's inline scripts carry.
 *
 * The nonce is put on `res.locals.cspNonce`; web/server/app.ts hands it to React Router through
 * the load context and web/app/entry.server.tsx puts it on every inline script.
 *
 * Kept instead of helmet, measured by `npm run bench:libs`: helmet set up to send exactly these
 * headers runs the middleware alone 1.0–1.5× as fast (it prebuilds the policy; at most 10 µs per
 * response here, small beside rendering a page) but is no shorter: eight of its default headers
 * have to be switched off, Permissions-Policy is not one of its headers, HSTS depends on the
 * request here (helmet decides once), and the nonce is still made here.
 */
import { randomBytes } from 'node:crypto';
import type { RequestHandler, Response } from 'express';

/** Only youtube-nocookie: videos play without YouTube's tracking cookies (see VideoFacade). */
const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

export type SecurityHeaderOptions = {
  /**
   * Sends Strict-Transport-Security. Only over HTTPS: in production (NODE_ENV=production, where
   * the site is always behind TLS) or when the request arrived over https (`req.secure`, which
   * needs Express's `trust proxy` behind a TLS-terminating proxy). Browsers ignore HSTS over
   * plain http anyway; not sending it locally keeps http://localhost usable.
   */
  production: boolean;
  /** Origins allowed in frames besides YouTube: the VR tour hosts from the content. */
  frameOrigins: () => readonly string[];
  /** Origin of the image CDN when images are not served same-origin (Sanity backend). */
  imageOrigin?: string;
};

export type CspInput = { nonce: string; frameOrigins: readonly string[]; imageOrigin?: string };

/** The Content-Security-Policy value: scripts and `<style>` only from us or with this nonce. */
export function contentSecurityPolicy({ nonce, frameOrigins, imageOrigin }: CspInput): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`],
    'style-src': ["'self'", `'nonce-${nonce}'`],
    'img-src': ["'self'", 'data:', ...(imageOrigin ? [imageOrigin] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    'frame-src': [VIDEO_FRAME_ORIGIN, ...frameOrigins],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`)
    .join('; ');
}

/** 128 random bits, base64: a fresh value for every response. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

export function cspNonceOf(res: Response): string | undefined {
  const nonce: unknown = res.locals.cspNonce;
  return typeof nonce === 'string' ? nonce : undefined;
}

export function securityHeaders(options: SecurityHeaderOptions): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    res.setHeader(
      'Content-Security-Policy',
      contentSecurityPolicy({ nonce, frameOrigins: options.frameOrigins(), imageOrigin: options.imageOrigin }),
    );
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    res.setHeader('X-Frame-Options', 'DENY');
    if (options.production || req.secure) {
      res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    next();
  };
}
