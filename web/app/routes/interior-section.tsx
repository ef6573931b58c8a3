import type { Route } from './+types/interior-section';
import { redirectToFirstUnitTypePage } from '../lib/content-page';

/** /Interior: the first open interior page. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirectToFirstUnitTypePage(context, 'interior');
}
