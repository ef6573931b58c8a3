import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../shared/messages';
import { NewWindowNote } from '../NewWindowNote';
import { LoadingDots } from './LoadingDots';
import './PdfLink.css';

/**
 * A browser that saves the PDF instead of showing it never fires `load` on the new window; the
 * overlay must not stay up forever then.
 */
const LOADING_LIMIT_MS = 15_000;

type PdfLinkProps = { href: string; label: string };

/**
 * Opens a PDF in a new tab and shows "파일 불러오는 중..." until that window has loaded. If a popup
 * blocker refuses the new window, the PDF opens in this tab instead. Without JavaScript it is a
 * plain link to a new tab.
 */
export function PdfLink({ href, label }: PdfLinkProps) {
  const [loading, setLoading] = useState(false);
  const limitTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(limitTimer.current), []);

  function open(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const opened = window.open(href, '_blank');
    if (!opened) {
      window.location.assign(href);
      return;
    }
    setLoading(true);
    const done = () => {
      window.clearTimeout(limitTimer.current);
      setLoading(false);
    };
    opened.addEventListener('load', done, { once: true });
    limitTimer.current = window.setTimeout(done, LOADING_LIMIT_MS);
  }

  return (
    <>
      <a className="button button--primary page-actions__button" href={href} target="_blank" rel="noopener" onClick={open}>
        {label}
        <NewWindowNote />
      </a>
      {/* The live region exists from the start so that screen readers announce the message. */}
      <div className={loading ? 'loading-overlay loading-overlay--visible' : 'loading-overlay'} role="status">
        {loading ? (
          <div className="loading-overlay__box">
            <LoadingDots />
            <p className="loading-overlay__text">{messages.announcementLoading}</p>
          </div>
        ) : null}
      </div>
    </>
  );
}
