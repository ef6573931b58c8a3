/**
 * Whether a customer matches the console list's filters, as SQL for SQLite and PostgreSQL: its own
 * columns, its registrations (read from the customers or from the registrations, whichever finds
 * fewer) and its visits. The list (./customer-list.ts), its count (./customer-count.ts) and the
 * group messages ask it.
 */
import { expressionBuilder, sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import type { LeadFilterParams } from './lead-query';
import { onVisitDay, VISIT_STATUSES } from './visit-reads';
import { hasSource } from './customer-sources';

/** Above every character: `name < prefix || MAX` bounds the names that start with `prefix`. */
const MAX_CHARACTER = '\u{10FFFF}';

export type CustomersBuilder = ExpressionBuilder<SalesTables, 'customers'>;

const registrationFilterSet = (filters: LeadFilterParams) => filters.utmSource !== null || registrationsAsked(filters);

/** Whether a registration filter asks what the customer's row does not keep (its sources it does: ./customer-sources.ts). */
const registrationsAsked = (filters: LeadFilterParams) =>
  filters.from !== null || filters.before !== null || filters.formKind !== null || filters.utmCampaign !== null;

/**
 * How a registration filter is read: walking the customers newest first and looking for a matching
 * registration of each (quick when many match: a page is found early), or from the matching
 * registrations' own index to their customers (quick when few match).
 */
export type Drive = 'fromCustomers' | 'fromRegistrations';

/** Up to this many matching registrations, a filter reads them first (see Drive). */
const FEW_REGISTRATIONS = 5_000;

function matchingRegistrations(eb: CustomersBuilder, filters: LeadFilterParams) {
  return eb.selectFrom('registrations').where(registrationMatches('registrations', filters));
}

/** Whether the registration under `alias` meets every registration filter (period, form, source, campaign). */
export function registrationMatches(alias: 'registrations' | 'matched' | 'later', filters: LeadFilterParams): Expression<SqlBool> {
  const eb = expressionBuilder<SalesTables, keyof SalesTables>();
  const column = (name: 'created_at' | 'form_kind' | 'utm_source' | 'campaign_key') => sql.ref<string>(`${alias}.${name}`);
  const conditions: Expression<SqlBool>[] = [];
  if (filters.from !== null) conditions.push(eb(column('created_at'), '>=', filters.from));
  if (filters.before !== null) conditions.push(eb(column('created_at'), '<', filters.before));
  if (filters.formKind !== null) conditions.push(eb(column('form_kind'), '=', filters.formKind));
  if (filters.utmSource !== null) conditions.push(eb(column('utm_source'), '=', filters.utmSource));
  if (filters.utmCampaign !== null) conditions.push(eb(column('campaign_key'), '=', filters.utmCampaign));
  return eb.and(conditions);
}

/** Which way the filters' registrations are read (see Drive): one count of at most FEW_REGISTRATIONS index entries. */
export async function driveOf(sales: SalesDatabase, filters: LeadFilterParams): Promise<Drive> {
  if (!registrationFilterSet(filters)) return 'fromCustomers';
  const found = await sales.db
    .selectFrom(matchingRegistrations(expressionBuilder<SalesTables, 'customers'>(), filters).select(sql.lit(1).as('one')).limit(FEW_REGISTRATIONS).as('few'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow();
  return Number(found.count) < FEW_REGISTRATIONS ? 'fromRegistrations' : 'fromCustomers';
}

/**
 * Whether a customer matches `filters`: its own fields (status, 담당자, consent, name, phone),
 * one of its registrations every registration filter (period, form, source, campaign), and a
 * visit of its on `visitDay`.
 */
export function customerMatches(eb: CustomersBuilder, filters: LeadFilterParams, drive: Drive = 'fromCustomers'): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filters.status !== null) conditions.push(eb('customers.status', '=', filters.status));
  if (filters.assigneeEmail !== null) conditions.push(eb('customers.assignee_email', '=', filters.assigneeEmail));
  if (filters.unassigned) conditions.push(eb('customers.assignee_email', 'is', null));
  if (filters.visibleTo !== null) conditions.push(eb.or([eb('customers.assignee_email', 'is', null), eb('customers.assignee_email', '=', filters.visibleTo)]));
  if (filters.marketing !== null) conditions.push(eb('customers.marketing_consent', '=', filters.marketing ? 1 : 0));
  if (filters.namePrefix !== null) {
    const prefix = filters.namePrefix;
    // The range finds the names by the index (text compares by code point on SQLite); the prefix check keeps it exact under any collation.
    conditions.push(
      eb('customers.name', '>=', prefix),
      eb('customers.name', '<', prefix + MAX_CHARACTER),
      eb(eb.fn('substr', ['customers.name', eb.val(1), eb.val(prefix.length)]), '=', prefix),
    );
  }
  if (filters.phoneLast4 !== null) conditions.push(eb('customers.phone_last4', '=', filters.phoneLast4));
  if (filters.phone !== null) conditions.push(eb('customers.phone', '=', filters.phone));
  if (filters.interestType) conditions.push(eb('customers.interest_type', '=', filters.interestType));
  if (filters.subscription) conditions.push(eb('customers.subscription', '=', filters.subscription));
  if (filters.funding) conditions.push(eb('customers.funding_plan', '=', filters.funding));
  if (drive === 'fromRegistrations') {
    conditions.push(eb('customers.id', 'in', matchingRegistrations(eb, filters).select('registrations.customer_id')));
  } else if (registrationFilterSet(filters)) {
    // The walk over customers: a source is on the customer's row (read from the index the walk
    // reads); a registration is never later than its customer's last nor earlier than its first,
    // so the walk stops at the period's bounds; the registrations are looked up for what is left.
    if (filters.utmSource !== null) conditions.push(hasSource(filters.utmSource));
    if (filters.from !== null) conditions.push(eb('customers.last_registered_at', '>=', filters.from));
    if (filters.before !== null) conditions.push(eb('customers.first_registered_at', '<', filters.before));
    if (registrationsAsked(filters))
      conditions.push(eb.exists(matchingRegistrations(eb, filters).select(sql.lit(1).as('one')).whereRef('registrations.customer_id', '=', 'customers.id')));
  }
  if (filters.visitDay !== null) {
    const day = filters.visitDay;
    // A day's visits are few: read from their index.
    conditions.push(
      eb(
        'customers.id',
        'in',
        eb
          .selectFrom('bookings')
          .select('bookings.customer_id')
          .where('bookings.status', 'in', VISIT_STATUSES)
          .where((booking) => onVisitDay(booking, day)),
      ),
    );
  }
  return eb.and(conditions);
}
/** Whether registration `other` comes after (`>`) or before (`<`) registration `than`: by time, ties by id. */
export function registrationBeyond(other: string, than: string, beyond: '<' | '>'): Expression<SqlBool> {
  const eb = expressionBuilder<SalesTables, keyof SalesTables>();
  const at = (alias: string) => sql.ref<string>(`${alias}.created_at`);
  const id = (alias: string) => sql.ref<string>(`${alias}.id`);
  return eb.or([eb(at(other), beyond, at(than)), eb.and([eb(at(other), '=', at(than)), eb(id(other), beyond, id(than))])]);
}
