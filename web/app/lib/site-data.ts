import { useRouteLoaderData } from 'react-router';
import type { loader as rootLoader } from '../root';

export type RootData = Awaited<ReturnType<typeof rootLoader>>;
export type SiteSettings = NonNullable<RootData['settings']>;

/** Site-wide settings and the public image config, loaded once by the root route. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>('root');
}
