/**
 * The HTTP order: the Express chain in front of React Router, each step where it must be
 * (health first, body limits before any parser, the session checks before anything reads a
 * session, the method guard just before the pages). The services come open (./services.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type RequestHandler } from 'express';
import { PressService } from '../press/service';
import { databaseState } from '../content/index';
import { createImageHandler } from '../images';
import type { ServerConfig } from '../config';
import { cacheHeaders, NO_STORE, PUBLIC_PAGE_CACHE } from '../http/cache-headers';
import { createHealthRouter, salesTablesRead } from '../http/health';
import { watchEnabledTags, watchFrameOrigins } from '../http/frame-origins';
import { contentSecurityPolicy, inlineHashes, securityHeaders } from '../http/security-headers';
import { createPageHandlers } from '../pages/page-handler';
import { PageCache } from '../pages/page-cache';
import { pageAddresses } from '../pages/page-address';
import { renderLimit } from '../pages/render-limit';
import { VIEW_FLUSH_INTERVAL_MS } from '../batched-counts';
import { createMeasureRouter } from '../measurement/routes';
import { limitRequestBodies } from '../http/body-limit';
import { apiMethods, apiRoutes, guardPageRequests, pageMethods } from '../http/methods';
import { createPreview, previewContent } from '../preview';
import { observeRequest, requestIdOf, routeTemplates } from '../observability/requests';
import type { OpenServices } from './services';
import { STAFF_SESSION_PATH } from '../../shared/staff-session';

export type HttpOrder = {
  /** API routes and pages. */
  handler: express.Express;
  /**
   * Answers a fresh cached page for an anonymous visitor in one write (true), else leaves the
   * request to `handler` (false): server.js calls it before anything else.
   */
  answerFromCache: (req: IncomingMessage, res: ServerResponse) => boolean;
  /** Gives every request its id and logs and counts it when it ends: server.js calls it first. */
  observe: (req: IncomingMessage, res: ServerResponse) => void;
  /** The page cache (its renders are counted for /readyz and the bench). */
  pageCache: PageCache | undefined;
  /**
   * Sets the security headers: server.js calls it for every request, before the page cache
   * answers (not in `--dev`, whose Vite client injects inline scripts).
   */
  securityHeaders: (req: IncomingMessage, res: ServerResponse) => void;
  /** The default Cache-Control: server.js mounts it before its static files (not in `--dev`). */
  cacheHeaders: RequestHandler;
};

export type HttpOptions = {
  /**
   * Deferred hydration, hashed CSP and the page cache (default on). server.js turns it off in
   * `--dev`, where Vite injects scripts of its own and pages change with the code.
   */
  pagePipeline?: boolean;
};

/** Request bodies: the press page's forms (21,200 characters, percent-encoded Korean: ≤ 190 KB) fit. */
const MAX_PAGE_BODY_BYTES = 256 * 1024;
/** The API's ceiling; its routes set smaller limits of their own (leads 16 KB). */
const MAX_API_BODY_BYTES = 1024 * 1024;

/** The press list and article pages, the only ones that show view counts. */
const PRESS_PAGE = /^\/[^/]+\/press(\/|$)/i;

