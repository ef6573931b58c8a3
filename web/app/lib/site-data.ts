import { useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import { enabledTags, type EnabledTag } from '../../shared/third-party-tags';
import type { loader as rootLoader } from '../root';

export type RootData = Awaited<ReturnType<typeof rootLoader>>;
export type SiteSettings = NonNullable<RootData['settings']>;

/** Site-wide settings and the public image config, loaded once by the root route. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}

/** The ad platforms' tags switched on in siteSettings (none by default). */
export function useEnabledTags(): readonly EnabledTag[] {
  const settings = useRootData()?.settings?.tags;
  return useMemo(() => enabledTags(settings), [settings]);
}

/** A route match as `meta` functions receive it. */
export type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The root route's data among a `meta` function's matches. */
export function rootDataFrom(matches: readonly MatchWithData[]): RootData | undefined {
  return matches.find((match) => match?.id === 'root')?.loaderData as RootData | undefined;
}
