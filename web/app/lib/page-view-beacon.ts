/**
 * The page-view beacon: after each page is shown (the first load and every client navigation),
 * when the browser is idle, one `sendBeacon` to our own server with the page, whether it began
 * the visit, the referring page of a landing and the visit's campaign. No cookie, no identifier:
 * the server counts it into daily totals (web/server/measurement/page-views.ts).
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MEASURE_PATH, type PageViewBeacon } from '../../shared/campaign-stats';
import { loadBeganVisit, visitCampaign } from './visit';

/** How long the beacon may wait for idle time before it is sent anyway. */
const IDLE_TIMEOUT_MS = 3_000;

let viewsOfThisLoad = 0;

export function whenIdle(run: () => void, timeout = IDLE_TIMEOUT_MS): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout });
  else setTimeout(run, 1);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

export function usePageViewBeacon(enabled: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!enabled || typeof navigator.sendBeacon !== 'function') return;
    // Only the document's first page can begin a visit; a client navigation never does.
    const landing = viewsOfThisLoad === 0 && loadBeganVisit();
    viewsOfThisLoad += 1;
    const beacon: PageViewBeacon = {
      page: pathname,
      landing,
      // Only where the visit came from, not the page there (a search query, a blog post's path).
      referrer: landing ? originOf(document.referrer) : '',
      campaign: visitCampaign(),
    };
    whenIdle(() => navigator.sendBeacon(MEASURE_PATH, JSON.stringify(beacon)));
  }, [enabled, pathname]);
}
