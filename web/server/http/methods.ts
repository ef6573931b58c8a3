/**
 * What reaches React Router: only the methods a page serves (GET and HEAD everywhere, POST where
 * the route has an action), each else answered 405 with an Allow header before React Router
 * (which would answer some with a 500 and log others as errors); a POST only from this site's
 * Origin, checked before its body is read. `.data` requests (single fetch) are the same page.
 * Unmatched API paths get JSON: 405 for a method the API never serves, else 404.
 */
import type { Request, RequestHandler } from 'express';
import type { RouteMatch, RouteObject, ServerBuild } from 'react-router';
import { messages } from '../../shared/messages';
import { closeAfterAnswer } from './body-limit';
import { NO_STORE } from './cache-headers';
import { routeTree } from '../pages/page-address';
import { rememberedMatches } from '../pages/route-tree';

const READ_METHODS = ['GET', 'HEAD'];
const API_METHODS = ['GET', 'HEAD', 'POST'];

/** The page path a request addresses: `/x.data` is `/x`, `/_root.data` is `/`. */
function pagePathOf(path: string): string {
  if (path === '/_root.data') return '/';
  return path.endsWith('.data') ? path.slice(0, -'.data'.length) : path;
}

/**
 * The methods each page path serves, from the server build's routes (read once). A `:site`
 * segment names a configured site only: for any other value (`api`, `admin`, a typo) the path
 * is one no route claims, so it serves reads only and its loader answers the 404 page.
 */
export function pageMethods(
  routes: () => Promise<ServerBuild['routes']>,
  isSiteSlug: (slug: string) => Promise<boolean>,
): (path: string, query?: { index: boolean }) => Promise<string[]> {
  let build: Promise<{ match: (path: string) => RouteMatch[] | null; withAction: Set<string>; resources: Map<string, string[]> }> | undefined;
  return async (path, query = { index: false }) => {
    build ??= routes().then((manifest) => ({
      match: rememberedMatches(routeTree(manifest) as RouteObject[]),
      withAction: new Set(Object.values(manifest).flatMap((route) => (route?.module.action ? [route.id] : []))),
      resources: new Map(Object.values(manifest).flatMap((route) => (route && isResource(route.module) ? [[route.id, resourceMethods(route.module)]] : []))),
    }));
    const { match, withAction, resources } = await build;
    const matches = match(pagePathOf(path)) ?? [];
    // The deepest match handles the POST, as React Router routes it; an index route only when
    // the URL says `?index`, else its parent (a layout's form posting to the index's path).
    const deepest = matches.at(-1);
    const handler = deepest?.route.index && !query.index ? matches.at(-2) : deepest;
    // A resource route (a download, the preview switch) serves what its module exports.
    const resource = handler?.route.id ? resources.get(handler.route.id) : undefined;
    if (resource) return resource;
    if (!handler?.route.id || !withAction.has(handler.route.id)) return READ_METHODS;
    const site = handler.params.site;
    return site === undefined || (await isSiteSlug(site)) ? [...READ_METHODS, 'POST'] : READ_METHODS;
  };
}

export function guardPageRequests({
  methodsOf,
  isSameOrigin,
}: {
  methodsOf: (path: string, query: { index: boolean }) => Promise<string[]>;
  isSameOrigin: (req: Request) => boolean;
}): RequestHandler {
  return async (req, res, next) => {
    // Every page answers GET and HEAD: only other methods need the route's.
    if (READ_METHODS.includes(req.method)) {
      next();
      return;
    }
    try {
      const allowed = await methodsOf(req.path, { index: new URLSearchParams(req.url.split('?')[1]).has('index') });
      if (req.method === 'OPTIONS') {
        res.status(204).set('Allow', allowed.join(', ')).end();
      } else if (!allowed.includes(req.method)) {
        res
          .status(405)
          .set({ Allow: allowed.join(', '), 'Cache-Control': NO_STORE })
          .type('text/plain; charset=utf-8')
          .send(messages.methodNotAllowed);
      } else if (isSameOrigin(req)) {
        next();
      } else {
        closeAfterAnswer(req, res);
        res.status(403).set('Cache-Control', NO_STORE).json({ error: 'foreignOrigin', message: messages.foreignOrigin });
      }
    } catch (error) {
      next(error);
    }
  };
}

/**
 * The methods the API's resource routes (web/app/routes/api/) serve at a path, from the server
 * build's routes (read once): GET and HEAD with a loader, POST with an action, none where no
 * resource route matches.
 */
export function apiMethods(routes: () => Promise<ServerBuild['routes']>): (path: string) => Promise<string[]> {
  let build: Promise<{ match: (path: string) => RouteMatch[] | null; manifest: ServerBuild['routes'] }> | undefined;
  return async (path) => {
    build ??= routes().then((manifest) => ({ match: rememberedMatches(routeTree(manifest) as RouteObject[]), manifest }));
    const { match, manifest } = await build;
    const id = match(path)?.at(-1)?.route.id;
    const module = id ? manifest[id]?.module : undefined;
    return module && isResource(module) ? resourceMethods(module) : [];
  };
}

/**
 * Mounted under /api after the Express API routes: a method an API resource route serves goes to
 * `answer` (React Router, without the pages' checks: API clients send no Origin, and an API call
 * is no page render); everything else gets JSON: 405 with the route's methods for another method
 * on a route's address, 405 for a method the API never serves, else 404.
 */
export function apiRoutes({ methodsOf, answer }: { methodsOf: (path: string) => Promise<string[]>; answer: RequestHandler }): RequestHandler {
  return async (req, res, next) => {
    let served: string[];
    try {
      served = await methodsOf(req.originalUrl.split('?')[0]!);
      if (served.includes(req.method)) {
        await answer(req, res, next);
        return;
      }
    } catch (error) {
      next(error);
      return;
    }
    res.set('Cache-Control', NO_STORE);
    // An address a route serves, asked with another method (a GET of the webhook), is there: 405 and what it allows.
    const allowed = served.length > 0 ? served : API_METHODS;
    if (served.length > 0 || !API_METHODS.includes(req.method)) {
      res.status(405).set('Allow', allowed.join(', ')).json({ error: 'methodNotAllowed', message: messages.methodNotAllowed });
      return;
    }
    res.status(404).json({ error: 'notFound', message: messages.addressNotFound });
  };
}

type RouteModule = NonNullable<ServerBuild['routes'][string]>['module'];

/** A route that renders no page: its loader and action answer with their own responses. */
function isResource(module: RouteModule): boolean {
  return !module.default && !module.ErrorBoundary;
}

/** GET and HEAD with a loader, POST with an action. */
function resourceMethods(module: RouteModule): string[] {
  return [...(module.loader ? READ_METHODS : []), ...(module.action ? ['POST'] : [])];
}
