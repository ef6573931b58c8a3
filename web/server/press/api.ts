/**
 * The press JSON API, which the resource routes under web/app/routes/api/ answer with:
 *   GET  /api/press?site=…&cursor=…   → { items, nextCursor }
 *   POST /api/press/:id/view?site=…   → { views, counted } (the press page sends it once loaded)
 *   GET  /api/press/:id/views?site=…  → { views } (the Studio's 조회수, from another origin)
 * Bad input answers 400, an unknown site or article 404, always with a Korean `error`; a view
 * request that is not from our own page answers 403 (see view-gate.ts for what counts). A store
 * that fails answers 500 in the same shape (never React Router's plain-text error).
 */
import { messages } from '../../shared/messages';
import { errorField, log } from '../observability/log';
import { InvalidCursorError, type PressService } from './service';
import { isFromOurPage, viewRequestOf, ViewGate, type ViewRequest } from '../http/view-gate';

const SITE_PATTERN = /^[a-z0-9-]{1,64}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The API's errors: a machine code and the Korean message shown for it. */
const ERRORS = {
  invalidSite: 'site 값이 올바르지 않습니다.',
  invalidCursor: '잘못된 페이지 커서입니다.',
  unknownSite: '언론보도 사이트가 없습니다.',
  articleNotFound: '기사를 찾을 수 없습니다.',
  foreignOrigin: messages.foreignOrigin,
  serverError: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
} as const;

type HeaderFields = Record<string, string>;

const NO_STORE: HeaderFields = { 'Cache-Control': 'no-store' };

/** An error (without headers of its own, the server marks it `private, no-store`). */
function fail(status: number, error: keyof typeof ERRORS, headers: HeaderFields = {}): Response {
  return Response.json({ error, message: ERRORS[error] }, { status, headers });
}

/** Views counted per address per article per clock hour (a household's phones and laptop). */
export const PRESS_VIEWS_PER_ADDRESS = 3;

/** Which view requests count: in memory (ViewGate), or shared by every instance (./shared-views.ts). */
export interface PressViewGate {
  /** Whether this is the reader's first view of `key` (site/article) this clock hour. */
  firstPageView(req: ViewRequest, key: string): boolean | Promise<boolean>;
}

export type PressApi = {
  list(request: Request): Promise<Response>;
  views(request: Request, id: string): Promise<Response>;
  recordView(request: Request, id: string, clientIp: string): Promise<Response>;
};

/** The one `site` of the query: absent, repeated or malformed is no site. */
function siteOf(query: URLSearchParams): string | undefined {
  const sites = query.getAll('site');
  return sites.length === 1 && SITE_PATTERN.test(sites[0]!) ? sites[0] : undefined;
}

/** An answer, or the API's 500 when the store fails (logged with what was asked). */
async function answering(request: Request, answer: () => Promise<Response>, headers: HeaderFields = {}): Promise<Response> {
  try {
    return await answer();
  } catch (error) {
    log.error({ path: new URL(request.url).pathname, err: errorField(error) }, 'press api: the store failed');
    return fail(500, 'serverError', headers);
  }
}

export function createPressApi(press: PressService, viewGate: PressViewGate = new ViewGate({ maxPerAddress: PRESS_VIEWS_PER_ADDRESS })): PressApi {
  return {
    list: (request) =>
      answering(request, async () => {
        const query = new URL(request.url).searchParams;
        const site = siteOf(query);
        if (!site) return fail(400, 'invalidSite');
        const cursors = query.getAll('cursor');
        if (cursors.length > 1) return fail(400, 'invalidCursor');
        if (!(await press.isPressSite(site))) return fail(404, 'unknownSite');
        try {
          // Shared caches may keep a page briefly; a new post shows within seconds.
          return Response.json(await press.list(site, cursors[0]), {
            headers: { 'Cache-Control': 'public, max-age=0, s-maxage=5, stale-while-revalidate=30' },
          });
        } catch (error) {
          if (error instanceof InvalidCursorError) return fail(400, 'invalidCursor');
          throw error;
        }
      }),

    views: (request, id) => {
      // Public numbers (every article page shows its own): any origin may read them, without credentials.
      const headers = { 'Access-Control-Allow-Origin': '*', ...NO_STORE };
      return answering(
        request,
        async () => {
          const site = siteOf(new URL(request.url).searchParams);
          if (!site) return fail(400, 'invalidSite', headers);
          const article = ID_PATTERN.test(id) ? await press.article(site, id) : null;
          if (!article) return fail(404, 'articleNotFound', headers);
          return Response.json({ views: article.views }, { headers });
        },
        headers,
      );
    },

    recordView: (request, id, clientIp) =>
      answering(request, async () => {
        const site = siteOf(new URL(request.url).searchParams);
        if (!site) return fail(400, 'invalidSite');
        if (!ID_PATTERN.test(id)) return fail(404, 'articleNotFound');
        const reader = viewRequestOf(request, clientIp);
        if (!isFromOurPage(reader)) return fail(403, 'foreignOrigin');
        if (!(await press.article(site, id))) return fail(404, 'articleNotFound');
        const counted = (await viewGate.firstPageView(reader, `${site}/${id}`)) && (await press.recordView(site, id));
        return Response.json({ views: await press.viewCount(id), counted }, { headers: NO_STORE });
      }),
  };
}
