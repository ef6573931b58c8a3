/**
 * Every GROQ query of the site. Values reach a query only through `$params`, never by string
 * interpolation; fragments below are plain GROQ strings shared by several queries.
 */
import { defineQuery } from 'groq';

const imageAssetFields = /* groq */ `_type, asset, hotspot, crop, disclaimer, caption`;
/** A decorative image (a card icon beside its own text) has an empty alt, whatever was typed. */
const imageFieldList = /* groq */ `${imageAssetFields}, "alt": select(decorative == true => "", alt)`;
const imageFields = /* groq */ `{ ${imageFieldList} }`;
/** A unit type's plan is described by the type's own plan description. */
const planImageFields = /* groq */ `{ ${imageAssetFields}, "alt": coalesce(^.planDescription, alt) }`;

const seoFields = /* groq */ `{ title, description, noIndex, ogImage ${imageFields} }`;

export const siteSettingsQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0]{
    brandName, builder, phone, consultationHours, address, siteUrl, pressSiteSlug,
    facts, copyrightYear, footerDisclaimer,
    familySites[]{ _key, label, href, newTab },
    promoBanner{ text, href },
    naverSiteVerification, kakaoChannelUrl, applyHomeUrl,
    tags{ naverAnalytics, kakaoPixel, googleAnalytics, metaPixel },
    ogImage ${imageFields},
    menu[]{ _key, title, items[]{ _key, label, href } },
    defaultSeo ${seoFields}
  }
`);

/** The ad platforms' tag IDs (the server's CSP follows them). */
export const tagSettingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{ tags }`);

export const homePageQuery = defineQuery(`
  *[_type == "homePage" && _id == "homePage"][0]{
    hero{ eyebrow, title, subtitle, ctaLabel, image ${imageFields} },
    locationTitle,
    locationPoints[]{ _key, title, text },
    brandIntro{ title, text, linkLabel },
    premiumTitle,
    specialPlan{ title, text, image ${imageFields} },
    unitPlan{ title, linkLabel, typeGuide{ title, text }, eModel{ title, text, linkLabel } },
    mobileOverview{
      title, businessTitle, locationTitle, premiumTitle,
      locationImages[]{ _key, ${imageFieldList} }
    },
    complex{ title, items[]{ _key, title, text, image ${imageFields} } },
    interestForm{ title, text },
    seo ${seoFields}
  }
`);

/** The home page's PREMIUM 01–04 cards. */
export const premiumCardsQuery = defineQuery(`
  *[_type == "premiumCard"] | order(order asc){
    _id, label, title, text1, text2, link, linkText, image ${imageFields}
  }
`);

/** The slides of the home page's mobile premium slider. */
export const premiumSlidesQuery = defineQuery(`
  *[_type == "premiumSlide" && defined(image.asset)] | order(order asc){
    _id, title, description, image ${imageFields}
  }
`);

/** The unit types of the home page's floor-plan viewer (40 · 59A · 59B). */
export const viewerUnitTypesQuery = defineQuery(`
  *[_type == "unitType" && inViewer == true] | order(order asc){
    _id, code, label, plan ${planImageFields}
  }
`);

/**
 * A `page` document by its path. Paths match without regard to case, as the routes do
 * (/SalesInfo/StampTax finds /SalesInfo/stampTax); the page's own `path` is its canonical URL.
 */
export const pageByPathQuery = defineQuery(`
  *[_type == "page" && lower(path) == lower($path)][0]{
    _id, path, title, group,
    banner{ title, text, delayText, image ${imageFields} },
    intro,
    sections[]{
      _key, heading, body, notes, videoId,
      image ${imageFields},
      table{ columns, rows[]{ _key, cells } }
    },
    actions[]{ _key, label, href, newTab },
    notes,
    seo ${seoFields}
  }
`);

export const overviewRowsQuery = defineQuery(`
  *[_type == "overviewRow"] | order(order asc){ _id, label, value }
`);

/**
 * One page of press articles, newest first, plus one more row that tells whether a next page
 * exists. The cursor is the last row's (date, _id): ordering and the cursor both use the pair, so
 * articles with equal dates are never skipped or repeated. Used on Sanity, whose indexes make it
 * cheap; the embedded store pages through `pressOrderQuery` instead (web/server/press).
 */
export const pressListQuery = defineQuery(`
  *[_type == "pressArticle" && siteId == $siteId && defined(date) && (
    $cursorDate == null || date < $cursorDate || (date == $cursorDate && _id < $cursorId)
  )] | order(date desc, _id desc)[0...11]{ _id, title, date }
`);

/** How many articles the site's press list has (the NO column counts down from it). */
export const pressCountQuery = defineQuery(`
  count(*[_type == "pressArticle" && siteId == $siteId && defined(date)])
`);

/**
 * Every article of the site in list order, ids and dates only. The embedded store caches it until
 * an article changes (view counts live in other documents), so any page is a binary search away.
 */
export const pressOrderQuery = defineQuery(`
  *[_type == "pressArticle" && siteId == $siteId && defined(date)] | order(date desc, _id desc){ _id, date }
`);

/** The list rows of the given articles (any order; the caller orders them). */
export const pressRowsByIdQuery = defineQuery(`
  *[_type == "pressArticle" && _id in $ids]{ _id, title, date }
`);

