/**
 * React Router's request handler for Express, with every HTML page going through one pipeline:
 *
 *   rendered document → inlineStylesheets → chooseWebFont → deferHydration → CSP hashes of its inline scripts
 *   and styles → (anonymous GET) the page cache → strong ETag / 304, brotli or gzip made once
 *
 * What is cached: a GET or HEAD of a page (not `.data`) without a session cookie whose answer is
 * a 200 HTML page without Set-Cookie and without a Cache-Control of its own (a route that sets
 * `private`/`no-store` opts out), and the one 404 page of every unknown path. Such a request is
 * rendered from its page address (page-address.ts): the query parameters its route does not
 * declare never reach React Router. Everything else (signed-in staff, form posts, errors,
 * redirects, `.data`) is rendered for its request as before, with the same hashed CSP.
 *
 * A fresh hit is answered before Express (`answerFromCache`, mounted by server.js in front of
 * everything): one lookup and one write of a head built with the page. An aged page, an encoding
 * still being compressed and every miss reach `render`, last in Express's chain (after static
 * files and the API), which also limits how often one address makes the server render.
 */
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { requestIdOf } from '../observability/requests';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createRequestHandler, matchRoutes, type AppLoadContext, type ServerBuild } from 'react-router';
import { hasPersonalCookie } from '../auth/session';
import { deferHydration } from './deferred-hydration';
import { isHtml, pageHeaders, sendFetchResponse, toFetchRequest } from './fetch-adapter';
import { builtStylesheets, inlineStylesheets, type StylesheetText } from './inline-stylesheets';
import { chooseWebFont } from './web-font';
import { UNKNOWN_PAGE_KEY, type PageAddress, type PageAddresses } from './page-address';
import { type CachedPage, type PageCache, type RenderedPage } from './page-cache';
import { encodingOf, sendPage, sendRendered, writePage, type Rendered } from './page-response';
import { createRouteDiscovery, ROUTE_DISCOVERY_PATH } from './route-discovery';
import { createRouteTrees } from './route-tree';
import { NO_STORE } from '../http/cache-headers';
import { messages } from '../../shared/messages';

export type PageHandlerOptions = {
  build: () => Promise<ServerBuild>;
  loadContext: (req: ExpressRequest) => AppLoadContext;
  /** `production` or `development` (React Router's error detail). */
  mode: string;
  /**
   * The page pipeline (production): inline stylesheets, deferred hydration, hashed CSP and the page cache. Off in
   * `--dev`, whose Vite client injects scripts of its own and whose pages change with the code.
   */
  pipeline?: {
    cache: PageCache;
    /** Page addresses by the build's routes (read once). */
    addresses: () => Promise<PageAddresses>;
    /** The content version a page at this path is rendered from (see app.ts). */
    contentVersion: (path: string) => string;
    /** The Content-Security-Policy of a page with these bytes. */
    policy: (html: string) => string;
  };
  /**
   * Called before a request makes the server render (never for a cache hit, nor for a request
   * that waits for a render under way): false when it has answered instead (too many renders).
   */
  admitRender?: (req: ExpressRequest, res: ExpressResponse) => boolean | Promise<boolean>;
};

export type PageHandlers = {
  /**
   * Answers a fresh cached page in one write and returns true; false for anything else, which
   * then goes through Express. Takes Node's request and response, before any middleware.
   */
  answerFromCache: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Renders (and caches) pages; last in the chain. */
  render: RequestHandler;
  /** A resource route's answer for this request alone: never cached, never counted as a render. */
  resource: RequestHandler;
};

