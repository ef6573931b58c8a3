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

// Leads. `leadSettings` is in the public content dataset; `visitSlot` and `lead`
// live in the leads store (never Sanity) and are read only by the server.

/** A lead's name, phone, visit and consent: what a message to the customer needs. */
export const messageLeadQuery = defineQuery(`
  *[_type == "lead" && _id == $id][0]{ name, phone, visitAt, visitSlotStatus, "privacy": consent.privacy }
`);

/** Every lead with the number $phone (digits), whose messages count as that number's. */
export const messageLeadsOfPhoneQuery = defineQuery(`*[_type == "lead" && phone == $phone]._id`);

/** Booked visits on day $day (YYYY-MM-DD): the day-before reminders. */
export const visitsOnDayQuery = defineQuery(`
  *[_type == "lead" && visitSlotStatus == "booked" && string::startsWith(visitAt, $day)]._id
`);

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

/** Visit slots from `$today` (YYYY-MM-DD) on, in time order, with how many places are left. */
export const upcomingVisitSlotsQuery = defineQuery(`
  *[_type == "visitSlot" && date >= $today] | order(date asc, time asc){
    _id, date, time, capacity, "booked": coalesce(booked, 0)
  }
`);

/** One slot with its revision, for booking with optimistic locking. */
export const visitSlotForBookingQuery = defineQuery(`
  *[_type == "visitSlot" && _id == $id][0]{ _id, _rev, date, time, capacity, "booked": coalesce(booked, 0) }
`);

/** The console's slots dated from `$from` up to (not including) `$until`, with revisions, in time order. */
export const consoleSlotsQuery = defineQuery(`
  *[_type == "visitSlot" && date >= $from && date < $until] | order(date asc, time asc, _id asc){
    _id, _rev, date, time, "capacity": coalesce(capacity, 0), "booked": coalesce(booked, 0)
  }
`);

/** The leads holding a place in slot `$id` (their visit time follows the slot's). */
export const slotBookingsQuery = defineQuery(`
  *[_type == "lead" && visitSlot._ref == $id && visitSlotStatus == "booked"]{ _id }
`);

export const leadExistsQuery = defineQuery(`count(*[_type == "lead" && _id == $id]) > 0`);

/** What a retry is compared with: a form token stores one lead and no other. */
export const storedLeadQuery = defineQuery(`
  *[_type == "lead" && _id == $id][0]{
    name, phone, message, formKind, "visitSlotId": visitSlot._ref, "marketing": consent.marketing
  }
`);

/** How many upcoming visits (from `$today`, YYYY-MM-DD) a phone number has booked, lead `$id` aside. */
export const upcomingBookingsOfPhoneQuery = defineQuery(`
  count(*[_type == "lead" && phone == $phone && visitSlotStatus == "booked" && visitAt >= $today && _id != $id])
`);

/** The call results marketing lets 상담사 choose from (unset or empty: the console's default list). */
export const callResultsQuery = defineQuery(`
  coalesce(*[_type == "leadSettings" && _id == "leadSettings"][0].callResults, [])
`);

/** How leads are shared among the sales team (each off unless marketing turned it on). */
export const leadAssignmentSettingsQuery = defineQuery(`
  *[_type == "leadSettings" && _id == "leadSettings"][0]{
    "roundRobin": coalesce(roundRobin, false),
    "salesSeeAllLeads": coalesce(salesSeeAllLeads, false),
    "salesTakeColleagueLeads": coalesce(salesTakeColleagueLeads, false)
  }
`);

/** Who got the last automatically assigned lead (the rotation's place), with its revision. */
export const leadAssignmentRotationQuery = defineQuery(`
  *[_type == "leadAssignmentRotation" && _id == "leadAssignmentRotation"][0]{ _rev, lastEmail }
`);

/** The staff's cap on upcoming visit bookings per phone number (unset: one). */
export const visitBookingsPerPhoneQuery = defineQuery(`
  *[_type == "leadSettings" && _id == "leadSettings"][0].maxVisitBookingsPerPhone
`);

// Campaign statistics (the console's 사이트 방문 통계): the leads of a range of Seoul days with what ties
// them to a campaign and a landing page (the page-view tallies are a table of the sales database).
export const statsLeadsQuery = defineQuery(`
  *[_type == "lead" && createdAt >= $since && createdAt < $until]{
    phone, createdAt, visitAt, landingPage, sourcePage, "utmSource": utm.source, "utmMedium": utm.medium, "utmCampaign": utm.campaign,
    "called": defined(calls[0]), checkedInAt, "status": coalesce(status, "new")
  }
`);

/** Ids of leads created before `$before`: past the retention period. */
export const expiredLeadIdsQuery = defineQuery(`*[_type == "lead" && createdAt < $before]._id`);

