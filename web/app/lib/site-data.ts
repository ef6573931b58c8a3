import { useRouteLoaderData } from 'react-router';
import type { EnabledTag } from '../../shared/third-party-tags';
import type { loader as siteLoader } from '../routes/site/layout';

/** The public site layout's route id (routes.ts). */
export const SITE_ROUTE_ID = 'site';

export type SiteData = Awaited<ReturnType<typeof siteLoader>>;
export type SiteSettings = NonNullable<SiteData['settings']>;

/** Site-wide settings, the lead form and the public image config, loaded once by the site layout; none on console pages. */
export function useSiteData(): SiteData | undefined {
  return useRouteLoaderData<typeof siteLoader>(SITE_ROUTE_ID);
}

const NO_TAGS: readonly EnabledTag[] = [];

/** The ad platforms' tags switched on in siteSettings (none by default), as the site layout's loader found them. */
export function useEnabledTags(): readonly EnabledTag[] {
  return useSiteData()?.tags ?? NO_TAGS;
}

/** A route match as `meta` functions receive it. */
export type MatchWithData = { id: string; loaderData?: unknown } | undefined;

/** The site layout's data among a `meta` function's matches. */
export function siteDataFrom(matches: readonly MatchWithData[]): SiteData | undefined {
  return matches.find((match) => match?.id === SITE_ROUTE_ID)?.loaderData as SiteData | undefined;
}
