import type { Route } from './+types/privacy';
import { loadPage, pageDocumentMeta } from '../lib/content-page';
import { useEnabledTags } from '../lib/site-data';
import { InnerPage } from '../components/page/InnerPage';
import { MeasurementNotice } from '../components/page/MeasurementNotice';

/** The privacy policy: the page document, then what the site collects automatically and which ad platforms' tags are on. */
export async function loader({ context }: Route.LoaderArgs) {
  return { page: await loadPage(context, '/privacy') };
}

export const meta = pageDocumentMeta;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <InnerPage page={loaderData.page} appendix={<MeasurementNotice tags={useEnabledTags()} />} />;
}
