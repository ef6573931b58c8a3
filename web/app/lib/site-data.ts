import { useRouteLoaderData } from 'react-router';
import type { EnabledTag } from '../../shared/third-party-tags';
import type { loader as rootLoader } from '../root';

export type RootData = Awaited<ReturnType<typeof rootLoader>>;
export type SiteSettings = NonNullable<RootData['settings']>;

/** Site-wide settings and the public image config, loaded once by the root route. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}

const NO_TAGS: readonly EnabledTag[] = [];

/** The ad platforms' tags switched on in siteSettings (none by default), as the root loader found them. */
export function useEnabledTags(): readonly EnabledTag[] {
  return useRootData()?.tags ?? NO_TAGS;
}

/** A route match as `meta` functions receive it. */
export type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The root route's data among a `meta` function's matches. */
export function rootDataFrom(matches: readonly MatchWithData[]): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}
