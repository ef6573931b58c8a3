import { useLocation } from 'react-router';
import { PREVIEW_PATHS, previewText, type PreviewMode } from '../../shared/preview';
import './PreviewBanner.css';

/**
 * Shown at the top of every page in preview, inside the sticky header (so it stays in view and
 * never covers the phone's bottom bar), with the way out: a plain form post to the console's
 * toggle (embedded store) or the link that clears the Studio's preview (Sanity). Both work
 * without JavaScript and return to the page being read.
 */
export function PreviewBanner({ mode }: { mode: PreviewMode }) {
  const { pathname, search } = useLocation();
  const back = pathname + search;
  return (
    <div className="preview-banner">
      <p className="preview-banner__text">{previewText.banner}</p>
      {mode === 'embedded' ? (
        <form method="post" action={PREVIEW_PATHS.toggle} className="preview-banner__form">
          <input type="hidden" name="enable" value="0" />
          <input type="hidden" name="path" value={back} />
          <button type="submit" className="preview-banner__exit">
            {previewText.exit}
          </button>
        </form>
      ) : (
        <a className="preview-banner__exit" href={`${PREVIEW_PATHS.disable}?path=${encodeURIComponent(back)}`}>
          {previewText.exit}
        </a>
      )}
    </div>
  );
}
