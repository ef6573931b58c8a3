import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

// The site's route table. Paths keep their historical capitalisation (they are the URLs that
// Naver has indexed). Routes match without regard to case, so /SalesInfo/stampTax also
// answers /SalesInfo/StampTax (one page, one canonical URL).

/** A page whose whole content is one `page` document with this path. */
const contentPage = (path: string) => route(path, 'routes/content-page.tsx', { id: `page${path}` });
/** A path that only redirects (old links, a section's own path); the sitemap leaves these out (`redirect/` ids). */
const redirect = (path: string, file: string) => route(path, file, { id: `redirect/${path}` });

export default [
  // Resource routes: the lead API, the console's session clock, Sanity's publish webhook, the
  // press JSON API and the Studio's preview links (web/server/app/http-order.ts sends /api paths
  // here without the page checks).
  route('api/leads', 'routes/api/leads.ts'),
  route('api/leads/form', 'routes/api/lead-form.ts'),
  route('api/session', 'routes/api/session.ts'),
  route('api/sanity/webhook', 'routes/api/sanity-webhook.ts'),
  route('api/press', 'routes/api/press-list.ts'),
  route('api/press/:id/views', 'routes/api/press-views.ts'),
  route('api/press/:id/view', 'routes/api/press-view.ts'),
  route('api/preview/enable', 'routes/api/preview-enter.ts'),
  route('api/preview/disable', 'routes/api/preview-leave.ts'),

  // Resource routes: what crawlers read.
  route('sitemap.xml', 'routes/seo/sitemap.ts'),
  route('robots.txt', 'routes/seo/robots.ts'),

  // Resource routes: the console's downloads (files, not pages; the console layout's loader does not run for them).
  route('admin/leads/export.csv', 'routes/console/downloads/leads.ts', { id: 'download/leads.csv' }),
  route('admin/leads/export.xlsx', 'routes/console/downloads/leads.ts', { id: 'download/leads.xlsx' }),
  route('admin/audit/export.csv', 'routes/console/downloads/audit.ts'),
  route('admin/stats.csv', 'routes/console/downloads/stats.ts'),
  // Resource route: the console's preview switch (a form posts here; no page).
  route('admin/preview', 'routes/console/preview.ts'),
  route('admin/stats/team.csv', 'routes/console/downloads/team-stats.ts'),

  route('admin', 'routes/console/layout.tsx', [
    index('routes/console/dashboard.tsx'),
    route('today', 'routes/console/today.tsx'),
    route('visits', 'routes/console/visits.tsx'),
    route('slots', 'routes/console/slots.tsx'),
    route('leads', 'routes/console/leads.tsx'),
    route('leads/:id', 'routes/console/lead.tsx'),
    route('messages', 'routes/console/group-messages.tsx'),
    route('stats', 'routes/console/stats.tsx'),
    route('audit', 'routes/console/audit.tsx'),
    route('accounts', 'routes/console/accounts.tsx'),
  ]),

  // The public site: its settings, lead form and chrome around every page, and its 404 page.
  // Its id is lib/site-data.ts's SITE_ROUTE_ID.
  layout('routes/site/layout.tsx', { id: 'site' }, [
    index('routes/home.tsx'),

    contentPage('Brand/intro'),
    contentPage('Brand/video'),

    route('BusinessGuide/intro', 'routes/business-guide-intro.tsx'),
    contentPage('BusinessGuide/plan'),
    contentPage('BusinessGuide/documents'),

    contentPage('SalesInfo/SubscriptionGuide'),
    contentPage('SalesInfo/guide'),
    contentPage('SalesInfo/announcement'),
    contentPage('SalesInfo/stampTax'),

    route('LocationEnvironment/intro', 'routes/location.tsx'),
    contentPage('LocationEnvironment/primium'),
    redirect('LocationEnvironment/premium', 'routes/premium-redirect.tsx'),

    contentPage('ComplexGuide/intro'),
    contentPage('ComplexGuide/detailintro'),
    contentPage('ComplexGuide/community'),

    redirect('FloorPlan', 'routes/floor-plan-section.tsx'),
    route('FloorPlan/videos', 'routes/floor-plan-videos.tsx'),
    route('FloorPlan/Emodel', 'routes/e-model.tsx'),
    route('FloorPlan/:code', 'routes/floor-plan.tsx'),

    redirect('Interior', 'routes/interior-section.tsx'),
    route('Interior/:code', 'routes/interior.tsx'),

    redirect('Promotion/Press', 'routes/promotion-press.tsx'),
    route('Promotion/Customer', 'routes/customer.tsx', { id: 'customer' }),
    route(':site/customer', 'routes/customer.tsx', { id: 'site-customer' }),
    route('leads/result', 'routes/lead-result.tsx'),
    route(':site/press', 'routes/press-list.tsx'),
    route(':site/press/:id', 'routes/press-detail.tsx'),

    route('privacy', 'routes/privacy.tsx'),

    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