/** One article of one site, or null: another site's id reads as missing. */
export const pressArticleQuery = defineQuery(`
  *[_type == "pressArticle" && _id == $id && siteId == $siteId][0]{ _id, title, summary, date, body }
`);

/**
 * The view counts a previous release kept in the content dataset (`pressViews-<article id>`
 * documents, a type no longer in the schema), read once to carry them into the sales database.
 */
export const legacyPressViewsQuery = defineQuery(`
  *[_type == "pressViews"]{ "articleId": article._ref, siteId, count }
`);

/** Every article of the site for the sitemap: path parts and last change. */
export const pressSitemapQuery = defineQuery(`
  *[_type == "pressArticle" && siteId == $siteId && defined(date)] | order(date desc){ _id, _updatedAt }
`);

const unitTypeFields = /* groq */ `{
  _id, code, label, exclusiveArea, supplyArea, households,
  plan ${planImageFields},
  interiorImages[]{ _key, ${imageFieldList} }
}`;

/**
 * One unit type by its code, the path segment of /FloorPlan/{code} and /Interior/{code}, when
 * editors opened that page for it (`$page`: "floorPlan" or "interior").
 */
export const unitTypeByCodeQuery = defineQuery(`
  *[_type == "unitType" && code == $code && $page in pages][0]${unitTypeFields}
`);

/** The first unit type (in the Studio's order) with a page in `$page`: where /FloorPlan and /Interior lead. */
export const firstUnitTypeCodeQuery = defineQuery(`
  *[_type == "unitType" && $page in pages] | order(order asc)[0].code
`);

/** The E-model house tabs: unit types with a VR tour address. */
export const vrTourUnitTypesQuery = defineQuery(`
  *[_type == "unitType" && defined(vrTourUrl)] | order(order asc){ _id, code, label, vrTourUrl, vrDescription, vrPoster ${imageFields} }
`);

export const videoTabsQuery = defineQuery(`
  *[_type == "videoTab"] | order(order asc){ _id, key, title, videoId, summary }
`);

export const locationCardsQuery = defineQuery(`
  *[_type == "locationCard"] | order(order asc){ _id, title, content, image ${imageFields} }
`);

export const pressSiteSlugQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0].pressSiteSlug
`);

// The sales team's settings, edited by marketing in the Studio (`leadSettings`). The sales data
// itself is in the sales database's tables (web/server/database), never read with GROQ.

/** The message templates and the representative number they fill in. */
export const messageTemplatesQuery = defineQuery(`{
  "templates": *[_type == "leadSettings" && _id == "leadSettings"][0].messageTemplates,
  "phone": *[_type == "siteSettings" && _id == "siteSettings"][0].phone
}`);

/** The consent notice shown with every lead form, its version, and the retention period. */
export const leadSettingsQuery = defineQuery(`
  *[_type == "leadSettings" && _id == "leadSettings"][0]{
    consentVersion, privacyPurpose, privacyItems, privacyRetention, privacyRefusal,
    marketingNotice, retentionDays, popupText
  }
`);

/** The call results marketing lets 상담사 choose from (unset or empty: the console's default list). */
export const callResultsQuery = defineQuery(`
  coalesce(*[_type == "leadSettings" && _id == "leadSettings"][0].callResults, [])
`);

/** How leads are shared among the sales team (each off unless marketing turned it on). */
export const leadAssignmentSettingsQuery = defineQuery(`
  *[_type == "leadSettings" && _id == "leadSettings"][0]{
    "salesSeeAllLeads": coalesce(salesSeeAllLeads, false),
    "salesTakeColleagueLeads": coalesce(salesTakeColleagueLeads, false)
  }
`);

/** Everything /sitemap.xml lists besides the menu: content pages and the site's press articles. */
export const sitemapQuery = defineQuery(`{
  "pages": *[_type == "page" && defined(path)] | order(path asc){ path, _updatedAt },
  "pressArticles": *[_type == "pressArticle" && siteId == $siteId && defined(date)] | order(date desc, _id desc){ _id, _updatedAt }
}`);

/** Readiness probe: the cheapest query a store can answer (no documents are read). */
export const readinessProbeQuery = defineQuery(`count(*[_id == "readiness-probe"])`);

/** The stored file of one image asset, for the image route of the embedded store. */
export const imageAssetPathQuery = defineQuery(`*[_type == "sanity.imageAsset" && _id == $id][0]{path}`);

/** The desk's 유입 경로 list (현장 등록), which marketing keeps in the Studio; empty: the console's default. */
export const deskSourcesQuery = defineQuery(`
  coalesce(*[_type == "leadSettings" && _id == "leadSettings"][0].deskSources, [])
`);

/** The unit types in the CMS's order: the customer's 관심 타입 is chosen among them. */
export const consoleUnitTypesQuery = defineQuery(`
  *[_type == "unitType" && defined(code)] | order(order asc){ code, "label": coalesce(label, code) }
`);

/** The group message (단체 문자) templates marketing keeps, by title. */
export const groupMessageTemplatesQuery = defineQuery(`
  *[_type == "groupMessageTemplate"] | order(title asc){ _id, title, purpose, templateCode, text }
`);

/** The revision a document's published version is at (the webhook waits until it is the one delivered). */
export const documentRevisionQuery = defineQuery(`*[_id == $id][0]._rev`);
