/**
 * Preview: an editor sees drafts on the real page before visitors do.
 *
 * - Embedded store: a signed-in admin turns it on and off from the console
 *   (`POST /admin/preview`, `enable=1|0`, `path` to return to; same-origin and admin session as
 *   every console write). Preview then needs both the preview cookie and the admin session.
 * - Sanity: the Studio's Presentation tool opens `GET /api/preview/enable` with its signed secret,
 *   checked by `@sanity/preview-url-secret` against the content dataset (the secret documents the
 *   Studio writes there; read with the viewer token); `GET /api/preview/disable` ends it. The
 *   cookie alone is the preview (SameSite=None in production: the page is framed by the Studio).
 *
 * A request in preview reads drafts (`content.drafts()`), is never answered from or stored in the
 * page cache (the preview cookie counts as personal), and is sent `private, no-store` with
 * `X-Robots-Tag: noindex`; with Sanity, the Studio's origin may frame it.
 */
import { createClient } from '@sanity/client';
import { validatePreviewUrl } from '@sanity/preview-url-secret';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { data, redirect } from 'react-router';
import type { StaffAuth } from './auth/staff-auth';
import type { SanityConfig } from './config';
import { sanityConnection } from './content/index';
import { ContentReadError, type ContentSource, type PreviewPerspective } from './content/types';
import { NO_STORE } from './http/cache-headers';
import { mediaTypeOf, readBody } from './http/fetch-body';
import { staffRefusalAnswer } from '../shared/staff-refusals';
import { ownPagePath } from '../shared/own-page-path';
import { messages } from '../shared/messages';

export type PreviewOptions = {
  auth: StaffAuth;
  /** Set in Sanity mode: the Studio's secret is checked against its content dataset. */
  sanity?: SanityConfig;
};

type AnyRequest = ExpressRequest | Request;

export type Preview = {
  /** Whether this request sees drafts. */
  isActive(req: AnyRequest): boolean;
  /** The perspective a request in preview reads with: the Studio's choice (Sanity), else drafts. */
  perspective(req: AnyRequest): PreviewPerspective;
  /** `POST /admin/preview`: an admin turns preview on (`enable=1`) or off (`enable=0`), returning to `path`. */
  toggle(request: Request): Promise<Response>;
  /** `GET /api/preview/enable` (Sanity): the Studio's signed link enters preview; without Sanity, 404. */
  enter(request: Request): Promise<Response>;
  /** `GET /api/preview/disable` (Sanity): leaves preview, returning to `path`; without Sanity, 404. */
  leave(request: Request): Response;
  /** For requests in preview: no shared caching, no indexing, and (Sanity) framing by the Studio. */
  responseHeaders: RequestHandler;
};

const MAX_FORM_BYTES = 4 * 1024;
/** A release id as Sanity's client accepts it in a perspective; at most a few stacked. */
const RELEASE_ID = /^[a-z0-9_]{1,64}$/i;
const MAX_STACKED_RELEASES = 10;

/** The Studio's `sanity-preview-perspective` (`published`, `drafts`, or release ids, comma-separated), when valid. */
function parsePerspective(value: string | undefined | null): PreviewPerspective | null {
  if (value === 'published' || value === 'drafts') return value;
  const stack = (value ?? '').split(',').filter((id) => id !== 'drafts');
  if (stack.length === 0 || stack.length > MAX_STACKED_RELEASES || !stack.every((id) => RELEASE_ID.test(id) && id !== 'raw')) return null;
  // Releases over drafts over published, as the Studio shows them.
  return [...stack, 'drafts'];
}
const INVALID_TOGGLE = 'enable 값은 1(켜기) 또는 0(끄기)이어야 합니다.';
const PAYLOAD_TOO_LARGE = '요청 내용이 너무 큽니다.';

/** A redirect that sets cookies and is never stored. */
function redirectSetting(location: string, status: number, cookies: string[]): Response {
  const headers = new Headers({ 'Cache-Control': NO_STORE });
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return redirect(location, { status, headers });
}

const refusal = (status: number, error: string, message: string) => Response.json({ error, message }, { status, headers: { 'Cache-Control': NO_STORE } });

