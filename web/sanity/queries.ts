/**
 * Every GROQ query of the site. Values reach a query only through `$params`, never by string
 * interpolation; fragments below are plain GROQ strings shared by several queries.
 */
import { defineQuery } from 'groq';

const imageFields = /* groq */ `{ _type, asset, hotspot, crop, alt, disclaimer, caption }`;

const seoFields = /* groq */ `{ title, description, noIndex, ogImage ${imageFields} }`;

export const siteSettingsQuery = defineQuery(`
  *[_type == "siteSettings" && _id == "siteSettings"][0]{
    brandName, builder, phone, consultationHours, address, siteUrl, pressSiteSlug,
    facts, copyrightYear, footerDisclaimer,
    familySites[]{ _key, label, href, newTab },
    promoBanner{ text, href },
    naverSiteVerification, kakaoChannelUrl, applyHomeUrl,
    ogImage ${imageFields},
    menu[]{ _key, title, items[]{ _key, label, href } },
    defaultSeo ${seoFields}
  }
`);

export const homePageQuery = defineQuery(`
  *[_type == "homePage" && _id == "homePage"][0]{
    hero{ eyebrow, title, subtitle, ctaLabel, image ${imageFields} },
    locationPoints[]{ _key, title, text },
    brandIntro{ title, text, linkLabel },
    premiumTitle,
    specialPlan{ title, text, image ${imageFields} },
    unitPlanTitle,
    interestForm{ title, text },
    seo ${seoFields}
  }
`);

export const pageByPathQuery = defineQuery(`
  *[_type == "page" && path == $path][0]{
    _id, path, title, group,
    banner{ title, text, image ${imageFields} },
    intro,
    sections[]{ _key, heading, body, notes, image ${imageFields} },
    notes,
    seo ${seoFields}
  }
`);

export const overviewRowsQuery = defineQuery(`
  *[_type == "overviewRow"] | order(order asc){ _id, label, value }
`);

/**
 * One page of press articles, newest first. The cursor is the last row's (date, _id): ordering
 * and the cursor both use the pair, so articles with equal dates are never skipped or repeated.
 */
export const pressListQuery = defineQuery(`
  *[_type == "pressArticle" && siteId == $siteId && (
    $cursorDate == null || date < $cursorDate || (date == $cursorDate && _id < $cursorId)
  )] | order(date desc, _id desc)[0...10]{ _id, title, summary, date, views }
`);
