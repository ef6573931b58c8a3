import { mediaMessages } from '../../../shared/media-messages';
import { useFacade } from './facade';
import { MediaSummary } from './MediaSummary';
import './facade.css';

type VideoFacadeProps = { videoId: string; title: string; summary?: string | null };

/** Korean captions when the video has them, and the player's own controls in Korean. */
const PLAYER_PARAMS = 'autoplay=1&rel=0&playsinline=1&cc_load_policy=1&cc_lang_pref=ko&hl=ko';

/** "입지 안내" → "입지 안내 영상 (YouTube)": what the frame holds and whose player it is. */
export function videoFrameTitle(title: string): string {
  return `${title.replace(/\s*영상$/, '')} ${mediaMessages.videoFrameSuffix}`;
}

/**
 * A YouTube video that loads nothing from YouTube until the visitor asks: a play button that is
 * swapped for a youtube-nocookie.com player (which then has focus). Without JavaScript the button
 * is a plain link to the video on YouTube. The editor's summary under it is the text equivalent.
 */
export function VideoFacade({ videoId, title, summary }: VideoFacadeProps) {
  const { open, frameRef, activatorProps } = useFacade();
  const id = encodeURIComponent(videoId);
  return (
    <>
      <div className="media-frame">
        {open ? (
          <iframe
            ref={frameRef}
            className="media-frame__embed"
            src={`https://www.youtube-nocookie.com/embed/${id}?${PLAYER_PARAMS}`}
            title={videoFrameTitle(title)}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <a className="media-facade" href={`https://www.youtube.com/watch?v=${id}`} {...activatorProps}>
            <span className="media-facade__play" aria-hidden="true" />
            <span className="media-facade__label">
              {mediaMessages.playVideo}: {title}
            </span>
          </a>
        )}
      </div>
      <MediaSummary heading={mediaMessages.videoSummaryHeading} text={summary} />
    </>
  );
}

/** Where a video is not published yet: a clear message instead of an empty player. */
export function VideoComingSoon() {
  return (
    <div className="media-frame media-frame--empty">
      <p>{mediaMessages.videoComingSoon}</p>
    </div>
  );
}
