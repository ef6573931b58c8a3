import type { Route } from './+types/floor-plan';
import { loadUnitTypePage, unitTypePageMeta } from '../lib/content-page';
import { mediaMessages } from '../../shared/media-messages';
import { InnerPage } from '../components/page/InnerPage';
import { Figure } from '../components/page/Figure';
import { ComingSoon } from '../components/page/LoadingDots';

/** /FloorPlan/{code}: the unit type's plan, or a coming-soon placeholder; the notes of /FloorPlan. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadUnitTypePage(context, 'floorPlan', params.code);
}

export const meta = unitTypePageMeta;

export default function FloorPlan({ loaderData }: Route.ComponentProps) {
  const { page, unit, heading, path } = loaderData;
  return (
    <InnerPage page={page} heading={heading} menuPath={path}>
      {unit.plan?.asset ? (
        // The plan is what the visitor came for, and the largest paint: fetched at once, not lazily.
        <Figure image={unit.plan} className="page-figure--plan" sizes="(max-width: 900px) 100vw, 880px" priority />
      ) : (
        <ComingSoon message={mediaMessages.planComingSoon} />
      )}
    </InnerPage>
  );
}
