import type { Route } from './+types/content-page';
import { loadPage, pageDocumentMeta, requestPath } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';

/**
 * Every informational page whose content is one `page` document, looked up by the URL path
 * (routes.ts lists the paths). Editors change the text, images, tables, videos and notes in the
 * Studio; nothing here is page-specific.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  return { page: await loadPage(context, requestPath(url)) };
}

export const meta = pageDocumentMeta;

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <InnerPage page={loaderData.page} />;
}
