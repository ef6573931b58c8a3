import { isRouteErrorResponse, useRouteError } from 'react-router';
import { leadMessages, messages } from '../../../shared/messages';
import { brandedTitle } from '../../lib/seo';
import { useSiteData } from '../../lib/site-data';
import './ErrorPage.css';

/** The Korean line under the heading for each status a page can end with; others read as ours. */
const STATUS_TEXT: Partial<Record<number, string>> = {
  400: messages.unreadableForm,
  403: messages.foreignOrigin,
  404: messages.notFoundText,
  405: messages.methodNotAllowed,
};

/**
 * What an error boundary shows: for an unknown address the "Not Found" heading, under a
 * Korean <title> with the site's name and a Korean line leading home; for another refused request
 * the reason (the one the refusal gave, else the status's); otherwise a general error.
 */
export function ErrorPage({ status, reason }: { status: number; reason?: string }) {
  const brandName = useSiteData()?.settings?.brandName;
  const notFound = status === 404;
  return (
    <main id="main" className="error-page">
      <title>{brandedTitle(notFound ? messages.notFoundTitle : messages.errorTitle, brandName)}</title>
      <meta name="robots" content="noindex, nofollow" />
      {notFound ? <h1 lang="en">{messages.notFound}</h1> : <h1>{messages.errorTitle}</h1>}
      <p>{reason ?? STATUS_TEXT[status] ?? messages.leadError}</p>
      <p>
        <a href="/">{leadMessages.goHome}</a>
      </p>
    </main>
  );
}

/** The error page for the route error being handled: its status, and a reason a refusal gave in Korean. */
export function RouteErrorPage() {
  const error = useRouteError();
  // A thrown Response carries its status; anything else is a failure of ours.
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status >= 500) console.error(error);
  // A refusal may say why in Korean (a preview read Sanity refused).
  const reason = isRouteErrorResponse(error) ? (error.data as { message?: unknown } | null)?.message : undefined;
  return <ErrorPage status={status} reason={typeof reason === 'string' ? reason : undefined} />;
}
