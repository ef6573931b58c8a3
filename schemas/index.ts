import { groupMessageTemplate } from './documents/groupMessageTemplate';
import { locationCard } from './documents/locationCard';
import { overviewRow } from './documents/overviewRow';
import { page } from './documents/page';
import { premiumCard } from './documents/premiumCard';
import { premiumSlide } from './documents/premiumSlide';
import { pressArticle } from './documents/pressArticle';
import { unitType } from './documents/unitType';
import { videoTab } from './documents/videoTab';
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
  groupMessageTemplate,
];

/**
 * Every type: what editors edit in the Studio. The sales data (customers, registrations, visit
 * slots and bookings, accounts…) is in the sales database's tables (web/server/database), not here.
 */
export const schemaTypes = [...contentDocumentTypes, ...objectTypes];
