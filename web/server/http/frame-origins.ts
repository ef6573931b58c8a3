/**
 * The hosts the CSP must allow because of the content: the VR tour hosts in frame-src (editors
 * set `vrTourUrl` on unit types) and the hosts of the ad platforms' tags switched on in
 * siteSettings. Read once at start, then refreshed in the background at most every `refreshMs`,
 * so a header never waits for the content backend.
 */
import { tagSettingsQuery, vrTourUnitTypesQuery } from '../../sanity/queries';
import { enabledTags, type EnabledTag } from '../../shared/third-party-tags';
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

export function watchFrameOrigins(content: ContentSource, refreshMs?: number): Promise<() => readonly string[]> {
  return watchContent(async () => httpsOrigins((await content.fetch(vrTourUnitTypesQuery)).map((unit) => unit.vrTourUrl)), [], refreshMs);
}

/** The ad platforms' tags switched on in siteSettings (the CSP allows exactly their hosts). */
export function watchEnabledTags(content: ContentSource, refreshMs?: number): Promise<() => readonly EnabledTag[]> {
  return watchContent(async () => enabledTags((await content.fetch(tagSettingsQuery))?.tags), [], refreshMs);
}

/**
 * A value read from the content once at start, then refreshed in the background at most every
 * `refreshMs`: the getter answers at once with the last value read (`fallback` until one is).
 */
async function watchContent<Value>(read: () => Promise<Value>, fallback: Value, refreshMs = 60_000): Promise<() => Value> {
  let value: Value = await read().catch(() => fallback);
  let readAt = Date.now();
  let refreshing = false;
  return () => {
    if (!refreshing && Date.now() - readAt > refreshMs) {
      refreshing = true;
      read()
        .then((fresh: Value) => {
          value = fresh;
        })
        // Content backend down: keep the last value read.
        .catch(() => undefined)
        .finally(() => {
          readAt = Date.now();
          refreshing = false;
        });
    }
    return value;
  };
}
