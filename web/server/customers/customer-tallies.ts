/**
 * What each customer's rows say, kept as they change, so that the reads of a million registrations
 * are index ranges and tallies rather than joins:
 * - on the customer's row: its facts (customer-facts.ts says what they are) — 오늘 할 일 reads
 *   these through partial indexes;
 * - in customer_tallies: the customers per Seoul day and form, source, campaign or landing page
 *   they registered under, with the day they last did so before (see CustomerTallyTable), and how
 *   many of them were called, came and contracted — the month's customers and funnel add these up.
 * Every change of a customer's registrations, calls, bookings, status or 담당자 calls
 * retallyCustomer in its transaction; a deleted customer is taken out by untallyCustomerSteps.
 * recountCustomerTallies counts everything again from the rows (the same definitions, in SQL).
 */
import { sql, SqliteAdapter, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { seoulDay } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import { GroupCounters, POSTGRES_COUNTER_SHARDS, type CounterRow, type CounterWriter } from '../database/group-commit';
import type { SalesTables } from '../database/tables';
import { factsOf } from './customer-facts';

/** What customers are counted by: 'all' counts each customer once (its value is ''). */
export const TALLY_DIMENSIONS = ['all', 'formKind', 'utmSource', 'campaignKey', 'landingPage'] as const;
export type TallyDimension = (typeof TALLY_DIMENSIONS)[number];

type Dialect = SalesDatabase['dialect'];

type Steps = { called: boolean; step: number };
type TallyRow = { dimension: TallyDimension; value: string; day: string; previous_day: string };
type TallyCounts = { customers: number; called: number; visited: number; contracted: number };
export type StoredRegistration = {
  id: string;
  created_at: string;
  form_kind: string;
  utm_source: string | null;
  campaign_key: string | null;
  landing_page: string | null;
  source_page: string | null;
};

const valuesOf = (registration: StoredRegistration): Record<TallyDimension, string> => ({
  all: '',
  formKind: registration.form_kind,
  utmSource: registration.utm_source ?? '',
  campaignKey: registration.campaign_key ?? '',
  // Where the visit began, or the form's page when the visit's first page is not known.
  landingPage: registration.landing_page ?? registration.source_page ?? '',
});

const keyOf = (row: TallyRow) => JSON.stringify([row.dimension, row.value, row.day, row.previous_day]);

/** One customer's part of the tallies: each day it registered under each value, after the one before. */
function contribution(registrations: readonly StoredRegistration[], steps: Steps): Map<string, TallyRow & TallyCounts> {
  const days = new Map<string, { dimension: TallyDimension; value: string; days: Set<string> }>();
  for (const registration of registrations) {
    const day = seoulDay(Date.parse(registration.created_at));
    for (const [dimension, value] of Object.entries(valuesOf(registration)) as Array<[TallyDimension, string]>) {
      const key = JSON.stringify([dimension, value]);
      const entry = days.get(key) ?? { dimension, value, days: new Set<string>() };
      entry.days.add(day);
      days.set(key, entry);
    }
  }
  const counts = { customers: 1, called: steps.called ? 1 : 0, visited: steps.step >= 1 ? 1 : 0, contracted: steps.step === 2 ? 1 : 0 };
  const rows = new Map<string, TallyRow & TallyCounts>();
  for (const { dimension, value, days: set } of days.values()) {
    let previous = '';
    for (const day of [...set].sort()) {
      const row = { dimension, value, day, previous_day: previous, ...counts };
      rows.set(keyOf(row), row);
      previous = day;
    }
  }
  return rows;
}

const COUNT_NAMES = ['customers', 'called', 'visited', 'contracted'] as const;

const customerTallies: CounterWriter<SalesTables> = {
  name: 'customer_tallies',
  write: async (trx, shard, rows) => {
    await trx
      .insertInto('customer_tallies')
      .values(
        rows.map(({ fields, counts }) => ({
          dimension: fields.dimension as TallyDimension,
          value: fields.value!,
          day: fields.day!,
          previous_day: fields.previous_day!,
          shard,
          customers: counts.customers ?? 0,
          called: counts.called ?? 0,
          visited: counts.visited ?? 0,
          contracted: counts.contracted ?? 0,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['dimension', 'day', 'value', 'previous_day', 'shard'])
          .doUpdateSet(Object.fromEntries(COUNT_NAMES.map((name) => [name, sql`customer_tallies.${sql.ref(name)} + excluded.${sql.ref(name)}`]))),
      )
      .execute();
  },
};

/**
 * Adds `after - before` to the group's counters (written when it commits), or else writes it at
 * once into the connection's shard: one statement for every key that changed.
 */
async function applyDifference(
  trx: Transaction<SalesTables>,
  dialect: Dialect,
  before: Map<string, TallyRow & TallyCounts>,
  after: Map<string, TallyRow & TallyCounts>,
  counters?: GroupCounters<SalesTables>,
): Promise<void> {
  const zero = { customers: 0, called: 0, visited: 0, contracted: 0 };
  const rows: CounterRow[] = [];
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key) ?? zero;
    const is = after.get(key) ?? zero;
    const { dimension, value, day, previous_day: previousDay } = (after.get(key) ?? before.get(key))!;
    const counts = {
      customers: is.customers - was.customers,
      called: is.called - was.called,
      visited: is.visited - was.visited,
      contracted: is.contracted - was.contracted,
    };
    rows.push({ key, fields: { dimension, value, day, previous_day: previousDay }, counts });
  }
  if (counters) return counters.add(customerTallies, rows);
  const summed = new GroupCounters<SalesTables>();
  summed.add(customerTallies, rows);
  await summed.write(trx, dialect === 'postgres' ? sql<number>`pg_backend_pid() % ${POSTGRES_COUNTER_SHARDS}` : 0);
}

const registrationsOf = (trx: Transaction<SalesTables>, customerId: string) =>
  trx
    .selectFrom('registrations')
    .select(['id', 'created_at', 'form_kind', 'utm_source', 'campaign_key', 'landing_page', 'source_page'])
    .where('customer_id', '=', customerId)
    .execute();

/**
 * Brings customer `customerId`'s facts and its part of the tallies up to its rows, after a change
 * in the caller's transaction. `newRegistrationId`: the registration the change added (the tallies
 * held the customer without it).
 */
export async function retallyCustomer(
  trx: Transaction<SalesTables>,
  dialect: Dialect,
  customerId: string,
  newRegistrationId?: string,
  counters?: GroupCounters<SalesTables>,
): Promise<void> {
  const stored = await trx.selectFrom('customers').select(['last_call_at', 'funnel_step']).where('id', '=', customerId).executeTakeFirst();
  if (!stored) return;
  const now = await trx
    .updateTable('customers')
    .set((eb) => factsOf(eb))
    .where('id', '=', customerId)
    .returning(['last_call_at', 'funnel_step'])
    .executeTakeFirstOrThrow();
  const before: Steps = { called: stored.last_call_at !== null, step: stored.funnel_step };
  const after: Steps = { called: now.last_call_at !== null, step: now.funnel_step };
  const stepsChanged = before.called !== after.called || before.step !== after.step;
  if (!stepsChanged && newRegistrationId === undefined) return;
  const registrations = await registrationsOf(trx, customerId);
  const earlier = registrations.filter((registration) => registration.id !== newRegistrationId);
  await applyDifference(trx, dialect, contribution(earlier, before), contribution(registrations, after), counters);
}

/**
 * Counts a customer that `registration` has just created, neither called nor come yet (a site
 * form, a phone-in): what retallyCustomer would find, without reading it back. Its facts are
 * the customer row's first values.
 */
export async function tallyNewCustomer(
  trx: Transaction<SalesTables>,
  dialect: Dialect,
  registration: StoredRegistration,
  counters?: GroupCounters<SalesTables>,
): Promise<void> {
  await applyDifference(trx, dialect, new Map(), contribution([registration], { called: false, step: 0 }), counters);
}

/** Takes customer `customerId` out of the tallies, before it is deleted. */
export async function untallyCustomerSteps(trx: Transaction<SalesTables>, dialect: Dialect, customerId: string): Promise<void> {
  const stored = await trx.selectFrom('customers').select(['last_call_at', 'funnel_step']).where('id', '=', customerId).executeTakeFirst();
  if (!stored) return;
  const registrations = await registrationsOf(trx, customerId);
  await applyDifference(trx, dialect, contribution(registrations, { called: stored.last_call_at !== null, step: stored.funnel_step }), new Map());
}

/**
 * 고객 who registered under `value` of `dimension` (for 'all', value '') on the Seoul days `from`
 * to `to`, each once: the rows of the first day each registered there in the period. An open end
 * counts from the first day or to the last.
 */
export async function customersRegisteredUnder(
  sales: SalesDatabase,
  dimension: TallyDimension,
  value: string,
  from: string | null,
  to: string | null,
): Promise<number> {
  // Days are YYYY-MM-DD and a customer's first day under the value has previous_day '': this start
  // comes before every day and after ''.
  const start = from ?? '0000-01-01';
  const row = await sales.db
    .selectFrom('customer_tallies')
    .select((eb) => eb.fn.sum<number | string | null>('customers').as('count'))
    .where('dimension', '=', dimension)
    .where('value', '=', value)
    .where('day', '>=', start)
    .$if(to !== null, (query) => query.where('day', '<=', to!))
    .where('previous_day', '<', start)
    .executeTakeFirstOrThrow();
  return Number(row.count ?? 0);
}

/** The Seoul day (YYYY-MM-DD) of an ISO instant column (UTC, 'Z'): Korea keeps UTC+9 all year. */
export function seoulDaySql(dialect: Dialect, column: string): RawBuilder<string> {
  return dialect === 'sqlite'
    ? sql<string>`date(${sql.ref(column)}, '+9 hours')`
    : sql<string>`to_char(CAST(${sql.ref(column)} AS timestamptz) AT TIME ZONE 'UTC' + interval '9 hours', 'YYYY-MM-DD')`;
}

/**
 * Every customer's facts and the tallies counted again from the rows (a database whose rows were
 * written without them: migration 0011, the move from documents, a seed), in the caller's transaction.
 */
export async function recountCustomerTallies(db: Kysely<SalesTables> | Kysely<unknown>): Promise<void> {
  const sales = db as Kysely<SalesTables>;
  const dialect = db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  await sales
    .updateTable('customers')
    .set((eb) => factsOf(eb))
    .execute();
  await sales.deleteFrom('customer_tallies').execute();
  const day = seoulDaySql(dialect, 'created_at');
  await sql`
    WITH registered AS (
      SELECT customer_id, ${day} AS day, form_kind, coalesce(utm_source, '') AS utm_source, coalesce(campaign_key, '') AS campaign_key,
        coalesce(landing_page, source_page, '') AS landing_page
      FROM registrations
    ),
    touched AS (
      SELECT customer_id, 'all' AS dimension, '' AS value, day FROM registered
      UNION SELECT customer_id, 'formKind', form_kind, day FROM registered
      UNION SELECT customer_id, 'utmSource', utm_source, day FROM registered
      UNION SELECT customer_id, 'campaignKey', campaign_key, day FROM registered
      UNION SELECT customer_id, 'landingPage', landing_page, day FROM registered
    )
    INSERT INTO customer_tallies (dimension, value, day, previous_day, shard, customers, called, visited, contracted)
    SELECT dimension, value, day, previous_day, 0, count(*), sum(called), sum(visited), sum(contracted)
    FROM (
      SELECT touched.dimension, touched.value, touched.day,
        coalesce(lag(touched.day) OVER (PARTITION BY touched.customer_id, touched.dimension, touched.value ORDER BY touched.day), '') AS previous_day,
        CASE WHEN customers.last_call_at IS NULL THEN 0 ELSE 1 END AS called,
        CASE WHEN customers.funnel_step >= 1 THEN 1 ELSE 0 END AS visited,
        CASE WHEN customers.funnel_step = 2 THEN 1 ELSE 0 END AS contracted
      FROM touched INNER JOIN customers ON customers.id = touched.customer_id
    ) counted
    GROUP BY dimension, value, day, previous_day
  `.execute(sales);
}
