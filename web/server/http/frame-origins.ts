/**
 * The VR tour hosts that the CSP's frame-src must allow. Editors set `vrTourUrl` on unit types
 * (web/sanity/queries.ts `vrTourUnitTypesQuery`), so the list comes from the content: read once
 * at start, then refreshed in the background at most every `refreshMs`, so a header never waits
 * for the content backend.
 */
import { vrTourUnitTypesQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';

/** The https origins of the given URLs; anything else (http, javascript:, garbage) is dropped. */
export function httpsOrigins(urls: ReadonlyArray<string | null | undefined>): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    if (!url) continue;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === 'https:') origins.add(parsed.origin);
    } catch {
      // not a URL: never allowed in a frame
    }
  }
  return [...origins].sort();
}

export async function watchFrameOrigins(content: ContentSource, refreshMs = 60_000): Promise<() => readonly string[]> {
  const read = async () => {
    const units = await content.fetch(vrTourUnitTypesQuery);
    return httpsOrigins(units.map((unit) => unit.vrTourUrl));
  };
  let origins: readonly string[] = await read().catch(() => []);
  let readAt = Date.now();
  let refreshing = false;
  return () => {
    if (!refreshing && Date.now() - readAt > refreshMs) {
      refreshing = true;
      read()
        .then((fresh) => {
          origins = fresh;
        })
        // Content backend down: keep the last known hosts.
        .catch(() => undefined)
        .finally(() => {
          readAt = Date.now();
          refreshing = false;
        });
    }
    return origins;
  };
}
