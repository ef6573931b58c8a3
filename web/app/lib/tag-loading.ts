/**
 * The ad platforms' tags switched on in siteSettings, never on the critical path: their code
 * (tag-loader.ts) is a bundle of its own (not a chunk of the app's graph), imported by URL only
 * after a page with tags has loaded (page-views.ts), so a page without tags carries none of it.
 */
import type { EnabledTag } from '../../shared/third-party-tags';
import type { TagLoader } from './tag-loader';
import tagLoaderUrl from './tag-loader?worker&url';

export async function tagLoader(): Promise<TagLoader> {
  await import(/* @vite-ignore */ tagLoaderUrl);
  return (window as Window & { cheonghakTagLoader?: TagLoader }).cheonghakTagLoader!;
}

/** Fires each enabled tag's standard conversion event (a registration), with nothing about the person. */
export function trackConversion(tags: readonly EnabledTag[]): void {
  if (tags.length > 0) void tagLoader().then((loader) => loader.trackConversion(tags));
}
