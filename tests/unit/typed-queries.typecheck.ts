/**
 * Checked by `tsc` (npm run typecheck), never run: a query decides its own result type, so
 * pairing it with another result does not compile. Each `@ts-expect-error` below fails the
 * typecheck as soon as `ContentSource.fetch` accepts the pairing it marks.
 */
import { siteSettingsQuery } from '../../web/sanity/queries';
import type { PressListQueryResult, SiteSettingsQueryResult } from '../../web/sanity/sanity.types';
import type { ContentSource } from '../../web/server/content/types';

export async function typedQueries(content: ContentSource) {
  const settings: SiteSettingsQueryResult = await content.fetch(siteSettingsQuery);

  // @ts-expect-error a result type cannot be chosen by the caller
  await content.fetch<PressListQueryResult>(siteSettingsQuery);

  // @ts-expect-error the site settings are not a press list
  const pressList: PressListQueryResult = await content.fetch(siteSettingsQuery);

  // @ts-expect-error a query typegen does not know reads as unknown, not as anything
  const count: number = await content.fetch('count(*)');

  return { settings, pressList, count };
}
