/**
 * A page is its path and the query parameters its route reads. Each route module that reads any
 * declares them in its `handle`:
 *
 *   export const handle = { query: ['cursor'] } satisfies PageHandle;
 *
 * For an anonymous page request the server keeps only the declared parameters of the routes the
 * path matches (the page cache key, and the URL the page is rendered from); every other one
 * (utm_*, gclid, fbclid, NaPm, n_*, anything unknown) never reaches a loader or the HTML and is
 * left for the browser to read. `'any'`: the route reads parameters it cannot list (the staff
 * console's filters); its pages are private and never cached, so they get the whole query.
 */
export type PageHandle = { query?: readonly string[] | 'any' };

/** The parameters the matched routes declare, together; 'any' when one of them takes all. */
export function declaredQuery(handles: ReadonlyArray<unknown>): ReadonlySet<string> | 'any' {
  const names = new Set<string>();
  for (const handle of handles) {
    const query = (handle as PageHandle | undefined)?.query;
    if (query === 'any') return 'any';
    for (const name of query ?? []) names.add(name);
  }
  return names;
}