export function createPreview({ auth, sanity }: PreviewOptions): Preview {
  const framed = Boolean(sanity);
  const isActive = (req: AnyRequest) => auth.hasPreviewCookie(req) && (framed || auth.session(req)?.role === 'admin');
  const perspective = (req: AnyRequest) => (framed ? parsePerspective(auth.previewPerspective(req)) : null) ?? 'drafts';

  // Refused before the body is read (Origin, session, role: headers only); then a small form.
  const toggle = async (request: Request): Promise<Response> => {
    const authorization = auth.authorizeWrite(request, 'admin');
    if (!authorization.ok) {
      const { status, message } = staffRefusalAnswer(authorization.refusal);
      return refusal(status, authorization.refusal, message);
    }
    const raw = mediaTypeOf(request) === 'application/x-www-form-urlencoded' ? await readBody(request, MAX_FORM_BYTES) : Buffer.alloc(0);
    if (raw === 'tooLarge') return refusal(413, 'tooLarge', PAYLOAD_TOO_LARGE);
    const form = new URLSearchParams(raw === 'unreadable' ? '' : raw.toString('utf8'));
    const enable = form.get('enable');
    if (enable !== '1' && enable !== '0') return refusal(400, 'invalidPreviewToggle', INVALID_TOGGLE);
    return redirectSetting(ownPagePath(form.get('path')), 303, [enable === '1' ? auth.previewCookie(framed) : auth.clearedPreviewCookie(framed)]);
  };

  if (!sanity) {
    // The Studio's addresses exist only with the Studio.
    const notFound = () => refusal(404, 'notFound', messages.addressNotFound);
    return { isActive, perspective, toggle, enter: async () => notFound(), leave: notFound, responseHeaders: previewResponseHeaders(isActive, undefined) };
  }

  const secretClient = createClient({
    ...sanityConnection(sanity),
    token: sanity.viewerToken ?? sanity.token,
    dataset: sanity.dataset,
    useCdn: false,
  });
  const enter = async (request: Request): Promise<Response> => {
    const { isValid, redirectTo, studioPreviewPerspective } = await validatePreviewUrl(secretClient, request.url);
    if (!isValid) return refusal(401, 'invalidPreviewSecret', '미리보기 링크가 올바르지 않거나 만료되었습니다. Studio에서 다시 열어 주세요.');
    const chosen = parsePerspective(studioPreviewPerspective);
    return redirectSetting(ownPagePath(redirectTo ?? '/'), 307, [
      auth.previewCookie(true),
      auth.previewPerspectiveCookie(chosen ? [chosen].flat().join(',') : null, true),
    ]);
  };
  const leave = (request: Request): Response =>
    redirectSetting(ownPagePath(new URL(request.url).searchParams.get('path')), 303, [
      auth.clearedPreviewCookie(true),
      auth.previewPerspectiveCookie(null, true),
    ]);
  const studioOrigin = sanity.studioUrl ? new URL(sanity.studioUrl).origin : undefined;
  return { isActive, perspective, toggle, enter, leave, responseHeaders: previewResponseHeaders(isActive, studioOrigin) };
}

function previewResponseHeaders(isActive: (req: ExpressRequest) => boolean, studioOrigin: string | undefined): RequestHandler {
  return (req, res, next) => {
    if (!isActive(req)) return next();
    res.set('X-Robots-Tag', 'noindex');
    const writeHead = res.writeHead;
    // Decided when the headers go out, after the page pipeline has set its CSP.
    res.writeHead = function (this: ExpressResponse, ...args: Parameters<ExpressResponse['writeHead']>) {
      this.setHeader('Cache-Control', NO_STORE);
      if (studioOrigin) {
        this.removeHeader('X-Frame-Options');
        const policy = this.getHeader('Content-Security-Policy');
        if (typeof policy === 'string') this.setHeader('Content-Security-Policy', previewPolicy(policy, studioOrigin));
      }
      return writeHead.apply(this, args);
    } as ExpressResponse['writeHead'];
    next();
  };
}
/**
 * Where Sanity's Dashboard (www.sanity.io/@<organization>) frames a Studio; `frame-ancestors` is
 * checked against every ancestor, so a preview inside a Studio inside the Dashboard needs it too.
 */
const SANITY_DASHBOARD_ORIGIN = 'https://www.sanity.io';

/**
 * The page's CSP as the Studio's Presentation tool needs it: framed by the Studio (itself perhaps
 * inside Sanity's Dashboard), and inline
 * styles allowed, which the overlay's styled-components inserts as <style> elements. The page's
 * style hashes are dropped: beside any hash, browsers ignore 'unsafe-inline'.
 */
function previewPolicy(policy: string, studioOrigin: string): string {
  return policy
    .split('; ')
    .map((directive) => {
      if (directive.startsWith('frame-ancestors ')) return `frame-ancestors 'self' ${studioOrigin} ${SANITY_DASHBOARD_ORIGIN}`;
      if (directive.startsWith('style-src ')) return "style-src 'self' 'unsafe-inline'";
      return directive;
    })
    .join('; ');
}

/**
 * A preview's reads, where a read the Content Lake refuses (the perspective the Studio asked for,
 * which the configured API version may not know) ends the page as a 400 saying so: the request's
 * choice, not a failure of the site.
 */
export function previewContent(content: ContentSource): ContentSource {
  return {
    ...content,
    fetch: (query, params) =>
      content.fetch(query, params).catch((error: unknown) => {
        if (!(error instanceof ContentReadError)) throw error;
        console.warn(`[preview] ${error.message}`);
        throw data({ message: messages.previewReadRefused }, { status: 400 });
      }),
  };
}
