// First, so that the tokens, reset and utilities come before every component's own stylesheet.
import './styles/global.css';
import { Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import type { Route } from './+types/root';
import { ComplexJsonLd } from './components/ComplexJsonLd';
import { RouteErrorPage } from './components/page/ErrorPage';
import focusStylesUrl from './styles/focus.css?url';
import { useFocusHeadingOnNavigation, useKeepFocusInView } from './lib/focus';
import { useSiteData } from './lib/site-data';
import { PreviewOverlay } from './components/PreviewOverlay';

// No font preload: Pretendard (fonts.css) is used only once this browser holds it
// (web/server/pages/web-font.ts), so it never competes with the LCP image before the first paint.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: React.ReactNode }) {
  useKeepFocusInView();
  useFocusHeadingOnNavigation();
  const preview = useSiteData()?.preview;
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
        {children}
        {/* Framed by the Studio (another site), storage may be blocked, which React Router's scroll
            restoration script does not survive; the Studio keeps the frame's place itself. */}
        {preview === 'sanity' ? <PreviewOverlay /> : <ScrollRestoration />}
        <Scripts />
      </body>
    </html>
  );
}

/** The public site (routes/site/layout.tsx) and the sales console (routes/console/layout.tsx) each bring their own shell. */
export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = RouteErrorPage;