// The sales console. Every filter parameter is always passed (null when not filtering), and a
// lead without a status is new. Phone "last four" works on the stored digits.
const consoleLeadMatch = /* groq */ `_type == "lead"
  && ($from == null || createdAt >= $from)
  && ($before == null || createdAt < $before)
  && ($formKind == null || formKind == $formKind)
  && ($visitDay == null || string::startsWith(visitAt, $visitDay))
  && ($status == null || coalesce(status, "new") == $status)
  && ($marketing == null || coalesce(consent.marketing, false) == $marketing)
  && ($utmSource == null || utm.source == $utmSource)
  && ($utmCampaign == null || lower(utm.campaign) == $utmCampaign)
  && ($namePrefix == null || string::startsWith(name, $namePrefix))
  && ($phoneLast4 == null || array::join(string::split(phone, "")[-4..-1], "") == $phoneLast4)
  && ($phone == null || phone == $phone)
  && ($assigneeEmail == null || assignee.email == $assigneeEmail)
  && ($unassigned == null || !defined(assignee.email))
  && ($visibleTo == null || !defined(assignee.email) || assignee.email == $visibleTo)`;
const consoleLeadAfterCursor = /* groq */ `($cursorAt == null || createdAt < $cursorAt || (createdAt == $cursorAt && _id < $cursorId))`;
const consoleLeadFilter = /* groq */ `${consoleLeadMatch}
  && ${consoleLeadAfterCursor}`;
const consoleLeadVisible = /* groq */ `($visibleTo == null || !defined(assignee.email) || assignee.email == $visibleTo)`;

/**
 * The leads the viewer may see, newest first, as keys: the list shows each customer (one phone; a
 * lead without one is a customer of its own) once, as the first of their leads here.
 */
export const consoleLeadKeysQuery = defineQuery(`
  *[_type == "lead" && ${consoleLeadVisible}] | order(createdAt desc, _id desc){ _id, createdAt, phone }
`);

/** The customers (phone, or id without one) with a lead the list's filters match: the list shows those. */
const consoleLeadMatchedCustomers = /* groq */ `array::unique(*[${consoleLeadMatch}]{ "customer": coalesce(phone, _id) }.customer)`;
export const consoleLeadMatchedCustomersQuery = defineQuery(`
  ${consoleLeadMatchedCustomers}
`);

/** The list's rows: the leads `$ids` (each customer's newest the viewer may see), newest first. */
export const consoleLeadListQuery = defineQuery(`
  *[_type == "lead" && _id in $ids] | order(createdAt desc, _id desc){
    _id, createdAt, name, phone, formKind, "status": coalesce(status, "new"), "assigneeName": assignee.name,
    visitAt, "marketing": coalesce(consent.marketing, false), "utmSource": utm.source, "utmCampaign": utm.campaign,
    "lastCallResult": calls[-1].result
  }
`);

// 오늘 할 일: one staff member's (`$assignee`) or everyone's (null) work of the day; at most 100 each.

/**
 * Leads whose last call asked for a 재통화 before `$until` (the end of today): due or overdue, the
 * oldest first. A lead nobody is assigned is the call-back of whoever recorded that call.
 */
export const todayCallsDueQuery = defineQuery(`
  *[_type == "lead" && defined(calls[-1].callbackAt) && calls[-1].callbackAt < $until
    && coalesce(status, "new") != "invalid"
    && ($assignee == null || assignee.email == $assignee || (!defined(assignee.email) && calls[-1].authorEmail == $assignee))]
  | order(calls[-1].callbackAt asc, _id asc)[0...100]{
    _id, name, phone, "status": coalesce(status, "new"), "assigneeName": assignee.name,
    "callbackAt": calls[-1].callbackAt, "lastCallResult": calls[-1].result
  }
`);

/** The leads booked for a visit on `$day` (a place held), in time order, with their check-in. */
export const todayVisitsQuery = defineQuery(`
  *[_type == "lead" && visitSlotStatus == "booked" && string::startsWith(visitAt, $day)
    && ($assignee == null || assignee.email == $assignee)]
  | order(visitAt asc, _id asc)[0...100]{
    _id, name, phone, "status": coalesce(status, "new"), "assigneeName": assignee.name, visitAt, checkedInAt
  }
`);

/**
 * New leads nobody has called yet: the staff member's own, then the unassigned ones (a launch's
 * pool of unassigned leads must not push their own past the page), each the longest waiting first.
 */
export const todayNewLeadsQuery = defineQuery(`
  *[_type == "lead" && coalesce(status, "new") == "new" && !defined(calls[0])
    && ($assignee == null || assignee.email == $assignee || !defined(assignee.email))]
  | order(select($assignee != null && assignee.email == $assignee => 0, 1) asc, createdAt asc, _id asc)[0...100]{
    _id, name, phone, createdAt, "assigneeName": assignee.name
  }
`);

