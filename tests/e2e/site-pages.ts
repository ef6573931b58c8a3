import type { APIRequestContext } from '@playwright/test';

/**
 * Every page of the site as a visitor can reach it: a crawl of same-origin links from `/` (menus,
 * sub-menus, footer, in-page links), so pages added later are covered without editing a list.
 * Lists (press articles, floor plans …) contribute at most `perParent` children per parent path.
 */
export async function discoverPages(request: APIRequestContext, { limit = 60, perParent = 3 } = {}): Promise<string[]> {
  const seen = new Set<string>(['/']);
  const childrenOf = new Map<string, number>();
  const queue = ['/'];
  const pages: string[] = [];
  while (queue.length > 0 && pages.length < limit) {
    const path = queue.shift()!;
    const response = await request.get(path, { maxRedirects: 0 });
    if (response.status() !== 200 || !(response.headers()['content-type'] ?? '').startsWith('text/html')) continue;
    pages.push(path);
    const html = await response.text();
    for (const [, href] of html.matchAll(/<a\b[^>]*\shref="(\/[^"#?]*)/g)) {
      if (seen.has(href) || /^\/(assets|images|api)\/|\.[a-z0-9]{2,4}$/i.test(href)) continue;
      seen.add(href);
      const parent = href.replace(/\/[^/]*$/, '') || '/';
      const count = childrenOf.get(parent) ?? 0;
      if (parent !== '/' && count >= perParent) continue;
      childrenOf.set(parent, count + 1);
      queue.push(href);
    }
  }
  return pages;
}
