import type { RouteConfigEntry } from '@react-router/dev/routes';

/** Every route's whole path in routes.ts (without a leading slash), through its layouts: a pathless layout or an index adds no segment. */
export function routePaths(entries: RouteConfigEntry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const path = entry.index ? prefix : [prefix, entry.path].filter(Boolean).join('/');
    return [path, ...routePaths(entry.children ?? [], path)];
  });
}