export async function createHttpOrder(opened: OpenServices, config: ServerConfig, options: HttpOptions = {}): Promise<HttpOrder> {
  const { services, sources, limiters, leadService, pageViews, viewCounter } = opened;
  const { auth, press } = services;
  const postgres = sources.database;
  const csp = {
    frameOrigins: await watchFrameOrigins(sources.content),
    tags: await watchEnabledTags(sources.content),
    imageOrigin: sources.imageConfig.baseUrl || undefined,
  };
  const preview = createPreview({ auth, sanity: config.sanity });
  const serverRoutes = async () => (await import('virtual:react-router/server-build')).routes;
  const pageCache =
    options.pagePipeline === false
      ? undefined
      : new PageCache({
          // What the Express chain adds to a page (cacheHeaders): a hit answered before it carries the same.
          sharedHeaders: (status) => [['Cache-Control', status === 200 ? PUBLIC_PAGE_CACHE : NO_STORE]],
        });
  // A request in preview reads with the perspective it asked for; the press pages with drafts too
  // (paged by query: the order index is for visitors), drafts published from the published content.
  const previewContext = (req: express.Request) => {
    const content = previewContent(sources.content.drafts(preview.perspective(req)));
    const previewPress = new PressService(content, viewCounter, 'cursor-query', sources.content);
    return { ...services, clientIp: req.ip ?? '', content, press: previewPress, preview: sources.mode, previewSwitch: preview };
  };
  const pages = createPageHandlers({
    build: () => import('virtual:react-router/server-build'),
    // In preview, loaders read drafts; every other request the published content.
    loadContext: (req) =>
      preview.isActive(req)
        ? { ...previewContext(req), requestId: requestIdOf(req) }
        : { ...services, clientIp: req.ip ?? '', requestId: requestIdOf(req), preview: null, previewSwitch: preview },
    mode: config.production ? 'production' : 'development',
    pipeline: !pageCache
      ? undefined
      : {
          cache: pageCache,
          addresses: async () => pageAddresses(await serverRoutes()),
          // View counts are no content: a press page is rendered again at most once per flush interval for them.
          contentVersion: (path) =>
            PRESS_PAGE.test(path)
              ? `${sources.content.changeVersion()}:${Math.floor(Date.now() / (config.viewFlushIntervalMs ?? VIEW_FLUSH_INTERVAL_MS))}`
              : sources.content.changeVersion(),
          policy: (html) =>
            contentSecurityPolicy({ frameOrigins: csp.frameOrigins(), tags: csp.tags(), imageOrigin: csp.imageOrigin, inline: inlineHashes(html) }),
        },
    admitRender: renderLimit(config.pageRenderLimit, (req) => auth.session(req) !== null, limiters),
  });
  const templateOf = routeTemplates(await serverRoutes());
  const app = express();
  app.disable('x-powered-by');

  app.use(
    createHealthRouter({
      content: sources.content,
      leads: salesTablesRead(sources.sales),
      // The database's state follows the readiness check too: it is what monitoring polls.
      database:
        postgres &&
        (() =>
          postgres.query('SELECT 1').then(
            () => databaseState.back(),
            (error: unknown) => {
              databaseState.lost(error);
              throw error;
            },
          )),
      dataDir: config.dataDir,
      outboxBacklog: () => leadService.outboxBacklog(),
      pageCache,
    }),
  );

  // Request bodies: a size limit on every path, enforced as the bytes arrive.
  app.use(limitRequestBodies((req) => (req.path.startsWith('/api/') ? MAX_API_BODY_BYTES : MAX_PAGE_BODY_BYTES)));

  if (sources.mode === 'embedded') {
    app.get('/images/:projectId/:dataset/:file', createImageHandler({ store: sources.content, rootDir: process.cwd() }));
  }

  // Before anything checks a session: whether another instance signed it out.
  app.use((req, _res, next) => {
    auth.learnRevocation(req).then(() => next(), next);
  });
  // A signed-in admin's page reads renew the session cookie (idle timeout). Writes do not: their
  // answers set or clear the cookie themselves (sign-in, logout). Nor does asking the session
  // clock how long is left (routes/api/session.ts): that is no activity.
  app.use((req, res, next) => {
    const renewal = (req.method === 'GET' || req.method === 'HEAD') && req.path !== STAFF_SESSION_PATH ? auth.renewal(req) : undefined;
    if (renewal) res.append('Set-Cookie', renewal);
    next();
  });
  // Preview: no shared caching or indexing of a page in preview (its switches are routes).
  app.use(preview.responseHeaders);

  // POST /api/measure (the page-view beacon). The lead API, the session clock, Sanity's webhook, the press API and the console's downloads are resource routes.
  app.use(createMeasureRouter({ pageViews }));

  // Methods: unknown ones 405 before React Router; a page POST only from this site's Origin,
  // checked before its body is read (React Router's own check would answer 400, after reading).
  // The API's resource routes (web/app/routes/api/) go to React Router from here.
  app.use('/api', apiRoutes({ methodsOf: apiMethods(serverRoutes), answer: pages.resource }));
  app.use(guardPageRequests({ methodsOf: pageMethods(serverRoutes, (slug) => press.isPressSite(slug)), isSameOrigin: (req) => auth.isSameOrigin(req) }));

  app.use(pages.render);

  return {
    handler: app,
    answerFromCache: pages.answerFromCache,
    observe: (req, res) => observeRequest(req, res, templateOf),
    pageCache,
    securityHeaders: securityHeaders({ production: config.production, behindProxy: config.trustProxy !== undefined, ...csp }),
    cacheHeaders: cacheHeaders(),
  };
}
