import { lead } from './documents/lead';
import { leadAssignmentRotation } from './documents/leadAssignmentRotation';
import { locationCard } from './documents/locationCard';
import { overviewRow } from './documents/overviewRow';
import { page } from './documents/page';
import { premiumCard } from './documents/premiumCard';
import { premiumSlide } from './documents/premiumSlide';
import { pressArticle } from './documents/pressArticle';
import { unitType } from './documents/unitType';
import { videoTab } from './documents/videoTab';
import { visitSlot } from './documents/visitSlot';
import { blockContent } from './objects/blockContent';
import { householdFacts } from './objects/householdFacts';
import { imageWithAlt } from './objects/imageWithAlt';
import { infoTable } from './objects/infoTable';
import { link } from './objects/link';
import { menuGroup } from './objects/menuGroup';
import { pageSection } from './objects/pageSection';
import { seo } from './objects/seo';
import { homePage } from './singletons/homePage';
import { leadSettings } from './singletons/leadSettings';
import { siteSettings } from './singletons/siteSettings';

/** Singletons have exactly one document each, whose `_id` equals the type name. */
export const singletonTypeNames = [siteSettings.name, homePage.name, leadSettings.name] as const;

/**
 * Documents of the leads store (the embedded leads database or PostgreSQL, never a Sanity dataset):
 * leads, the visit slots staff manage in the console and where automatic assignment stands. (Ad
 * spend, the page-view tallies and the staff accounts are tables of the sales database:
 * web/server/database.)
 */
const leadStoreDocumentTypes = [lead, visitSlot, leadAssignmentRotation];

/** The leads store's type names: the Studio neither creates nor changes them. */
export const leadTypeNames = leadStoreDocumentTypes.map(({ name }) => name);

export const objectTypes = [imageWithAlt, seo, link, menuGroup, pageSection, blockContent, householdFacts, infoTable];

export const contentDocumentTypes = [
  siteSettings,
  homePage,
  leadSettings,
  page,
  unitType,
  premiumSlide,
  premiumCard,
  locationCard,
  overviewRow,
  videoTab,
  pressArticle,
];

/**
 * Every type. The leads store's types are included so typegen types the server's GROQ queries on
 * that store; the Studio hides them from its desk and its "new document" menu and offers no action on them.
 */
export const schemaTypes = [...contentDocumentTypes, ...leadStoreDocumentTypes, ...objectTypes];
