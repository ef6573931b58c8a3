import type { Route } from './+types/floor-plan-section';
import { redirectToFirstUnitTypePage } from '../lib/content-page';

/** /FloorPlan: the first open floor plan. */
export async function loader({ context }: Route.LoaderArgs) {
  return redirectToFirstUnitTypePage(context, 'floorPlan');
}
