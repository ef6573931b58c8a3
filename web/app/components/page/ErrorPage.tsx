import { leadMessages, messages } from '../../../shared/messages';
import { brandedTitle } from '../../lib/seo';
import { useRootData } from '../../lib/site-data';
import './ErrorPage.css';

/**
 * What the root error boundary shows: for an unknown address the "Not Found" heading, under a
 * Korean <title> with the site's name and a Korean line leading home; otherwise a general error.
 */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const brandName = useRootData()?.settings?.brandName;
  return (
    <main id="main" className="error-page">
      <title>{brandedTitle(notFound ? messages.notFoundTitle : messages.errorTitle, brandName)}</title>
      <meta name="robots" content="noindex, nofollow" />
      {notFound ? <h1 lang="en">{messages.notFound}</h1> : <h1>{messages.errorTitle}</h1>}
      <p>{notFound ? messages.notFoundText : messages.leadError}</p>
      <p>
        <a href="/">{leadMessages.goHome}</a>
      </p>
    </main>
  );
}
