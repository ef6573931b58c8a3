import type { Route } from './+types/business-guide-intro';
import { overviewRowsQuery } from '../../sanity/queries';
import { loadPageWith, pageDocumentMeta } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';
import './business-guide-intro.css';

export async function loader({ context }: Route.LoaderArgs) {
  return loadPageWith(context, '/BusinessGuide/intro', { rows: context.content.fetch(overviewRowsQuery) });
}

export const meta = pageDocumentMeta;

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
