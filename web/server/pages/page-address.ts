/**
 * The address of an anonymous page request: its path and the query parameters its routes declare
 * (web/shared/page-query.ts), which are the page cache key and the URL the page is rendered from.
 * A path that only the catch-all route claims is an unknown page: one 404 page answers them all.
 */
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { declaredQuery } from '../../shared/page-query';

export type PageRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: PageRoute[] };

/** React Router's nested route objects from the server build's flat manifest. */
export function routeTree(manifest: ServerBuild['routes'], parentId?: string): PageRoute[] {
  return Object.values(manifest).flatMap((route) =>
    route && route.parentId === parentId
      ? [{ id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: routeTree(manifest, route.id) }]
      : [],
  );
}

/** A path's first segment as React Router compares it (decoded, lower case); undefined when it cannot be decoded. */
function firstSegmentOf(path: string): string | undefined {
  const segment = path.split('/', 2)[1] ?? '';
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return undefined;
  }
}

/** The lower-cased first segment of a route's own path; undefined for a parameter, a splat, an optional segment or no path. */
function staticFirstSegment(route: PageRoute): string | undefined {
  const segment = route.path?.split('/').find(Boolean);
  return segment && !/^[:*]|\?$/.test(segment) ? segment.toLowerCase() : undefined;
}

/**
 * matchRoutes flattens and ranks every route on each call (about 0.1 ms here, most of a 404's
 * cost): a path is matched against the routes that could claim its first segment only — those
 * whose own first segment is that one, or a parameter, a splat or optional — the same answer
 * from a few routes. Routes sit under the root route, whose path is empty; a pathless layout's
 * children are sorted the same way.
 */
function routesByFirstSegment(tree: PageRoute[]): (path: string) => PageRoute[] {
  const statics = new Set<string>();
  const collect = (routes: PageRoute[]) => {
    for (const route of routes) {
      const first = staticFirstSegment(route);
      if (first !== undefined) statics.add(first);
      else if (!route.path) collect(route.children ?? []);
    }
  };
  for (const root of tree) collect(root.children ?? []);
  const prune = (routes: PageRoute[], bucket: string): PageRoute[] =>
    routes.flatMap((route) => {
      if (route.index) return bucket === '' ? [route] : [];
      if (!route.path) return [{ ...route, children: prune(route.children ?? [], bucket) }];
      const first = staticFirstSegment(route);
      return first === undefined || first === bucket ? [route] : [];
    });
  const trees = new Map<string, PageRoute[]>();
  return (path) => {
    const first = firstSegmentOf(path);
    if (first === undefined) return tree;
    // A first segment no route names shares one tree: the routes that start with a parameter.
    const bucket = first === '' || statics.has(first) ? first : '\0';
    let pruned = trees.get(bucket);
    if (!pruned) trees.set(bucket, (pruned = tree.map((root) => ({ ...root, children: prune(root.children ?? [], bucket) }))));
    return pruned;
  };
}

/** The cache key every unknown path shares (no path has it: paths start with `/`). */
export const UNKNOWN_PAGE_KEY = '404';

export type PageAddress = {
  /** The path as requested, without the query. */
  path: string;
  /** The page cache key: the path and the declared parameters, sorted. */
  key: string;
  /** The URL (path and query) the page is rendered from: the declared parameters only. */
  target: string;
  /** No route but the catch-all claims the path. */
  unknown: boolean;
};

export type PageAddresses = (url: string) => PageAddress;

/** What the routes say about a path: matched only by the catch-all, or the parameters its routes declare. */
type PathRule = { unknown: true } | { unknown: false; declared: ReadonlySet<string> | 'any' };

/**
 * Paths whose rule is remembered: matchRoutes ranks every route on each call (about 0.1 ms here),
 * too slow for a cache hit; a flood of random paths only pushes older ones out.
 */
const REMEMBERED_PATHS = 10_000;

export function pageAddresses(manifest: ServerBuild['routes']): PageAddresses {
  const tree = routeTree(manifest);
  const candidates = routesByFirstSegment(tree);
  const catchAll = new Set(Object.values(manifest).flatMap((route) => (route?.path === '*' ? [route.id] : [])));
  const handleOf = new Map(Object.values(manifest).flatMap((route) => (route ? [[route.id, route.module.handle] as const] : [])));
  const rules = new LRUCache<string, PathRule>({ max: REMEMBERED_PATHS });
  const ruleOf = (path: string): PathRule => {
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(candidates(path) as RouteObject[], path);
    } catch {
      // A path React Router cannot decode: it answers 404, as for any unknown path.
      matches = null;
    }
    const routeIds = (matches ?? []).map((match) => match.route.id ?? '');
    if (routeIds.length === 0 || catchAll.has(routeIds.at(-1)!)) return { unknown: true };
    return { unknown: false, declared: declaredQuery(routeIds.map((id) => handleOf.get(id))) };
  };
  return (url) => {
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    let rule = rules.get(path);
    if (!rule) rules.set(path, (rule = ruleOf(path)));
    if (rule.unknown) return { path, key: UNKNOWN_PAGE_KEY, target: path, unknown: true };
    const { declared } = rule;
    if (queryStart < 0 || (declared !== 'any' && declared.size === 0)) return { path, key: path, target: path, unknown: false };
    if (declared === 'any') return { path, key: url, target: url, unknown: false };
    const kept = new URLSearchParams([...new URLSearchParams(url.slice(queryStart + 1))].filter(([name]) => declared.has(name)));
    kept.sort();
    const query = kept.toString();
    const target = query ? `${path}?${query}` : path;
    return { path, key: target, target, unknown: false };
  };
}
