/**
 * What /sitemap.xml and /robots.txt say (their resource routes, web/app/routes/seo/, send it).
 * The sitemap must know which paths the app's routes answer: a `page` document can hold text
 * shared by several routes (e.g. `/FloorPlan` for every floor plan) without being a page of its
 * own, and the sitemap lists only real pages; so this service reads the server build's routes.
 */
import { matchRoutes, type RouteObject } from 'react-router';
import { siteSettingsQuery, sitemapQuery } from '../sanity/queries';
import type { SiteSettingsQueryResult, SitemapQueryResult } from '../sanity/sanity.types';
import { comparablePath } from '../shared/menu';
import type { ContentSource } from './content/types';

/** The fields of React Router's server route manifest that path matching needs. */
export type RouteManifest = Record<string, { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean } | undefined>;

export type SitemapEntry = { path: string; lastModified?: string | null };

type Settings = Pick<NonNullable<SiteSettingsQueryResult>, 'menu' | 'pressSiteSlug' | 'siteUrl'>;

type SitemapSources = {
  settings: Settings | null;
  pages: SitemapQueryResult['pages'];
  pressArticles: SitemapQueryResult['pressArticles'];
  /** Whether a route of the app answers this path (the catch-all not-found route does not count). */
  isPage: (path: string) => boolean;
};

/**
 * Every public page once (paths compared as the routes match them, without regard to case):
 * home, the menu, the content pages, the press list and its articles. External menu links, query
 * strings and paths no route answers are left out.
 */
export function sitemapEntries({ settings, pages, pressArticles, isPage }: SitemapSources): SitemapEntry[] {
  const entries = new Map<string, SitemapEntry>();
  const add = (path: string, lastModified?: string | null) => {
    if (!path.startsWith('/') || path.startsWith('//') || !isPage(path)) return;
    const key = comparablePath(path);
    const known = entries.get(key);
    if (!known) entries.set(key, { path, lastModified });
    else known.lastModified ??= lastModified;
  };
  add('/');
  for (const group of settings?.menu ?? []) {
    for (const item of group.items ?? []) if (item.href) add(item.href.split(/[?#]/)[0]);
  }
  for (const page of pages) if (page.path) add(page.path, page._updatedAt);
  const slug = settings?.pressSiteSlug;
  if (slug) {
    const pressList = `/${encodeURIComponent(slug)}/press`;
    add(pressList, pressArticles[0]?._updatedAt);
    for (const article of pressArticles) add(`${pressList}/${encodeURIComponent(article._id)}`, article._updatedAt);
  }
  return [...entries.values()];
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function sitemapXml(siteUrl: string, entries: SitemapEntry[]): string {
  const urls = entries.map(({ path, lastModified }) => {
    const loc = `<loc>${escapeXml(new URL(path, siteUrl).toString())}</loc>`;
    const lastmod = lastModified ? `<lastmod>${new Date(lastModified).toISOString()}</lastmod>` : '';
    return `  <url>${loc}${lastmod}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/**
 * Everyone may crawl everything. Naver (Yeti) and Kakao/Daum (Daumoa) are named so that their
 * webmaster tools show an explicit allow.
 */
export function robotsTxt(siteUrl: string): string {
  const allowAll = (agent: string) => [`User-agent: ${agent}`, 'Allow: /', ''];
  return [...allowAll('Yeti'), ...allowAll('Daumoa'), ...allowAll('*'), `Sitemap: ${new URL('/sitemap.xml', siteUrl).toString()}`, ''].join('\n');
}

function routeTree(manifest: RouteManifest, parentId?: string): RouteObject[] {
  return Object.values(manifest).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const { id, path, caseSensitive } = route;
    return route.index ? [{ id, path, caseSensitive, index: true }] : [{ id, path, caseSensitive, children: routeTree(manifest, id) }];
  });
}

/**
 * Whether the app has a page for `path`: a route other than its catch-all (`*`, the not-found
 * page) and the redirects kept for old links (ids `redirect/…` in routes.ts).
 */
export function pageMatcher(manifest: RouteManifest): (path: string) => boolean {
  const tree = routeTree(manifest);
  return (path) => {
    const leaf = matchRoutes(tree, path)?.at(-1)?.route;
    return !!leaf && leaf.path !== '*' && !leaf.id?.startsWith('redirect/');
  };
}

type DiscoveryOptions = {
  content: ContentSource;
  /** The server build's route manifest (loaded lazily: the build is imported on first request). */
  routes: () => Promise<RouteManifest>;
};

/** The crawlers' texts, on the site URL from the settings, else on the origin the request came to. */
export type Discovery = {
  sitemap(requestOrigin: string): Promise<string>;
  robots(requestOrigin: string): Promise<string>;
};

export function createDiscovery({ content, routes }: DiscoveryOptions): Discovery {
  const settingsOf = () => content.fetch(siteSettingsQuery);
  return {
    async sitemap(requestOrigin) {
      const settings = await settingsOf();
      const [{ pages, pressArticles }, manifest] = await Promise.all([content.fetch(sitemapQuery, { siteId: settings?.pressSiteSlug ?? null }), routes()]);
      const entries = sitemapEntries({ settings, pages, pressArticles, isPage: pageMatcher(manifest) });
      return sitemapXml(settings?.siteUrl || requestOrigin, entries);
    },
    async robots(requestOrigin) {
      const settings = await settingsOf();
      return robotsTxt(settings?.siteUrl || requestOrigin);
    },
  };
}
