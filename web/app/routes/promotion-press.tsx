import { stegaClean } from '@sanity/client/stega';
import { replace } from 'react-router';
import type { Route } from './+types/promotion-press';
import { pressSiteSlugQuery } from '../../sanity/queries';
import { notFound } from '../lib/not-found';

/**
 * 언론보도 in the menu: the press list of the configured site (siteSettings.pressSiteSlug),
 * replacing this entry in the history so that "back" skips it.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // Cleaned: in preview it carries stega (invisible edit links), and it is a path here.
  const slug = stegaClean(await context.content.fetch(pressSiteSlugQuery));
  if (!slug) notFound();
  return replace(`/${encodeURIComponent(slug)}/press`, 302);
}
