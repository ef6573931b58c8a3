import { crawlerText } from '../../lib/crawler-text';
import type { Route } from './+types/robots';

/** GET /robots.txt: everyone may crawl everything; it points to the sitemap (web/server/discovery.ts). */
export async function loader({ request, url, context }: Route.LoaderArgs) {
  return crawlerText(request, await context.discovery.robots(url.origin), 'text/plain; charset=utf-8');
}
