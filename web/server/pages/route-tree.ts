/** The build's routes as the tree React Router's matchRoutes reads, kept per build. */
import { LRUCache } from 'lru-cache';
import { matchRoutes, type RouteMatch, type RouteObject, type ServerBuild } from 'react-router';
import { routeTree } from './page-address';

/** Paths whose matches one matcher remembers. */
const REMEMBERED_PATHS = 10_000;

/** The tree of the build asked about, built again only when the build is another one. */
export function createRouteTrees(): (build: ServerBuild) => RouteObject[] {
  let routesOf: { build: ServerBuild; tree: RouteObject[] } | undefined;
  return (build) => {
    if (routesOf?.build !== build) routesOf = { build, tree: routeTree(build.routes) as RouteObject[] };
    return routesOf.tree;
  };
}

/**
 * React Router's matchRoutes over one fixed tree, each path's matches remembered: it flattens and
 * ranks the whole tree on every call (a tenth of a lead POST's CPU, asked once per request). Throws
 * as matchRoutes does for a path it cannot decode.
 */
export function rememberedMatches(tree: RouteObject[]): (path: string) => RouteMatch[] | null {
  const remembered = new LRUCache<string, { matches: RouteMatch[] | null }>({ max: REMEMBERED_PATHS });
  return (path) => {
    const known = remembered.get(path);
    if (known) return known.matches;
    const matches = matchRoutes(tree, path);
    remembered.set(path, { matches });
    return matches;
  };
}
