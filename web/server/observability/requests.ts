/**
 * Every request, whoever answers it (the page cache before Express, static files, the app): its
 * request id (nginx's `X-Request-Id`, else a new one) is returned in the response and names its log
 * lines; when it ends, one access line (no query string, no address, nothing a visitor typed) and
 * the request metrics by route template.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { routeTree } from '../pages/page-address';
import { log } from './log';
import { metrics } from './metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** What an id from outside may look like (nginx's $request_id is 32 hex digits). */
const ACCEPTED_ID = /^[\w.-]{1,64}$/;
const REMEMBERED_PATHS = 10_000;

/** The paths that are not pages, by prefix, with the template they are counted under. */
const FIXED_ROUTES: Array<[RegExp, (path: string) => string]> = [
  [/^\/assets\//, () => '/assets/*'],
  [/^\/images\//, () => '/images/*'],
  [/^\/api\/[^/]+/, (path) => path.split('/').slice(0, 3).join('/') + (path.split('/').length > 3 ? '/*' : '')],
  [/^\/(healthz|readyz(\/leads)?|sitemap\.xml|robots\.txt)$/, (path) => path],
];

/**
 * The route template of a path: a fixed one, the React Router route's pattern, `static` (a file),
 * or `unmatched`. A path answered 404 is not matched against the routes (a flood of random paths
 * must not cost a route ranking each): it is `unmatched` unless a fixed prefix names it.
 */
export function routeTemplates(manifest: ServerBuild['routes']): (path: string, status: number) => string {
  const tree = routeTree(manifest) as RouteObject[];
  const templates = new LRUCache<string, string>({ max: REMEMBERED_PATHS });
  const templateOf = (path: string): string => {
    for (const [pattern, template] of FIXED_ROUTES) if (pattern.test(path)) return template(path);
    let matches: ReturnType<typeof matchRoutes> = null;
    try {
      matches = matchRoutes(tree, path);
    } catch {
      // Undecodable: answered 404.
    }
    const pattern = (matches ?? [])
      .map((match) => match.route.path ?? '')
      .filter(Boolean)
      .join('/')
      .replace(/\/+/g, '/');
    if (pattern && pattern !== '*') return pattern.startsWith('/') ? pattern : `/${pattern}`;
    if (matches?.length === 1 && matches[0].route.index) return '/';
    return /\.[a-z0-9]{1,8}$/i.test(path) ? 'static' : 'unmatched';
  };
  return (path, status) => {
    if (status === 404) return FIXED_ROUTES.find(([pattern]) => pattern.test(path))?.[1](path) ?? 'unmatched';
    let template = templates.get(path);
    if (template === undefined) templates.set(path, (template = templateOf(path)));
    return template;
  };
}

/** The request id given to a request (set by `observeRequest`). */
export function requestIdOf(req: IncomingMessage): string | undefined {
  return (req as IncomingMessage & { requestId?: string }).requestId;
}

/** Gives the request its id, answers it in the response, and logs and counts the request when it ends. */
export function observeRequest(req: IncomingMessage, res: ServerResponse, templateOf: (path: string, status: number) => string): void {
  const started = process.hrtime.bigint();
  const given = req.headers[REQUEST_ID_HEADER.toLowerCase()];
  const id = typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
  (req as IncomingMessage & { requestId?: string }).requestId = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  const method = req.method ?? 'GET';
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const path = (req.url ?? '/').split('?')[0];
    const status = res.statusCode;
    const route = templateOf(path, status);
    metrics.httpRequests.inc({ route, method, status: String(status) });
    metrics.httpDuration.observe({ route, method, status_class: `${Math.floor(status / 100)}xx` }, seconds);
    log.info(
      {
        req_id: id,
        method,
        route,
        path: route === 'unmatched' ? undefined : path,
        status,
        ms: Math.round(seconds * 1000),
        bytes: Number(res.getHeader('content-length') ?? 0) || undefined,
      },
      'request',
    );
  });
}
