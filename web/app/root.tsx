// First, so that the tokens, reset and utilities come before every component's own stylesheet.
import './styles/global.css';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteError } from 'react-router';
import type { Route } from './+types/root';
import { ComplexJsonLd } from './components/ComplexJsonLd';
import { leadMessages, messages } from '../shared/messages';
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

/**
 * The last resort: a failure of the document itself. Every page's own errors, 404 included, are
 * shown by its layout (the site's with its chrome, the console's in its shell), so this one needs
 * neither's data.
 */
export function ErrorBoundary() {
  console.error(useRouteError());
  return (
    <main id="main" className="error-page">
      <title>{messages.errorTitle}</title>
      <h1>{messages.errorTitle}</h1>
      <p>
        <a href="/">{leadMessages.goHome}</a>
      </p>
    </main>
  );
}
