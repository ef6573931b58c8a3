import type { APIRequestContext } from '@playwright/test';

/**
 * The informational pages: routes.spec.ts opens each at both widths (axe, one h1, overflow,
 * errors, CSP through the console), so the crawl's axe pass in a11y.spec.ts leaves them out.
 */
export const INFORMATION_PAGES = [
  '/Brand/intro',
  '/Brand/video',
  '/BusinessGuide/plan',
  '/BusinessGuide/documents',
  '/SalesInfo/SubscriptionGuide',
  '/SalesInfo/guide',
  '/SalesInfo/announcement',
  '/SalesInfo/stampTax',
  '/LocationEnvironment/intro',
  '/LocationEnvironment/primium',
  '/ComplexGuide/intro',
  '/ComplexGuide/detailintro',
  '/ComplexGuide/community',
  '/FloorPlan/59A',
  '/FloorPlan/59B',
  '/FloorPlan/84A',
  '/FloorPlan/84B',
  '/FloorPlan/114A',
  '/FloorPlan/114B',
  '/FloorPlan/videos',
  '/FloorPlan/Emodel',
  '/Interior/59A',
  '/Interior/84A',
  '/Interior/84B',
  '/privacy',
];

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