/** A page of 500 rows of the console's export: the list's filters and order, every field. */
export const consoleLeadExportQuery = defineQuery(`
  *[${consoleLeadFilter}] | order(createdAt desc, _id desc)[0...500]{
    _id, createdAt, name, phone, message, formKind, "status": coalesce(status, "new"), "assigneeName": assignee.name,
    visitAt, visitSlotStatus, consent, sourcePage, utm, checkedInAt,
    memos[]{ at, authorName, text }, calls[]{ at, result, callbackAt }
  }
`);

/** How many customers the list's filters match: a phone once, a lead without one on its own. */
// From the string, not the query above: a query built from another's value stays in every
// client bundle that imports this module (the bundler cannot drop it).
export const consoleLeadCountQuery = defineQuery(`count(${consoleLeadMatchedCustomers})`);

/** Every campaign name the leads carry (the list's campaign choice). */
export const consoleLeadCampaignsQuery = defineQuery(`array::unique(*[_type == "lead" && defined(utm.campaign)].utm.campaign)`);

/**
 * Every registration with one phone number (one customer), newest first, for the lead page; phones
 * are stored as digits only, so one number however it was typed is one key.
 */
export const consoleCustomerRegistrationsQuery = defineQuery(`
  *[_type == "lead" && phone == $phone] | order(createdAt desc, _id desc)[0...50]{
    _id, createdAt, formKind, "status": coalesce(status, "new"), "utmSource": utm.source, "utmCampaign": utm.campaign
  }
`);

/** How many registrations each of the given phone numbers has (the list's 등록 N회). */
export const consoleRegistrationCountsQuery = defineQuery(`
  *[_type == "lead" && phone in $phones]{ phone }
`);

/** One lead as the console's lead page shows it, with its revision. */
export const consoleLeadQuery = defineQuery(`
  *[_type == "lead" && _id == $id][0]{
    _id, _rev, createdAt, name, phone, message, formKind, sourcePage, utm, consent,
    "visitSlotId": visitSlot._ref, visitAt, visitSlotStatus, "status": coalesce(status, "new"),
    assignee, checkedInAt, memos[]{ _key, authorEmail, authorName, at, text },
    calls[]{ _key, result, callbackAt, authorEmail, authorName, at }
  }
`);

/** The day's (`$date`) visit slots with the leads that booked them, for the reception desk. */
export const consoleVisitSheetQuery = defineQuery(`
  *[_type == "visitSlot" && date == $date] | order(time asc, _id asc){
    _id, time, "capacity": coalesce(capacity, 0), "booked": coalesce(booked, 0),
    "bookings": *[_type == "lead" && visitSlot._ref == ^._id && visitSlotStatus == "booked"] | order(createdAt asc, _id asc){
      _id, _rev, name, phone, "status": coalesce(status, "new"), "assigneeName": assignee.name, "lastMemo": memos[-1].text, checkedInAt
    }
  }
`);

/** Walk-ins of `$date` (their visit is the day they came): on the sheet though they hold no slot place. */
export const consoleWalkInsQuery = defineQuery(`
  *[_type == "lead" && formKind == "walkIn" && string::startsWith(visitAt, $date) && visitSlotStatus != "booked"] | order(visitAt asc, _id asc){
    _id, _rev, name, phone, "status": coalesce(status, "new"), "assigneeName": assignee.name, "lastMemo": memos[-1].text, checkedInAt
  }
`);

/** Leads created at or after `$since` (ISO date-time), for the dashboard's counts. */
export const consoleRecentLeadsQuery = defineQuery(`
  *[_type == "lead" && createdAt >= $since]{ createdAt, formKind, "source": utm.source }
`);

/** Visit slots dated from `$from` up to (not including) `$until`, for the dashboard's fill rate. */
export const consoleSlotFillQuery = defineQuery(`
  *[_type == "visitSlot" && date >= $from && date < $until]{ date, "capacity": coalesce(capacity, 0), "booked": coalesce(booked, 0) }
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

/** Customers' names by lead id: the audit page names each record's customer (masked). */
export const leadNamesQuery = defineQuery(`*[_type == "lead" && _id in $ids]{ _id, name }`);

/**
 * One page of an old Sanity leads dataset moved into the leads database (`npm run leads -- import-sanity`): published
 * documents in id order after `$after` (drafts and Sanity's own `_.` documents stay behind).
 */
export const leadsDatasetPageQuery = defineQuery(`
  *[_id > $after && !(_id in path("drafts.**")) && !(_id in path("_.**"))] | order(_id asc) [0...500]
`);

/** The desk's 유입 경로 list (현장 등록), which marketing keeps in the Studio; empty: the console's default. */
export const deskSourcesQuery = defineQuery(`
  coalesce(*[_type == "leadSettings" && _id == "leadSettings"][0].deskSources, [])
`);

/** The unit types in the CMS's order: the customer's 관심 타입 is chosen among them. */
export const consoleUnitTypesQuery = defineQuery(`
  *[_type == "unitType" && defined(code)] | order(order asc){ code, "label": coalesce(label, code) }
`);
