import type { Route } from './+types/business-guide-intro';
import { overviewRowsQuery, pageByPathQuery } from '../../sanity/queries';
import type {
  OverviewRowsQueryResult,
  PageByPathQueryResult,
} from '../../sanity/sanity.types';
import { pageMeta } from '../lib/seo';
import { PageBanner } from '../components/PageBanner';
import { PageNotes } from '../components/PageNotes';

const PATH = '/BusinessGuide/intro';

export async function loader({ context }: Route.LoaderArgs) {
  const [page, rows] = await Promise.all([
    context.content.fetch<PageByPathQueryResult>(pageByPathQuery, { path: PATH }),
    context.content.fetch<OverviewRowsQueryResult>(overviewRowsQuery),
  ]);
  if (!page) throw new Response('사업안내 페이지가 없습니다.', { status: 404 });
  return { page, rows };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  return pageMeta(matches, {
    title: page?.seo?.title ?? page?.title ?? '사업안내',
    description: page?.seo?.description ?? page?.intro,
    path: PATH,
    image: page?.seo?.ogImage,
    noIndex: page?.seo?.noIndex,
  });
}

export default function BusinessGuideIntro({ loaderData }: Route.ComponentProps) {
  const { page, rows } = loaderData;
  return (
    <main id="main" className="inner-page">
      <PageBanner title={page.title ?? ''} text={page.banner?.text} group={page.group} />
      <div className="inner-page__body">
        {page.intro ? <p className="inner-page__intro">{page.intro}</p> : null}
        <table className="overview-table">
          <caption className="visually-hidden">사업개요</caption>
          <tbody>
            {rows.map((row) => (
              <tr key={row._id}>
                <th scope="row">{row.label}</th>
                <td>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <PageNotes notes={page.notes} />
      </div>
    </main>
  );
}
