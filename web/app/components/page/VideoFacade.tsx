import { useState } from 'react';
import { messages } from '../../lib/messages';

type VideoFacadeProps = { videoId: string; title: string };

/**
 * A YouTube video that loads nothing from YouTube until the visitor asks: a play button that is
 * swapped for a youtube-nocookie.com player on click. Without JavaScript the button is a plain
 * link to the video on YouTube.
 */
export function VideoFacade({ videoId, title }: VideoFacadeProps) {
  const [playing, setPlaying] = useState(false);
  const id = encodeURIComponent(videoId);
  return (
    <div className="media-frame">
      {playing ? (
        <iframe
          className="media-frame__embed"
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0&playsinline=1`}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
        />
      ) : (
        <a
          className="media-facade"
          href={`https://www.youtube.com/watch?v=${id}`}
          onClick={(event) => {
            event.preventDefault();
            setPlaying(true);
          }}
        >
          <span className="media-facade__play" aria-hidden="true" />
          <span className="media-facade__label">
            {messages.playVideo}: {title}
          </span>
        </a>
      )}
    </div>
  );
}

/** Where a video is not published yet: a clear message instead of an empty player. */
export function VideoComingSoon() {
  return (
    <div className="media-frame media-frame--empty">
      <p>{messages.videoComingSoon}</p>
    </div>
  );
}
