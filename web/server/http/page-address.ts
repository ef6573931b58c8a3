/**
 * The address of an anonymous page request: its path and the query parameters its routes declare
 * (web/shared/page-query.ts), which are the page cache key and the URL the page is rendered from.
 * A path that only the catch-all route claims is an unknown page: one 404 page answers them all.
 */
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

export function pageAddresses(manifest: ServerBuild['routes']): PageAddresses {
  const tree = routeTree(manifest) as RouteObject[];
  const catchAll = new Set(Object.values(manifest).flatMap((route) => (route?.path === '*' ? [route.id] : [])));
  const handleOf = new Map(Object.values(manifest).flatMap((route) => (route ? [[route.id, route.module.handle] as const] : [])));
  return (url) => {
    const queryStart = url.indexOf('?');
    const path = queryStart < 0 ? url : url.slice(0, queryStart);
    let matches: ReturnType<typeof matchRoutes>;
    try {
      matches = matchRoutes(tree, path);
    } catch {
      // A path React Router cannot decode: it answers 404, as for any unknown path.
      matches = null;
    }
    const routeIds = (matches ?? []).map((match) => match.route.id ?? '');
    const unknown = routeIds.length === 0 || catchAll.has(routeIds.at(-1)!);
    if (unknown) return { path, key: UNKNOWN_PAGE_KEY, target: path, unknown };
    const declared = declaredQuery(routeIds.map((id) => handleOf.get(id)));
    if (queryStart < 0) return { path, key: path, target: path, unknown };
    if (declared === 'any') return { path, key: url, target: url, unknown };
    const kept = new URLSearchParams([...new URLSearchParams(url.slice(queryStart + 1))].filter(([name]) => declared.has(name)));
    kept.sort();
    const query = kept.toString();
    const target = query ? `${path}?${query}` : path;
    return { path, key: target, target, unknown };
  };
}
