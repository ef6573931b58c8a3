import { useState } from 'react';
import { messages } from '../../lib/messages';
import type { QueryImage } from '../../lib/content-page';
import { SanityImage } from '../SanityImage';

type VrFacadeProps = { url: string; title: string; poster?: QueryImage | null };

/**
 * The E-model house VR tour: a still panel with the hint "화면을 클릭하시면 VR을 보실 수 있습니다."
 * (over the editor's poster image, if any) until the visitor clicks; only then is the third-party VR page loaded in a frame. Without
 * JavaScript it opens the tour in a new tab.
 */
export function VrFacade({ url, title, poster }: VrFacadeProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="media-frame media-frame--vr">
      {open ? (
        <iframe
          className="media-frame__embed"
          src={url}
          title={title}
          allow="fullscreen; gyroscope; accelerometer; xr-spatial-tracking"
          allowFullScreen
        />
      ) : (
        <a
          className="media-facade media-facade--vr"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <SanityImage
            image={poster}
            className="media-facade__poster"
            widths={[480, 800, 1200, 1600]}
            sizes="(max-width: 900px) 100vw, 1032px"
          />
          <span className="media-facade__vr" aria-hidden="true">
            VR
          </span>
          <span className="media-facade__label">{messages.vrHint}</span>
          <span className="visually-hidden">
            {messages.vrOpen}: {title}
          </span>
        </a>
      )}
    </div>
  );
}
