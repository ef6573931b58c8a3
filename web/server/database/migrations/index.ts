/**
 * The one migrations tree of the sales tables, run on SQLite and PostgreSQL alike. Listed here,
 * not read from a folder, because the server runs as one bundle. Names sort in the order they run.
 */
import type { Migration, MigrationProvider } from 'kysely/migration';
import * as adSpend from './0001-ad-spend';
import * as adSpendFromDocuments from './0002-ad-spend-from-documents';
import * as pageViewTallies from './0003-page-view-tallies';
import * as staffAccounts from './0004-staff-accounts';
import * as pressViewCounts from './0005-press-view-counts';
import * as messageLog from './0006-message-log';
import * as customers from './0007-customers';
import * as customerReadIndexes from './0008-customer-read-indexes';
import * as registrationTallies from './0009-registration-tallies';
import * as todayWorkAssignmentIndex from './0010-today-work-assignment-index';
import * as customerTallies from './0011-customer-tallies';
import * as bookingsVisitCounts from './0012-bookings-visit-counts';
import * as assignmentTurns from './0013-assignment-turns';
import * as assignmentSettings from './0014-assignment-settings';
import * as registrationCompanions from './0015-registration-companions';
import * as customerProfile from './0016-customer-profile';
import * as teamPerformance from './0018-team-performance';
import * as groupMessages from './0019-group-messages';
import * as customerListIndexes from './0020-customer-list-indexes';
import * as customerMarketingIndex from './0021-customer-marketing-index';
import * as personalDataStatistics from './0022-personal-data-statistics';
import * as customerSources from './0023-customer-sources';
import * as callbackIndexStatus from './0024-callback-index-status';
import * as last4IndexAssignee from './0025-last4-index-assignee';

const MIGRATIONS: Record<string, Migration> = {
  '0001-ad-spend': adSpend,
  '0002-ad-spend-from-documents': adSpendFromDocuments,
  '0003-page-view-tallies': pageViewTallies,
  '0004-staff-accounts': staffAccounts,
  '0005-press-view-counts': pressViewCounts,
  '0006-message-log': messageLog,
  '0007-customers': customers,
  '0008-customer-read-indexes': customerReadIndexes,
  '0009-registration-tallies': registrationTallies,
  '0010-today-work-assignment-index': todayWorkAssignmentIndex,
  '0011-customer-tallies': customerTallies,
  '0012-bookings-visit-counts': bookingsVisitCounts,
  '0013-assignment-turns': assignmentTurns,
  '0014-assignment-settings': assignmentSettings,
  '0015-registration-companions': registrationCompanions,
  '0016-customer-profile': customerProfile,
  '0018-team-performance': teamPerformance,
  '0019-group-messages': groupMessages,
  '0020-customer-list-indexes': customerListIndexes,
  '0021-customer-marketing-index': customerMarketingIndex,
  '0022-personal-data-statistics': personalDataStatistics,
  '0023-customer-sources': customerSources,
  '0024-callback-index-status': callbackIndexStatus,
  '0025-last4-index-assignee': last4IndexAssignee,
};

export const salesMigrations: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
