/**
 * The page a lead came from, with the campaign (utm_*) parameters of the visit: visitors often
 * land on one page from a Naver ad and register on another, so the landing page's utm_* values
 * are kept for the tab's session and added when the current URL has none.
 */
const STORAGE_KEY = 'lead-utm';

function utmOf(search: string): string {
  const params = new URLSearchParams(search);
  const utm = new URLSearchParams();
  for (const [key, value] of params) if (key.startsWith('utm_')) utm.append(key, value);
  return utm.toString();
}

/** Remembers the landing URL's utm_* parameters (called once per page load). */
export function rememberCampaign(): void {
  const utm = utmOf(window.location.search);
  if (!utm) return;
  try {
    sessionStorage.setItem(STORAGE_KEY, utm);
  } catch {
    // Storage can be disabled (private modes); the current URL still carries its own utm_*.
  }
}

export function currentSourcePage(): string {
  const { pathname, search } = window.location;
  if (utmOf(search)) return pathname + search;
  let remembered: string | null = null;
  try {
    remembered = sessionStorage.getItem(STORAGE_KEY);
  } catch {
    remembered = null;
  }
  return remembered ? `${pathname}?${remembered}` : pathname;
}
