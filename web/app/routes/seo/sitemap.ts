import { crawlerText } from '../../lib/crawler-text';
import type { Route } from './+types/sitemap';

/** GET /sitemap.xml: every public page once, on the site URL (web/server/discovery.ts). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return crawlerText(request, await context.discovery.sitemap(url.origin), 'application/xml; charset=utf-8');
}
