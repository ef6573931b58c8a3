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
import express, { type Request, type RequestHandler, type Response } from 'express';
import { data } from 'react-router';
import { bodyParserErrors, refuseTooLarge } from './http/body-limit';
import type { StaffAuth } from './auth/staff-auth';
import type { SanityConfig } from './config';
import { sanityConnection } from './content/index';
import { ContentReadError, type ContentSource, type PreviewPerspective } from './content/types';
import { NO_STORE } from './http/cache-headers';
import { staffRefusalAnswer } from '../shared/staff-refusals';
import { ownPagePath } from '../shared/own-page-path';
import { PREVIEW_PATHS } from '../shared/preview';
import { messages } from '../shared/messages';

export type PreviewOptions = {
  auth: StaffAuth;
  /** Set in Sanity mode: the Studio's secret is checked against its content dataset. */
  sanity?: SanityConfig;
};

export type Preview = {
  /** Whether this request sees drafts. */
  isActive(req: Request | globalThis.Request): boolean;
  /** The perspective a request in preview reads with: the Studio's choice (Sanity), else drafts. */
  perspective(req: Request | globalThis.Request): PreviewPerspective;
  /** The preview routes: POST /admin/preview; with Sanity, GET /api/preview/enable and /disable. */
  router: express.Router;
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

export function createPreview({ auth, sanity }: PreviewOptions): Preview {
  const framed = Boolean(sanity);
  const isActive = (req: Request | globalThis.Request) => auth.hasPreviewCookie(req) && (framed || auth.session(req)?.role === 'admin');
  const perspective = (req: Request | globalThis.Request) => (framed ? parsePerspective(auth.previewPerspective(req)) : null) ?? 'drafts';
  const router = express.Router();

  // Refused before the body is read (Origin, session, role: headers only); then a small form.
  const authorizeToggle: RequestHandler = (req, res, next) => {
    res.set('Cache-Control', NO_STORE);
    const authorization = auth.authorizeWrite(req, 'admin');
    if (authorization.ok) return next();
    const { status, message } = staffRefusalAnswer(authorization.refusal);
    res.status(status).json({ error: authorization.refusal, message });
  };
  const toggle: RequestHandler = (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (body.enable !== '1' && body.enable !== '0') {
      res.status(400).json({ error: 'invalidPreviewToggle', message: INVALID_TOGGLE });
      return;
    }
    res.append('Set-Cookie', body.enable === '1' ? auth.previewCookie(framed) : auth.clearedPreviewCookie(framed));
    res.redirect(303, ownPagePath(body.path));
  };
  const bodyErrors = bodyParserErrors({
    tooLarge: refuseTooLarge,
    unreadable: (res) => res.status(400).json({ error: 'invalidPreviewToggle', message: INVALID_TOGGLE }),
  });
  router.post(PREVIEW_PATHS.toggle, authorizeToggle, express.urlencoded({ extended: false, limit: MAX_FORM_BYTES }), toggle, bodyErrors);

  if (sanity) {
    const secretClient = createClient({
      ...sanityConnection(sanity),
      token: sanity.viewerToken ?? sanity.token,
      dataset: sanity.dataset,
      useCdn: false,
    });
    router.get(PREVIEW_PATHS.enable, async (req, res, next) => {
      res.set('Cache-Control', NO_STORE);
      try {
        const { isValid, redirectTo, studioPreviewPerspective } = await validatePreviewUrl(secretClient, req.originalUrl);
        if (!isValid) {
          res.status(401).json({ error: 'invalidPreviewSecret', message: '미리보기 링크가 올바르지 않거나 만료되었습니다. Studio에서 다시 열어 주세요.' });
          return;
        }
        res.append('Set-Cookie', auth.previewCookie(true));
        const chosen = parsePerspective(studioPreviewPerspective);
        res.append('Set-Cookie', auth.previewPerspectiveCookie(chosen ? [chosen].flat().join(',') : null, true));
        res.redirect(307, ownPagePath(redirectTo ?? '/'));
      } catch (error) {
        next(error);
      }
    });
    router.get(PREVIEW_PATHS.disable, (req, res) => {
      res.set('Cache-Control', NO_STORE);
      res.append('Set-Cookie', auth.clearedPreviewCookie(true));
      res.append('Set-Cookie', auth.previewPerspectiveCookie(null, true));
      res.redirect(303, ownPagePath(req.query.path));
    });
  }

  const studioOrigin = sanity?.studioUrl ? new URL(sanity.studioUrl).origin : undefined;
  const responseHeaders: RequestHandler = (req, res, next) => {
    if (!isActive(req)) return next();
    res.set('X-Robots-Tag', 'noindex');
    const writeHead = res.writeHead;
    // Decided when the headers go out, after the page pipeline has set its CSP.
    res.writeHead = function (this: Response, ...args: Parameters<Response['writeHead']>) {
      this.setHeader('Cache-Control', NO_STORE);
      if (studioOrigin) {
        this.removeHeader('X-Frame-Options');
        const policy = this.getHeader('Content-Security-Policy');
        if (typeof policy === 'string') this.setHeader('Content-Security-Policy', previewPolicy(policy, studioOrigin));
      }
      return writeHead.apply(this, args);
    } as Response['writeHead'];
    next();
  };

  return { isActive, perspective, router, responseHeaders };
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
