import { stegaClean } from '@sanity/client/stega';
import { redirect, type MetaDescriptor } from 'react-router';
import type { AppLoadContext } from 'react-router';
import { firstUnitTypeCodeQuery, pageByPathQuery, unitTypeByCodeQuery } from '../../sanity/queries';
import type { PageByPathQueryResult, UnitTypeByCodeQueryResult } from '../../sanity/sanity.types';
import { pageMeta } from './seo';
import type { MatchWithData } from './site-data';
import { notFound } from './not-found';

export type PageDocument = NonNullable<PageByPathQueryResult>;
export type PageSection = NonNullable<PageDocument['sections']>[number];
/** An image as every query projects it (`imageFields` in queries.ts). */
export type QueryImage = NonNullable<PageSection['image']>;

/** The path of a request without a trailing slash (`/Brand/intro/` is `/Brand/intro`). */
export function requestPath({ pathname }: URL): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The `page` document at `path`; a missing one is a 404, which the root error boundary renders. */
export async function loadPage(context: AppLoadContext, path: string): Promise<PageDocument> {
  const page = await context.content.fetch(pageByPathQuery, { path });
  if (!page) notFound();
  return page;
}

/**
 * The `page` document at `path` and what else the page shows, fetched together:
 * `loadPageWith(context, '/FloorPlan/videos', { videoTabs: fetchOfTheTabs })` is `{ page, videoTabs }`.
 */
export async function loadPageWith<Extra extends Record<string, Promise<unknown>>>(
  context: AppLoadContext,
  path: string,
  extra: Extra,
): Promise<{ page: PageDocument } & { [Key in keyof Extra]: Awaited<Extra[Key]> }> {
  const keys = Object.keys(extra);
  const [page, ...values] = await Promise.all([loadPage(context, path), ...Object.values(extra)]);
  return { page, ...Object.fromEntries(keys.map((key, index) => [key, values[index]])) } as {
    page: PageDocument;
  } & { [Key in keyof Extra]: Awaited<Extra[Key]> };
}

/** The `meta` export of a route whose loader returns `{ page }`. */
export function pageDocumentMeta({ loaderData, matches }: { loaderData?: { page: PageDocument }; matches: readonly MatchWithData[] }) {
  return contentPageMeta(matches, loaderData?.page);
}

/**
 * Metadata of a page document. The canonical URL is the document's own path, so every spelling
 * the router accepts (/SalesInfo/StampTax, a trailing slash) points search engines at one URL.
 */
export function contentPageMeta(
  matches: readonly MatchWithData[],
  page: PageDocument | undefined,
  override: { title?: string; description?: string; path?: string } = {},
): MetaDescriptor[] {
  return pageMeta(matches, {
    title: override.title ?? page?.seo?.title ?? page?.title ?? '',
    description: override.description ?? page?.seo?.description ?? page?.intro,
    path: override.path ?? page?.path ?? '/',
    image: page?.seo?.ogImage,
    noIndex: page?.seo?.noIndex,
  });
}

export type UnitTypePage = {
  /** The shared page document of the section (/FloorPlan or /Interior): group, banner, notes. */
  page: PageDocument;
  unit: NonNullable<UnitTypeByCodeQueryResult>;
  /** "전용 59㎡A 평면도": the unit's label and the shared page's title. */
  heading: string;
  /** The canonical path, e.g. /FloorPlan/59A. */
  path: string;
};

/** The unit-type pages an editor can open per unit type (`unitType.pages`), and where they live. */
const UNIT_TYPE_SECTION_PATHS = { floorPlan: '/FloorPlan', interior: '/Interior' } as const;
export type UnitTypeSection = keyof typeof UNIT_TYPE_SECTION_PATHS;

/**
 * A unit type's page in `section` (/FloorPlan/59A, /Interior/84B): the unit type by its code plus
 * the section's shared page document. An unknown code, or a page not opened for it, is a 404.
 */
export async function loadUnitTypePage(context: AppLoadContext, section: UnitTypeSection, code: string | undefined): Promise<UnitTypePage> {
  const sectionPath = UNIT_TYPE_SECTION_PATHS[section];
  const [page, unit] = await Promise.all([
    loadPage(context, sectionPath),
    context.content.fetch(unitTypeByCodeQuery, { code: (code ?? '').toUpperCase(), page: section }),
  ]);
  if (!unit?.code) notFound();
  const heading = [unit.label ?? unit.code, page.title].filter(Boolean).join(' ');
  // In preview the code carries stega (invisible edit links): the path is data, so it is cleaned.
  return { page, unit, heading, path: `${sectionPath}/${stegaClean(unit.code)}` };
}

/**
 * A section's own path (/FloorPlan, /Interior: its shared page document's path, where the Studio
 * opens that document) leads to the section's first unit type page; a section without one is a 404.
 */
export async function redirectToFirstUnitTypePage(context: AppLoadContext, section: UnitTypeSection): Promise<never> {
  const code = stegaClean(await context.content.fetch(firstUnitTypeCodeQuery, { page: section }));
  if (!code) notFound();
  throw redirect(`${UNIT_TYPE_SECTION_PATHS[section]}/${encodeURIComponent(code)}`, 302);
}

/** The `meta` export of a unit type's page. */
export function unitTypePageMeta({ loaderData: unitPage, matches }: { loaderData?: UnitTypePage; matches: readonly MatchWithData[] }): MetaDescriptor[] {
  const description = unitPage?.page.seo?.description ?? unitPage?.page.intro;
  return contentPageMeta(matches, unitPage?.page, {
    title: unitPage?.heading,
    description: unitPage && description ? `${unitPage.heading} — ${description}` : undefined,
    path: unitPage?.path,
  });
}
