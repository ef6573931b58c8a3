/**
 * The Presentation tool (미리보기): the site shown inside the Studio with drafts, and which pages
 * show each document, so an editor opens a change where visitors will see it.
 */
import { defineDocuments, defineLocations, type PresentationPluginOptions } from 'sanity/presentation';
import { previewOrigin } from './env';

/**
 * The site in the frame: its home page first, entered through its preview route (which checks the
 * Studio's secret). Only the options the installed Presentation tool does not mark deprecated.
 */
export const previewUrl = {
  initial: new URL('/', previewOrigin).href,
  previewMode: { enable: '/api/preview/enable' },
} satisfies PresentationPluginOptions['previewUrl'];

const EVERY_PAGE = { title: '모든 페이지', href: '/' };
/** A unit type's pages; their shared page documents have the section's path (which leads to its first unit type). */
const UNIT_TYPE_PAGES = [
  { page: 'floorPlan', path: '/FloorPlan', title: '평면도' },
  { page: 'interior', path: '/Interior', title: '인테리어' },
];

export const previewResolve: PresentationPluginOptions['resolve'] = {
  mainDocuments: defineDocuments([
    { route: '/', filter: `_type == "homePage" && _id == "homePage"` },
    { route: '/FloorPlan/:code', filter: `_type == "unitType" && code == $code` },
    { route: '/Interior/:code', filter: `_type == "unitType" && code == $code` },
    { route: '/:site/press/:id', filter: `_type == "pressArticle" && _id == $id` },
    // A content page is its page document (paths match without regard to case, as the routes do).
    { route: '/:section/:page', filter: `_type == "page" && lower(path) == lower("/" + $section + "/" + $page)` },
  ]),
  locations: {
    page: defineLocations({
      select: { title: 'title', path: 'path' },
      resolve: (page) => ({ locations: page?.path ? [{ title: page.title || page.path, href: page.path }] : [] }),
    }),
    // Only the pages the unit type opens (its `pages` field): the others answer 404.
    unitType: defineLocations({
      select: { code: 'code', pages: 'pages' },
      resolve: (unit) => ({
        locations: unit?.code
          ? UNIT_TYPE_PAGES.filter(({ page }) => (unit.pages as string[] | undefined)?.includes(page)).map(({ path, title }) => ({
              title: `${unit.code} ${title}`,
              href: `${path}/${encodeURIComponent(unit.code)}`,
            }))
          : [],
      }),
    }),
    pressArticle: defineLocations({
      select: { title: 'title', siteId: 'siteId', id: '_id' },
      resolve: (article) => ({
        locations: article?.siteId ? [{ title: article.title || '기사', href: `/${article.siteId}/press/${String(article.id).replace(/^drafts\./, '')}` }] : [],
      }),
    }),
    homePage: defineLocations({ locations: [{ title: '홈', href: '/' }] }),
    siteSettings: defineLocations({ message: '사이트 설정은 모든 페이지에 쓰입니다.', tone: 'caution', locations: [EVERY_PAGE] }),
  },
};
