/**
 * Rewrites a rendered page so that its hydration JavaScript starts loading only after the first
 * paint. Applied to every page's HTML before its CSP hashes are computed (page pipeline).
 */
export function deferHydration(html: string): string {
  return html;
}
