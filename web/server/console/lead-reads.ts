/**
 * What the lead console reads, in the GROQ queries' own result shapes. The server reads in SQL
 * (./sqlite-reads.ts, ./postgres-reads.ts) from indexes; the GROQ implementation reads any leads
 * source, and a contract test holds the SQL ones to its answers.
 */
import {
  consoleCustomerRegistrationsQuery,
  consoleLeadCampaignsQuery,
  consoleLeadCountQuery,
  consoleLeadExportQuery,
  consoleLeadQuery,
  consoleRecentLeadsQuery,
  consoleRegistrationCountsQuery,
  consoleSlotFillQuery,
  consoleVisitSheetQuery,
  consoleWalkInsQuery,
} from '../../sanity/queries';
import type {
  ConsoleCustomerRegistrationsQueryResult,
  ConsoleLeadExportQueryResult,
  ConsoleLeadListQueryResult,
  ConsoleLeadQueryResult,
  ConsoleSlotFillQueryResult,
  ConsoleVisitSheetQueryResult,
  ConsoleWalkInsQueryResult,
} from '../../sanity/sanity.types';
import type { ContentSource } from '../content/types';
import { groqCustomerPage } from './groq-customers';
import { cursorParams, type LeadCursor, type LeadFilterParams } from './lead-query';
import { seoulDay } from '../../shared/seoul-time';

/** Leads created since a moment, counted per Seoul day, per form and per utm_source. */
export type LeadTallies = {
  byDay: Map<string, number>;
  byForm: Map<string, number>;
  bySource: Map<string | null, number>;
};

/** The most rows a list read returns (the largest page and one more). */
export const LIST_READ_MAX = 201;
/** Rows per export read, as consoleLeadExportQuery slices: memory holds one page, whatever the total. */
export const EXPORT_PAGE_ROWS = 500;
/** The most registrations the lead page lists for one customer, as consoleCustomerRegistrationsQuery slices. */
export const CUSTOMER_REGISTRATIONS_MAX = 50;

export interface LeadReads {
  /**
   * Up to `limit` (at most LIST_READ_MAX) customers after `cursor`, newest first: each the newest
   * lead of its phone the viewer may see, listed when any of the customer's leads matches the filters.
   */
  listPage(filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<ConsoleLeadListQueryResult>;
  /** How many customers the list shows, on every page. */
  count(filters: LeadFilterParams): Promise<number>;
  /** Every campaign name the leads carry, each spelling once. */
  campaigns(): Promise<string[]>;
  /** The next EXPORT_PAGE_ROWS leads after `cursor`, newest first. */
  exportPage(filters: LeadFilterParams, cursor: LeadCursor | null): Promise<ConsoleLeadExportQueryResult>;
  lead(id: string): Promise<ConsoleLeadQueryResult>;
  /** The registrations of one customer (every lead with this stored phone), newest first, at most CUSTOMER_REGISTRATIONS_MAX. */
  registrations(phone: string): Promise<ConsoleCustomerRegistrationsQueryResult>;
  /** How many registrations each of `phones` has (a phone with none is left out). */
  registrationCounts(phones: string[]): Promise<Map<string, number>>;
  visitSheet(date: string): Promise<ConsoleVisitSheetQueryResult>;
  /** The walk-ins of a day (YYYY-MM-DD), who hold no slot place, earliest first. */
  walkIns(date: string): Promise<ConsoleWalkInsQueryResult>;
  /** Leads created at or after `since` (ISO instant). */
  tallies(since: string): Promise<LeadTallies>;
  /** Slots dated from `from` up to, not including, `until` (YYYY-MM-DD). */
  slotFill(from: string, until: string): Promise<ConsoleSlotFillQueryResult>;
  /** Releases a connection of its own, if it has one. */
  close?(): void;
}

export function groqLeadReads(leads: ContentSource): LeadReads {
  return {
    listPage: (filters, cursor, limit) => groqCustomerPage(leads, filters, cursor, limit),
    count: (filters) => leads.fetch(consoleLeadCountQuery, { ...filters, ...cursorParams(null) }),
    campaigns: () => leads.fetch(consoleLeadCampaignsQuery),
    exportPage: (filters, cursor) => leads.fetch(consoleLeadExportQuery, { ...filters, ...cursorParams(cursor) }),
    lead: (id) => leads.fetch(consoleLeadQuery, { id }),
    registrations: (phone) => leads.fetch(consoleCustomerRegistrationsQuery, { phone }),
    async registrationCounts(phones) {
      const counts = new Map<string, number>();
      if (phones.length === 0) return counts;
      for (const { phone } of await leads.fetch(consoleRegistrationCountsQuery, { phones })) if (phone) countIn(counts, phone);
      return counts;
    },
    visitSheet: (date) => leads.fetch(consoleVisitSheetQuery, { date }),
    walkIns: (date) => leads.fetch(consoleWalkInsQuery, { date }),
    async tallies(since) {
      const tallies: LeadTallies = { byDay: new Map(), byForm: new Map(), bySource: new Map() };
      for (const lead of await leads.fetch(consoleRecentLeadsQuery, { since })) {
        if (!lead.createdAt) continue;
        countIn(tallies.byDay, seoulDay(Date.parse(lead.createdAt)));
        if (lead.formKind) countIn(tallies.byForm, lead.formKind);
        countIn(tallies.bySource, lead.source);
      }
      return tallies;
    },
    slotFill: (from, until) => leads.fetch(consoleSlotFillQuery, { from, until }),
  };
}

function countIn<Key>(counts: Map<Key, number>, key: Key): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}
