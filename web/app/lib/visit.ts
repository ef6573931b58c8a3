/**
 * The visit of this browser tab: the page it began on (its landing page) and the campaign
 * (utm_*) parameters it arrived with, kept in sessionStorage — gone when the tab closes, sent
 * only with the visitor's own registration and the anonymous page-view beacon. Visitors often
 * land on one page from a Naver ad and register on another, so both are remembered.
 */
const CAMPAIGN_KEY = 'lead-utm';
const LANDING_KEY = 'visit-landing';

const utmOf = (search: string) => new URLSearchParams([...new URLSearchParams(search)].filter(([key]) => key.startsWith('utm_'))).toString();

/** Reads `key`, or writes `value` to it. Storage can be disabled (private modes): then nothing is remembered and every page load reads as a new visit. */
function stored(key: string, value?: string): string | null {
  try {
    if (value !== undefined) sessionStorage.setItem(key, value);
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

let beganVisit: boolean | undefined;

/**
 * Whether this document load began a visit: the tab's first page, or a page opened from a
 * campaign link other than the one remembered (a new ad click is a new visit). Decided once
 * per document; client navigations never begin a visit.
 */
export function loadBeganVisit(): boolean {
  if (beganVisit !== undefined) return beganVisit;
  const utm = utmOf(window.location.search);
  beganVisit = stored(LANDING_KEY) === null || (utm !== '' && utm !== stored(CAMPAIGN_KEY));
  if (utm) stored(CAMPAIGN_KEY, utm);
  if (beganVisit) stored(LANDING_KEY, window.location.pathname);
  return beganVisit;
}

/** The visit's utm_* query: the current URL's, or else the one the visit arrived with. */
export function visitCampaign(): string {
  return utmOf(window.location.search) || (stored(CAMPAIGN_KEY) ?? '');
}

/** The page the visit began on (null when storage is unavailable). */
export function visitLandingPage(): string | null {
  return stored(LANDING_KEY);
}

/** The current page with the visit's campaign parameters: where a registration came from. */
export function currentSourcePage(): string {
  const campaign = visitCampaign();
  return campaign ? `${window.location.pathname}?${campaign}` : window.location.pathname;
}
