/** React Router's route discovery (`?paths=…&version=…`): its own answer, never a page or the 404 page. */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { matchRoutes, type AppLoadContext, type RouteObject, type ServerBuild } from 'react-router';
import { LRUCache } from 'lru-cache';
import { pageHeaders, toFetchRequest } from './fetch-adapter';

export const ROUTE_DISCOVERY_PATH = '/__manifest';
/**
 * Paths one discovery request may ask for: a page's links are discovered in batches far smaller,
 * while 1,000 paths cost about 47 ms of CPU each time.
 */
export const MAX_DISCOVERY_PATHS = 200;
const DISCOVERY_ANSWERS_KEPT = 500;
const TOO_MANY_PATHS = { error: 'tooManyPaths', message: '한 번에 확인할 수 있는 주소가 너무 많습니다.' };

export type RouteDiscoveryOptions = {
  build: () => Promise<ServerBuild>;
  routeTreeOf: (build: ServerBuild) => RouteObject[];
  loadContext: (req: ExpressRequest) => AppLoadContext;
  renderPage: (request: Request, context: AppLoadContext) => Promise<Response>;
  /** False when it has answered instead of letting the server render (too many renders). */
  admitRender?: (req: ExpressRequest, res: ExpressResponse) => boolean | Promise<boolean>;
};

/** Answers a discovery request (GET or HEAD of ROUTE_DISCOVERY_PATH). */
export function createRouteDiscovery(options: RouteDiscoveryOptions): (req: ExpressRequest, res: ExpressResponse) => Promise<void> {
  /**
   * Discovery answers by the build version asked for and the routes the paths match: React
   * Router's answer is the manifest entries of those routes, so `/F/0` and `/F/999` share one.
   */
  const discoveryAnswers = new LRUCache<string, { status: number; headers: Array<[string, string]>; body: Buffer }>({ max: DISCOVERY_ANSWERS_KEPT });
  return async (req, res) => {
    const build = await options.build();
    const tree = options.routeTreeOf(build);
    const query = new URL(req.originalUrl, 'http://localhost').searchParams;
    const paths = [...new Set((query.get('paths') ?? '').split(',').filter(Boolean))];
    if (paths.length > MAX_DISCOVERY_PATHS) {
      res.status(400).json(TOO_MANY_PATHS);
      return;
    }
    const routeIds = new Set<string>();
    for (const path of paths) {
      for (const match of matchRoutes(tree, path.startsWith('/') ? path : `/${path}`, build.basename) ?? []) routeIds.add(match.route.id!);
    }
    const key = `${query.get('version') ?? ''}\u0000${[...routeIds].sort().join(',')}`;
    let answer = discoveryAnswers.get(key);
    if (!answer) {
      // Only a discovery answered afresh is a render, counted as one.
      if ((await options.admitRender?.(req, res)) === false) return;
      const response = await options.renderPage(toFetchRequest(req, res, 'GET', req.originalUrl), options.loadContext(req));
      answer = { status: response.status, headers: pageHeaders(response), body: Buffer.from(await response.arrayBuffer()) };
      if (response.status === 200 || response.status === 204) discoveryAnswers.set(key, answer);
    }
    res.status(answer.status);
    for (const [name, value] of answer.headers) res.setHeader(name, value);
    res.end(req.method === 'HEAD' || answer.status === 204 ? undefined : answer.body);
  };
}
