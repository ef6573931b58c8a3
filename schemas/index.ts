import { auditEvent } from './documents/auditEvent';
import { lead } from './documents/lead';
import { leadAssignmentRotation } from './documents/leadAssignmentRotation';
import { locationCard } from './documents/locationCard';
import { overviewRow } from './documents/overviewRow';
import { page } from './documents/page';
import { pageViewDay } from './documents/pageViewDay';
import { premiumCard } from './documents/premiumCard';
import { premiumSlide } from './documents/premiumSlide';
import { pressArticle } from './documents/pressArticle';
import { pressViews } from './documents/pressViews';
import { staffAccount } from './documents/staffAccount';
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

/** Types only the site's server writes: read-only in the Studio, never created there. */
export const serverWrittenTypeNames = [pressViews.name] as const;

/** Types stored only in the private leads dataset, never in the public content dataset. */
export const leadTypeNames = [lead.name, visitSlot.name, staffAccount.name, auditEvent.name, pageViewDay.name, leadAssignmentRotation.name] as const;

/**
 * The leads workspace's types: leads, staff accounts, the audit trail and the page-view statistics
 * (read-only), the visit slots staff define and where automatic assignment stands (read-only).
 */
export const leadDocumentTypes = [lead, visitSlot, staffAccount, auditEvent, pageViewDay, leadAssignmentRotation];

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
  pressViews,
];

/**
 * Every type. The lead types are included so typegen emits their types and both Studio workspaces
 * share one schema; the content workspace hides them from its desk and its "new document" menu.
 */
export const schemaTypes = [...contentDocumentTypes, ...leadDocumentTypes, ...objectTypes];
