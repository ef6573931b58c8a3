/**
 * Security headers for every response the server sends (pages, API, static files, images,
 * errors), set in one place: first thing for each request (server.js), before the page cache,
 * the static files or the app answer. The CSP allows no inline script or style at all but a page's own: its inline scripts
 * (React Router's hydration data and module loader) and its inline stylesheets (the page's own
 * built files, put in by inline-stylesheets.ts) are allowed by their SHA-256 hashes, which the page
 * pipeline (./page-handler.ts) computes from the final bytes once per rendered page, and whose
 * policy replaces the default one when the page is written. Hashes, not
 * a nonce: a cached page is the same bytes for every visitor, and a nonce repeated for everyone is
 * no nonce. An injected inline script has no matching hash, so it is blocked.
 *
 * Kept instead of helmet, measured by `npm run bench:libs`: helmet set up to send exactly these
 * headers runs the middleware alone 1.0–1.5× as fast (it prebuilds the policy; at most 10 µs per
 * response here, small beside rendering a page) but is no shorter: eight of its default headers
 * have to be switched off, Permissions-Policy is not one of its headers, HSTS depends on the
 * request here (helmet decides once), and the page hashes are still computed here.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tagCspSources, type EnabledTag } from '../../shared/third-party-tags';

/** Only youtube-nocookie: videos play without YouTube's tracking cookies (see VideoFacade). */
const VIDEO_FRAME_ORIGIN = 'https://www.youtube-nocookie.com';

export type SecurityHeaderOptions = {
  /**
   * Sends Strict-Transport-Security. Only over HTTPS: in production (NODE_ENV=production, where
   * the site is always behind TLS) or when the request arrived over https (TLS to this process,
   * Express's `req.secure`, or `X-Forwarded-Proto: https` with `behindProxy`). Browsers ignore
   * HSTS over plain http anyway; not sending it locally keeps http://localhost usable.
   */
  production: boolean;
  /**
   * TRUST_PROXY is set: a TLS-terminating proxy's `X-Forwarded-Proto` counts. Not checked against
   * the proxy's address (Express's `req.secure` is not known yet when the headers are set): a
   * client that forges it gets HSTS over plain http, which browsers ignore.
   */
  behindProxy?: boolean;
  /** Origins allowed in frames besides YouTube: the VR tour hosts from the content. */
  frameOrigins: () => readonly string[];
  /** Origin of the image CDN when images are not served same-origin (Sanity backend). */
  imageOrigin?: string;
  /** The ad platforms' tags switched on in siteSettings (none by default). */
  tags: () => readonly EnabledTag[];
};

export type CspInput = {
  frameOrigins: readonly string[];
  imageOrigin?: string;
  /** Their hosts, exactly, are added to script-src, connect-src and img-src. */
  tags?: readonly EnabledTag[];
  /** `'sha256-…'` sources of the page's inline scripts and `<style>` elements (inlineHashes). */
  inline?: InlineHashes;
};

export type InlineHashes = { scripts: readonly string[]; styles: readonly string[] };

/** The Content-Security-Policy value: scripts and styles only from us or with these hashes. */
export function contentSecurityPolicy({ frameOrigins, imageOrigin, inline, tags = [] }: CspInput): string {
  const tagSources = tagCspSources(tags);
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(inline?.scripts ?? []), ...tagSources.script],
    'style-src': ["'self'", ...(inline?.styles ?? [])],
    'img-src': ["'self'", 'data:', ...(imageOrigin ? [imageOrigin] : []), ...tagSources.img],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...tagSources.connect],
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

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;
const INLINE_STYLE = /<style\b[^>]*>([\s\S]*?)<\/style>/gi;

/**
 * The CSP hash sources of every inline `<script>` (JSON-LD included: harmless, and one rule is
 * simpler than a list of types) and `<style>` in a page. React escapes `</` inside the scripts it
 * writes, so the first `</script>` ends each one.
 */
export function inlineHashes(html: string): InlineHashes {
  const hashesOf = (pattern: RegExp) => [
    ...new Set(
      [...html.matchAll(pattern)].map(
        ([, text]) =>
          `'sha256-${createHash('sha256')
            .update(text ?? '')
            .digest('base64')}'`,
      ),
    ),
  ];
  return { scripts: hashesOf(INLINE_SCRIPT), styles: hashesOf(INLINE_STYLE) };
}

const FIXED_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['X-Frame-Options', 'DENY'],
];
const WITH_HSTS = [...FIXED_HEADERS, ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const];

/** Every security header but the CSP (which depends on the response); HSTS when over HTTPS. */
function fixedSecurityHeaders(https: boolean): ReadonlyArray<readonly [string, string]> {
  return https ? WITH_HSTS : FIXED_HEADERS;
}

/** Whether a request arrived over https (see `SecurityHeaderOptions.production`). */
function arrivedOverHttps(req: IncomingMessage & { secure?: boolean }, behindProxy: boolean): boolean {
  if (req.secure === true || (req.socket as { encrypted?: boolean }).encrypted === true) return true;
  const forwarded = req.headers['x-forwarded-proto'];
  return behindProxy && typeof forwarded === 'string' && forwarded.split(',')[0]!.trim() === 'https';
}

/**
 * Sets every security header on the response, the default CSP among them (a page's own replaces
 * it). A plain Node handler, so that server.js runs it before the page cache answers; as Express
 * middleware it calls `next`.
 */
export function securityHeaders(options: SecurityHeaderOptions): (req: IncomingMessage, res: ServerResponse, next?: () => void) => void {
  // The frame origins and tags keep their arrays between refreshes: the policy is built again only when one changes.
  let policy: { frameOrigins: readonly string[]; tags: readonly EnabledTag[]; value: string } | undefined;
  const defaultPolicy = () => {
    const frameOrigins = options.frameOrigins();
    const tags = options.tags();
    if (policy?.frameOrigins !== frameOrigins || policy.tags !== tags) {
      policy = { frameOrigins, tags, value: contentSecurityPolicy({ frameOrigins, imageOrigin: options.imageOrigin, tags }) };
    }
    return policy.value;
  };
  return (req, res, next) => {
    res.setHeader('Content-Security-Policy', defaultPolicy());
    for (const [name, value] of fixedSecurityHeaders(options.production || arrivedOverHttps(req, options.behindProxy ?? false))) res.setHeader(name, value);
    next?.();
  };
}
