/** The build's routes as the tree React Router's matchRoutes reads, kept per build. */
import type { RouteObject, ServerBuild } from 'react-router';
import { routeTree } from './page-address';

/** The tree of the build asked about, built again only when the build is another one. */
export function createRouteTrees(): (build: ServerBuild) => RouteObject[] {
  let routesOf: { build: ServerBuild; tree: RouteObject[] } | undefined;
  return (build) => {
    if (routesOf?.build !== build) routesOf = { build, tree: routeTree(build.routes) as RouteObject[] };
    return routesOf.tree;
  };
}
