import { Outlet } from 'react-router';
import type { Route } from './+types/layout';
import { siteSettingsQuery } from '../../../sanity/queries';
import { enabledTags } from '../../../shared/third-party-tags';
import { SiteHeader } from '../../components/SiteHeader';
import { SiteFooter } from '../../components/SiteFooter';
import { InterestPopup } from '../../components/leads/InterestPopup';
import { PromoBanner } from '../../components/PromoBanner';
import { MobileBottomBar } from '../../components/MobileBottomBar';
import { RouteErrorPage } from '../../components/page/ErrorPage';
import { usePageViews } from '../../lib/page-views';
import { useEnabledTags } from '../../lib/site-data';

/**
 * The public site's pages: their settings (menu, phone, banner), the lead form's data and the
 * chrome around every page. The console (routes/console/layout.tsx) has neither.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const [settings, leadForm] = await Promise.all([
    context.content.fetch(siteSettingsQuery),
    // The lead forms' consent notice and visit slots (the popup is on every page), and the token a
    // form without JavaScript posts: the same for every visitor of a cached page.
    context.leadForms.formData({ sharedToken: true }),
  ]);
  // `preview`: this request reads drafts (an editor in preview; never a cached page).
  // `tags`: the ad platforms' tags switched on, checked here so the browser needs no catalogue.
  return { settings, imageConfig: context.imageConfig, leadForm, preview: context.preview, tags: enabledTags(settings?.tags) };
}

function SiteChrome({ children }: { children: React.ReactNode }) {
  return (
    <>
      <PromoBanner />
      <SiteHeader />
      {children}
      <SiteFooter />
      <MobileBottomBar />
      <InterestPopup />
    </>
  );
}

/** A page that rendered (error pages are not page views): the beacon and the ad platforms' tags. */
export default function SiteLayout() {
  usePageViews(useEnabledTags());
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}

/** A page that could not be shown, inside the site's chrome (its settings, when they loaded). */
export function ErrorBoundary() {
  return (
    <SiteChrome>
      <RouteErrorPage />
    </SiteChrome>
  );
}
