import { useEffect, useState } from 'react';
import { Link, redirect } from 'react-router';
import type { Route } from './+types/press-detail';
import { PageBanner } from '../components/PageBanner';
import { RichText } from '../components/page/RichText';
import { menuGroupForPath } from '../../shared/menu';
import { pressMessages } from '../../shared/press-messages';
import { requireConfiguredSite } from '../lib/not-found';
import { formatPressDateTime, pressArticlePath, pressListPath } from '../lib/press-format';
import { ownPagePath } from '../../shared/own-page-path';
import { pageMeta } from '../lib/seo';
import { useSiteData } from '../lib/site-data';
import './press-detail.css';

const MENU_PATH = '/Promotion/Press';

export async function loader({ params, context }: Route.LoaderArgs) {
  await requireConfiguredSite(context, params.site);
  // Not counted here: HEAD, `.data` and prefetch requests reach loaders too. The page counts its
  // view itself once it has loaded (useCountedViews).
  const article = await context.press.article(params.site, params.id);
  // A missing article, or one of another site, sends the visitor to the list.
  if (!article) throw redirect(ownPagePath(pressListPath(params.site)));
  return { site: params.site, article };
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const article = loaderData?.article;
  return pageMeta(matches, {
    title: article?.title ?? pressMessages.title,
    description: article?.summary,
    path: pressArticlePath(params.site, params.id),
  });
}

/** schema.org NewsArticle; `<` is escaped so no title can close the script element. */
function NewsArticleJsonLd({ url, article, publisher }: { url: string; article: Route.ComponentProps['loaderData']['article']; publisher: string }) {
  const json = JSON.stringify({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    datePublished: article.date,
    author: { '@type': 'Organization', name: publisher ? `${publisher} ${pressMessages.author}` : pressMessages.author },
    publisher: { '@type': 'Organization', name: publisher },
    mainEntityOfPage: url,
  }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/**
 * Counts this page view (a same-origin POST the server counts once per visitor and hour) and
 * returns the number to show: the server's answer once it arrives, the loader's until then.
 */
function useCountedViews(site: string, articleId: string, initial: number): number {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    setViews(initial);
    let current = true;
    fetch(`/api/press/${encodeURIComponent(articleId)}/view?site=${encodeURIComponent(site)}`, { method: 'POST' })
      .then((response) => (response.ok ? (response.json() as Promise<{ views: number }>) : null))
      .then((answer) => {
        if (current && answer) setViews(answer.views);
      })
      // The count is a nicety: a failed request leaves the loader's number.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [site, articleId, initial]);
  return views;
}

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  const { site, article } = loaderData;
  const views = useCountedViews(site, article._id, article.views);
  const settings = useSiteData()?.settings;
  const group = menuGroupForPath(settings?.menu, MENU_PATH);
  const url = new URL(pressArticlePath(site, article._id), settings?.siteUrl ?? 'http://localhost').toString();
  return (
    <main id="main" className="inner-page">
      <PageBanner title={pressMessages.title} group={group?.title} titleIsHeading={false} />
      <div className="inner-page__body press-page">
        <article className="press-article">
          <header className="press-article__header">
            <h1 className="press-article__title">{article.title}</h1>
            <dl className="press-article__meta">
              <div>
                <dt>{pressMessages.authorColumn}</dt>
                <dd>{pressMessages.author}</dd>
              </div>
              <div>
                <dt>{pressMessages.date}</dt>
                <dd>
                  <time dateTime={article.date ?? undefined}>{formatPressDateTime(article.date)}</time>
                </dd>
              </div>
              <div>
                <dt>{pressMessages.views}</dt>
                <dd className="press-article__views">{views.toLocaleString('ko-KR')}</dd>
              </div>
            </dl>
          </header>
          {article.summary ? <p className="press-article__summary">{article.summary}</p> : null}
          <RichText value={article.body} />
        </article>
        <p className="press-article__back">
          <Link className="button button--outline" to={pressListPath(site)}>
            {pressMessages.backToList}
          </Link>
        </p>
        <NewsArticleJsonLd url={url} article={article} publisher={settings?.brandName ?? ''} />
      </div>
    </main>
  );
}
