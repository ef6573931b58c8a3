/**
 * The one gate for links and redirects built from input (a `from` query, a form's source page):
 * whatever comes in, what goes out is the path (and query) of one of this site's own pages, or
 * `/`. Usable in both bundles (no Node imports).
 *
 * Input is parsed the way browsers parse an href — tabs and newlines dropped, `\` read as `/` —
 * so `/\evil.example`, `/<TAB>/evil.example`, `//evil.example` and `javascript:` all resolve to
 * another origin and are refused; a path that normalises to `//…` is refused too.
 */
import { matchPath } from 'react-router';

/** Every route path of web/app/routes.ts except the catch-all (a unit test keeps them equal). */
export const OWN_PAGE_PATTERNS = [
  '/',
  '/Brand/intro',
  '/Brand/video',
  '/BusinessGuide/intro',
  '/BusinessGuide/plan',
  '/BusinessGuide/documents',
  '/SalesInfo/SubscriptionGuide',
  '/SalesInfo/guide',
  '/SalesInfo/announcement',
  '/SalesInfo/stampTax',
  '/LocationEnvironment/intro',
  '/LocationEnvironment/primium',
  '/LocationEnvironment/premium',
  '/ComplexGuide/intro',
  '/ComplexGuide/detailintro',
  '/ComplexGuide/community',
  '/FloorPlan',
  '/FloorPlan/videos',
  '/FloorPlan/Emodel',
  '/FloorPlan/:code',
  '/Interior',
  '/Interior/:code',
  '/Promotion/Press',
  '/Promotion/Customer',
  '/:site/customer',
  '/leads/result',
  '/:site/press',
  '/:site/press/:id',
  '/privacy',
  '/api/leads',
  '/api/leads/form',
  '/api/session',
  '/api/sanity/webhook',
  '/api/press',
  '/api/press/:id/views',
  '/api/press/:id/view',
  '/api/preview/enable',
  '/api/preview/disable',
  '/sitemap.xml',
  '/robots.txt',
  '/admin',
  '/admin/today',
  '/admin/leads',
  '/admin/leads/:id',
  '/admin/visits',
  '/admin/slots',
  '/admin/stats',
  '/admin/messages',
  '/admin/audit',
  '/admin/accounts',
  '/admin/leads/export.csv',
  '/admin/leads/export.xlsx',
  '/admin/audit/export.csv',
  '/admin/stats.csv',
  '/admin/stats/team.csv',
  '/admin/preview',
] as const;

const MAX_INPUT_LENGTH = 2000;
// A base no request can name: input that resolves elsewhere has another origin.
const OWN_ORIGIN = 'http://own-page.invalid';

export function ownPagePath(input: unknown): string {
  if (typeof input !== 'string' || !input.startsWith('/') || input.length > MAX_INPUT_LENGTH) return '/';
  let url: URL;
  try {
    url = new URL(input, `${OWN_ORIGIN}/`);
  } catch {
    return '/';
  }
  if (url.origin !== OWN_ORIGIN || url.pathname.startsWith('//')) return '/';
  const known = OWN_PAGE_PATTERNS.some((pattern) => matchPath({ path: pattern, caseSensitive: false, end: true }, url.pathname));
  return known ? url.pathname + url.search : '/';
}
