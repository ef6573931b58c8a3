/**
 * The Presentation tool (미리보기): the site shown inside the Studio with drafts, and which pages
 * show each document, so an editor opens a change where visitors will see it.
 */
import { defineDocuments, defineLocations, type PresentationPluginOptions } from 'sanity/presentation';

const EVERY_PAGE = { title: '모든 페이지', href: '/' };

export const previewResolve: PresentationPluginOptions['resolve'] = {
  mainDocuments: defineDocuments([
    { route: '/', filter: `_type == "homePage" && _id == "homePage"` },
    { route: '/FloorPlan/:code', filter: `_type == "unitType" && code == $code` },
    { route: '/Interior/:code', filter: `_type == "unitType" && code == $code` },
    { route: '/:site/press/:id', filter: `_type == "pressArticle" && _id == $id` },
  ]),
  locations: {
    page: defineLocations({
      select: { title: 'title', path: 'path' },
      resolve: (page) => ({ locations: page?.path ? [{ title: page.title || page.path, href: page.path }] : [] }),
    }),
    unitType: defineLocations({
      select: { code: 'code' },
      resolve: (unit) => ({
        locations: unit?.code
          ? [
              { title: `${unit.code} 평면도`, href: `/FloorPlan/${unit.code}` },
              { title: `${unit.code} 인테리어`, href: `/Interior/${unit.code}` },
            ]
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
