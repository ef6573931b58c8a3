import type { Route } from './+types/interior';
import { loadUnitTypePage, unitTypePageMeta } from '../lib/content-page';
import { mediaMessages } from '../../shared/media-messages';
import { InnerPage } from '../components/page/InnerPage';
import { Figure } from '../components/page/Figure';
import { ComingSoon } from '../components/page/LoadingDots';
import './interior.css';

/** /Interior/{code}: the unit type's interior images, or a coming-soon placeholder. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadUnitTypePage(context, 'interior', params.code);
}

export const meta = unitTypePageMeta;

export default function Interior({ loaderData }: Route.ComponentProps) {
  const { page, unit, heading, path } = loaderData;
  const images = (unit.interiorImages ?? []).filter((image) => image.asset);
  return (
    <InnerPage page={page} heading={heading} menuPath={path}>
      {images.length ? (
        <div className="interior-gallery">
          {images.map((image, index) => (
            <Figure key={image._key} image={image} sizes="(max-width: 900px) 100vw, 1032px" priority={index === 0} />
          ))}
        </div>
      ) : (
        <ComingSoon message={mediaMessages.interiorComingSoon} />
      )}
    </InnerPage>
  );
}
