// First, so that the tokens, reset and utilities come before every component's own stylesheet.
import './styles/global.css';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import { siteSettingsQuery } from '../sanity/queries';
import { isConsolePath } from '../shared/console-path';
import { enabledTags } from '../shared/third-party-tags';
import { SiteHeader } from './components/SiteHeader';
import { SiteFooter } from './components/SiteFooter';
import { InterestPopup } from './components/leads/InterestPopup';
import { PromoBanner } from './components/PromoBanner';
import { MobileBottomBar } from './components/MobileBottomBar';
import { ComplexJsonLd } from './components/ComplexJsonLd';
import { ErrorPage } from './components/page/ErrorPage';
import focusStylesUrl from './styles/focus.css?url';
import { useFocusHeadingOnNavigation, useKeepFocusInView } from './lib/focus';
import { usePageViews } from './lib/page-views';
import { useEnabledTags, useRootData } from './lib/site-data';
import { PreviewOverlay } from './components/PreviewOverlay';

// No font preload: Pretendard (fonts.css) is used only once this browser holds it
// (web/server/pages/web-font.ts), so it never competes with the LCP image before the first paint.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

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

/**
 * The root's data is the public site's (settings, the lead form); a console action changes
 * neither, so the console's many saves do not read them again. Everything else as React Router
 * decides (a visitor's press or lead form, a changed search).
 */
export function shouldRevalidate({ formAction, currentUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formAction && isConsolePath(new URL(formAction, currentUrl).pathname)) return false;
  return defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const siteChrome = useSiteChrome();
  useKeepFocusInView();
  useFocusHeadingOnNavigation();
  const preview = useRootData()?.preview;
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="format-detection" content="telephone=no" />
        <Meta />
        <Links />
        {/* After the route's stylesheets, so that no component's own outline or box-shadow
            replaces the focus ring. */}
        <link rel="stylesheet" href={focusStylesUrl} />
        <ComplexJsonLd />
      </head>
      <body>
        <a className="skip-link" href="#main">
          본문 바로가기
        </a>
        {siteChrome ? (
          <>
            <PromoBanner />
            <SiteHeader />
          </>
        ) : null}
        {children}
        {siteChrome ? (
          <>
            <SiteFooter />
            <MobileBottomBar />
            <InterestPopup />
          </>
        ) : null}
        {/* Framed by the Studio (another site), storage may be blocked, which React Router's scroll
            restoration script does not survive; the Studio keeps the frame's place itself. */}
        {preview === 'sanity' ? <PreviewOverlay /> : <ScrollRestoration />}
        <Scripts />
      </body>
    </html>
  );
}

/** The sales console has a shell of its own (routes/console/layout.tsx), without the site's. */
const useSiteChrome = () => !isConsolePath(useLocation().pathname);

/** A page that rendered (error pages are not page views): the beacon and the ad platforms' tags. */
export default function App() {
  // Visitors' page views only: the console is staff at work.
  const siteChrome = useSiteChrome();
  usePageViews(siteChrome, useEnabledTags());
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A thrown Response carries its status; anything else is a failure of ours.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  // A refusal may say why in Korean (a preview read Sanity refused).
  const reason = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  return <ErrorPage status={status} reason={typeof reason === 'string' ? reason : undefined} />;
}
