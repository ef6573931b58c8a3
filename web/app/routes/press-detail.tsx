import { Link, redirect } from 'react-router';
import type { Route } from './+types/press-detail';
import { PageBanner } from '../components/PageBanner';
import { RichText } from '../components/page/RichText';
import { menuGroupForPath } from '../lib/menu';
import { messages } from '../lib/messages';
import { formatPressDateTime, pressArticlePath, pressListPath } from '../lib/press-format';
import { ownPagePath } from '../lib/own-page-path';
import { pageMeta } from '../lib/seo';
import { useRootData } from '../lib/site-data';

const MENU_PATH = '/Promotion/Press';

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!(await context.press.isPressSite(params.site))) throw new Response(messages.notFound, { status: 404 });
  // The view is counted before the article is read, so the number shown includes this visit.
  const counted = await context.press.recordView(params.site, params.id);
  const article = counted ? await context.press.article(params.site, params.id) : null;
  // A missing article, or one of another site, sends the visitor to the list.
  if (!article) throw redirect(ownPagePath(pressListPath(params.site)));
  return { site: params.site, article };
}

/** Never from a shared cache: every opening must reach the server to be counted. */
export function headers(): HeadersInit {
  return { 'Cache-Control': 'private, no-store' };
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const article = loaderData?.article;
  return pageMeta(matches, {
    title: article?.title ?? messages.press.title,
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
    author: { '@type': 'Organization', name: publisher ? `${publisher} ${messages.press.author}` : messages.press.author },
    publisher: { '@type': 'Organization', name: publisher },
    mainEntityOfPage: url,
  }).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

export default function PressDetail({ loaderData }: Route.ComponentProps) {
  const { site, article } = loaderData;
  const settings = useRootData()?.settings;
  const group = menuGroupForPath(settings?.menu, MENU_PATH);
  const url = new URL(pressArticlePath(site, article._id), settings?.siteUrl ?? 'http://localhost').toString();
  return (
    <main id="main" className="inner-page">
      <PageBanner title={messages.press.title} group={group?.title} titleIsHeading={false} />
      <div className="inner-page__body press-page">
        <article className="press-article">
          <header className="press-article__header">
            <h1 className="press-article__title">{article.title}</h1>
            <dl className="press-article__meta">
              <div>
                <dt>{messages.press.authorColumn}</dt>
                <dd>{messages.press.author}</dd>
              </div>
              <div>
                <dt>{messages.press.date}</dt>
                <dd>
                  <time dateTime={article.date ?? undefined}>{formatPressDateTime(article.date)}</time>
                </dd>
              </div>
              <div>
                <dt>{messages.press.views}</dt>
                <dd className="press-article__views">{article.views.toLocaleString('ko-KR')}</dd>
              </div>
            </dl>
          </header>
          {article.summary ? <p className="press-article__summary">{article.summary}</p> : null}
          <RichText value={article.body} />
        </article>
        <p className="press-article__back">
          <Link className="button button--outline" to={pressListPath(site)}>
            {messages.press.backToList}
          </Link>
        </p>
        <NewsArticleJsonLd url={url} article={article} publisher={settings?.brandName ?? ''} />
      </div>
    </main>
  );
}
