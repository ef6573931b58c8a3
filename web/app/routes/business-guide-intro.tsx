import type { Route } from './+types/business-guide-intro';
import { overviewRowsQuery } from '../../sanity/queries';
import { contentPageMeta, loadPage } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';

export async function loader({ context }: Route.LoaderArgs) {
  const [page, rows] = await Promise.all([
    loadPage(context, '/BusinessGuide/intro'),
    context.content.fetch(overviewRowsQuery),
  ]);
  return { page, rows };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return contentPageMeta(matches, loaderData?.page);
}

export default function BusinessGuideIntro({ loaderData }: Route.ComponentProps) {
  const { page, rows } = loaderData;
  return (
    <InnerPage page={page}>
      <table className="overview-table">
        <caption className="visually-hidden">{page.title}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row._id}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </InnerPage>
  );
}
