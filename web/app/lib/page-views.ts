/**
 * Each page view (the first load and every client navigation), reported when the browser is
 * idle: one `sendBeacon` to our own server with the page, whether it began the visit, the
 * origin of a landing's referrer and the visit's campaign — no cookie, no identifier; the server
 * counts it into daily totals (web/server/measurement/page-views.ts). With ad platforms' tags
 * switched on, the first page view loads them once the page has loaded, and later ones are
 * reported to them (tag-loading.ts).
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { MEASURE_PATH, type PageViewBeacon } from '../../shared/measure';
import type { EnabledTag } from '../../shared/third-party-tags';
import { tagLoader } from './tag-loading';
import { loadBeganVisit, visitCampaign } from './visit';

let viewsOfThisLoad = 0;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Runs `run` once the page has loaded and the browser is idle (at most 3 s later). */
function afterLoadWhenIdle(run: () => void): void {
  const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(run, { timeout: 3_000 }) : setTimeout(run, 1));
  if (document.readyState === 'complete') idle();
  else addEventListener('load', idle, { once: true });
}

/** Called by the public site's layout only: the console is staff at work. */
export function usePageViews(tags: readonly EnabledTag[]): void {
  const { pathname } = useLocation();
  // The tags of the latest site data, without a new report when that data is revalidated.
  const latestTags = useRef(tags);
  latestTags.current = tags;
  useEffect(() => {
    const first = viewsOfThisLoad === 0;
    viewsOfThisLoad += 1;
    // Only the document's first page can begin a visit; a client navigation never does.
    const landing = first && loadBeganVisit();
    const beacon: PageViewBeacon = {
      page: pathname,
      landing,
      // Only where the visit came from, not the page there (a search query, a blog post's path).
      referrer: landing ? originOf(document.referrer) : '',
      campaign: visitCampaign(),
    };
    const tags = latestTags.current;
    afterLoadWhenIdle(() => {
      navigator.sendBeacon?.(MEASURE_PATH, JSON.stringify(beacon));
      if (tags.length > 0) void tagLoader().then((loader) => (first ? loader.loadTags(tags) : loader.trackPageView(tags)));
    });
  }, [pathname]);
}
