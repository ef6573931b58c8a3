import { mediaMessages } from '../../../shared/media-messages';
import type { QueryImage } from '../../lib/content-page';
import { SanityImage } from '../SanityImage';
import { useFacade } from './facade';
import { MediaSummary } from './MediaSummary';
import './facade.css';

type VrFacadeProps = { url: string; label: string; poster?: QueryImage | null; description?: string | null };

/**
 * The E-model house VR tour: a still panel with the hint "화면을 선택하면 VR을 보실 수 있습니다."
 * (over the editor's poster image, if any) until the visitor selects it; only then is the
 * third-party VR page loaded in a frame, which takes focus. Without JavaScript the link opens the
 * tour itself. The editor's description under it says in words what the tour shows.
 */
export function VrFacade({ url, label, poster, description }: VrFacadeProps) {
  const { open, frameRef, activatorProps } = useFacade();
  const name = `${mediaMessages.vrOpen}: ${label}`;
  return (
    <>
      <div className="media-frame media-frame--vr">
        {open ? (
          <iframe
            ref={frameRef}
            className="media-frame__embed"
            src={url}
            title={name}
            allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking"
            allowFullScreen
          />
        ) : (
          <a className="media-facade media-facade--vr" href={url} {...activatorProps}>
            {/* The link's name starts with what it opens; the poster only sets the scene. */}
            <span className="visually-hidden">{name}. </span>
            <SanityImage
              image={poster ? { ...poster, alt: '' } : poster}
              className="media-facade__poster"
              widths={[480, 800, 1200, 1600]}
              sizes="(max-width: 900px) 100vw, 1032px"
            />
            <span className="media-facade__vr" aria-hidden="true">
              VR
            </span>
            <span className="media-facade__label">{mediaMessages.vrHint}</span>
          </a>
        )}
      </div>
      <MediaSummary heading={mediaMessages.vrDescriptionHeading} text={description} />
    </>
  );
}
