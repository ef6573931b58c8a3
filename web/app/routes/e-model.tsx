import type { Route } from './+types/e-model';
import { vrTourUnitTypesQuery } from '../../sanity/queries';
import { loadPageWith, pageDocumentMeta } from '../lib/content-page';
import { InnerPage } from '../components/page/InnerPage';
import { Tabs } from '../components/page/Tabs';
import { VrFacade } from '../components/page/VrFacade';

/** E-모델하우스: one tab per unit type with a VR tour address (59A in the seed). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadPageWith(context, '/FloorPlan/Emodel', { units: context.content.fetch(vrTourUnitTypesQuery) });
}

export const meta = pageDocumentMeta;

export default function EModel({ loaderData }: Route.ComponentProps) {
  const { page, units } = loaderData;
  const tabs = units.flatMap((unit) => {
    if (!unit.vrTourUrl || !unit.code) return [];
    const label = unit.label ?? unit.code;
    return [{ key: unit.code, label, panel: <VrFacade url={unit.vrTourUrl} label={label} poster={unit.vrPoster} description={unit.vrDescription} /> }];
  });
  return <InnerPage page={page}>{tabs.length ? <Tabs tabs={tabs} label={page.title ?? ''} idPrefix="vr" /> : null}</InnerPage>;
}
