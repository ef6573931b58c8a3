/** The build's routes as the tree React Router's matchRoutes reads, kept per build. */
import type { RouteObject, ServerBuild } from 'react-router';

/** The build's routes as a tree React Router's matchRoutes reads (ids kept). */
function routeTree(build: ServerBuild): RouteObject[] {
  const nodes = new Map(
    Object.values(build.routes).map((route) => [
      route!.id,
      { id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: [] as RouteObject[] },
    ]),
  );
  const roots: RouteObject[] = [];
  for (const route of Object.values(build.routes)) {
    const node = nodes.get(route!.id)!;
    const parent = route!.parentId ? nodes.get(route!.parentId) : undefined;
    (parent ? parent.children : roots).push(node as RouteObject);
  }
  return roots;
}

/** The tree of the build asked about, built again only when the build is another one. */
export function createRouteTrees(): (build: ServerBuild) => RouteObject[] {
  let routesOf: { build: ServerBuild; tree: RouteObject[] } | undefined;
  return (build) => {
    if (routesOf?.build !== build) routesOf = { build, tree: routeTree(build) };
    return routesOf.tree;
  };
}
