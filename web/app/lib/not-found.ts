import { data, type AppLoadContext } from 'react-router';

/** Ends a loader or action with a 404, which the root error boundary renders as the 404 page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}

/**
 * A `:site` segment names the configured press site; any other value (`api`, `admin`, a typo)
 * is a path no route claims. The server's method guard applies the same rule before any page
 * code runs, so a POST there is refused too.
 */
export async function requireConfiguredSite(context: AppLoadContext, site: string): Promise<void> {
  if (!(await context.press.isPressSite(site))) notFound();
}
