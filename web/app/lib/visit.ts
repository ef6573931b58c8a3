/**
 * The visit of this browser tab: the page it began on (its landing page) and the campaign
 * (utm_*) parameters it arrived with, kept in sessionStorage — gone when the tab closes, sent
 * only with the visitor's own registration and the anonymous page-view beacon. Visitors often
 * land on one page from a Naver ad and register on another, so both are remembered.
 */
const CAMPAIGN_KEY = 'lead-utm';
const LANDING_KEY = 'visit-landing';

function utmOf(search: string): string {
  const params = new URLSearchParams(search);
  const utm = new URLSearchParams();
  for (const [key, value] of params) if (key.startsWith('utm_')) utm.append(key, value);
  return utm.toString();
}

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    // Storage can be disabled (private modes): every page load then reads as a new visit.
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // As above: nothing is remembered, the current URL still carries its own utm_*.
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
  beganVisit = read(LANDING_KEY) === null || (utm !== '' && utm !== read(CAMPAIGN_KEY));
  if (utm) write(CAMPAIGN_KEY, utm);
  if (beganVisit) write(LANDING_KEY, window.location.pathname);
  return beganVisit;
}

/** The visit's utm_* query: the current URL's, or else the one the visit arrived with. */
export function visitCampaign(): string {
  return utmOf(window.location.search) || (read(CAMPAIGN_KEY) ?? '');
}

/** The page the visit began on (null when storage is unavailable). */
export function visitLandingPage(): string | null {
  loadBeganVisit();
  return read(LANDING_KEY);
}

/** The current page with the visit's campaign parameters: where a registration came from. */
export function currentSourcePage(): string {
  const campaign = visitCampaign();
  return campaign ? `${window.location.pathname}?${campaign}` : window.location.pathname;
}