export function createPageHandlers(options: PageHandlerOptions): PageHandlers {
  const { pipeline } = options;
  // Given the build as a function, React Router derives its routes from it again on every request
  // (a quarter of a lead POST's CPU): right for `--dev`, whose routes change with the code (no
  // pipeline), not for a built server, whose build is read once.
  let handle: Promise<(request: Request, context: AppLoadContext) => Promise<Response>> | undefined;
  const renderPage = async (request: Request, context: AppLoadContext) => {
    handle ??= pipeline
      ? options.build().then((build) => createRequestHandler(build, options.mode))
      : Promise.resolve(createRequestHandler(options.build, options.mode));
    return (await handle)(request, context);
  };
  const routeTreeOf = createRouteTrees();
  const answerDiscovery = createRouteDiscovery({
    build: options.build,
    routeTreeOf,
    loadContext: options.loadContext,
    renderPage,
    admitRender: options.admitRender,
  });
  /**
   * A `.data` request (single fetch) for a resource route: React Router would read the route's
   * file whole into its answer. No page of ours asks for one (a download is a plain form or link).
   * A route that only redirects (a `redirect/` id in routes.ts) has no component either, but the
   * browser navigates to it (menu links): its `.data` is the redirect.
   */
  const isResourceData = async (path: string) => {
    if (!path.endsWith('.data')) return false;
    const build = await options.build();
    const deepest = matchRoutes(routeTreeOf(build), path === '/_root.data' ? '/' : path.slice(0, -'.data'.length), build.basename)?.at(-1);
    return deepest !== undefined && !deepest.route.id!.startsWith('redirect/') && !build.routes[deepest.route.id!]?.module.default;
  };
  let stylesheets: Promise<StylesheetText> | undefined;
  const stylesheetsOfBuild = () => (stylesheets ??= options.build().then((build) => builtStylesheets(resolve(build.assetsBuildDirectory), build.publicPath)));
  // Known once the build's routes are read (the first render); until then every request goes through Express.
  let addressOf: PageAddresses | undefined;
  const addresses = async () => (addressOf ??= await pipeline!.addresses());

  /** A GET or HEAD of a page document (not `.data`) without a session or preview cookie. */
  const isAnonymousDocument = (req: IncomingMessage, path: string) =>
    (req.method === 'GET' || req.method === 'HEAD') && !path.endsWith('.data') && path !== ROUTE_DISCOVERY_PATH && !hasPersonalCookie(req.headers.cookie);

  const answerFromCache = (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!pipeline || !addressOf) return false;
    const url = req.url ?? '/';
    // Without a query the key is the path: no route matching on the hot path.
    const address = url.includes('?') ? addressOf(url) : undefined;
    const path = address?.path ?? url;
    if (address?.unknown || !isAnonymousDocument(req, path)) return false;
    const key = address?.key ?? url;
    const version = pipeline.contentVersion(path);
    const found = pipeline.cache.get(key, version);
    // An aged page goes through Express once, which starts its refresh; meanwhile it is served from here.
    const usable = found && (!found.stale || pipeline.cache.isRendering(key, version));
    const form = usable ? found.page.ready(encodingOf(req.headers['accept-encoding'])) : undefined;
    if (!found || !form) return false;
    metrics.pageCache.inc({ result: 'hit' });
    writePage(req, res, found.page, form);
    return true;
  };

  /**
   * Renders the page at `target` for this request: a finished HTML page, or any other answer as
   * React Router gave it. `shared`: a render others wait for, which the requester leaving must not stop.
   */
  const renderFor = async (req: ExpressRequest, res: ExpressResponse, target: string, method: string, shared = false): Promise<Rendered> => {
    const response = await renderPage(toFetchRequest(req, shared ? undefined : res, method, target), options.loadContext(req));
    if (!pipeline || !isHtml(response)) return { kind: 'other', response };
    const html = deferHydration(chooseWebFont(inlineStylesheets(await response.text(), await stylesheetsOfBuild())));
    const headers = pageHeaders(response);
    headers.push(['content-security-policy', pipeline.policy(html)]);
    const cookies = response.headers.getSetCookie();
    const cacheable = cookies.length === 0 && !res.hasHeader('Set-Cookie') && !response.headers.has('Cache-Control');
    return { kind: 'page', status: response.status, headers, cookies, body: Buffer.from(html), cacheable };
  };

  // A HEAD of a page is rendered as the GET it describes, so that its answer is the same.
  const renderUncached = async (req: ExpressRequest, res: ExpressResponse, target: string) =>
    sendRendered(req, res, await renderFor(req, res, target, req.method === 'HEAD' && pipeline ? 'GET' : req.method));

  /** The page rendered once for all who ask for it meanwhile; undefined (and `own` set) when it is not one to keep. */
  const fillCache = (req: ExpressRequest, res: ExpressResponse, address: PageAddress, version: string) => {
    const result: { page?: CachedPage; own?: Rendered } = {};
    const keep = (rendered: Rendered): RenderedPage | undefined => {
      const kept = rendered.kind === 'page' && rendered.cacheable && rendered.status === (address.unknown ? 404 : 200);
      if (kept) return { status: rendered.status, headers: rendered.headers, html: rendered.body };
      result.own = rendered;
      return undefined;
    };
    return pipeline!.cache
      .fill(address.key, version, async () => keep(await renderFor(req, res, address.target, 'GET', true)))
      .then((page) => ({ ...result, page }));
  };

  const render: RequestHandler = async (req, res, next) => {
    try {
      if (req.path === ROUTE_DISCOVERY_PATH && (req.method === 'GET' || req.method === 'HEAD')) {
        await answerDiscovery(req, res);
        return;
      }
      if (await isResourceData(req.path)) {
        res.status(404).set('Cache-Control', NO_STORE).json({ error: 'notFound', message: messages.addressNotFound });
        return;
      }
      const address = pipeline && isAnonymousDocument(req, req.path) ? (await addresses())(req.originalUrl) : undefined;
      if (!pipeline || !address) {
        if ((await options.admitRender?.(req, res)) === false) return;
        await renderUncached(req, res, req.originalUrl);
        return;
      }
      // Read before rendering: a change made during the render must not be hidden under this version.
      // The one 404 page is one page whatever the path (which may look like a press page's).
      const version = pipeline.contentVersion(address.unknown ? UNKNOWN_PAGE_KEY : address.path);
      const found = pipeline.cache.get(address.key, version);
      metrics.pageCache.inc({ result: found ? 'hit' : 'miss' });
      if (found) {
        if (found.stale && !pipeline.cache.isRendering(address.key, version)) {
          fillCache(req, res, address, version).catch((error: unknown) =>
            log.error({ req_id: requestIdOf(req), err: errorField(error) }, 'page cache: refresh failed'),
          );
        }
        await sendPage(req, res, found.page);
        return;
      }
      if (!pipeline.cache.isRendering(address.key, version) && (await options.admitRender?.(req, res)) === false) return;
      const { page, own } = await fillCache(req, res, address, version);
      if (page) await sendPage(req, res, page);
      else if (own) await sendRendered(req, res, own);
      // It waited for another request's render, whose answer was not one to share.
      else await renderUncached(req, res, address.target);
    } catch (error) {
      next(error);
    }
  };

  const resource: RequestHandler = async (req, res, next) => {
    try {
      const response = await renderPage(toFetchRequest(req, res, req.method, req.originalUrl), options.loadContext(req));
      await sendFetchResponse(res, response, req.method === 'HEAD');
    } catch (error) {
      next(error);
    }
  };

  return { answerFromCache, render, resource };
}
