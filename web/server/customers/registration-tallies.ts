/**
 * Registrations counted per Seoul day as they are stored (one row per day, form, utm source,
 * medium, campaign key and landing page), so that a month's statistics add up a few hundred rows
 * instead of reading a quarter of a million registrations. Each row counts:
 * - registrations: every form sent;
 * - first_touches: the registrations that are their customer's first (one per customer);
 * - last_touches: the registrations that are their customer's latest (one per customer, moved
 *   when the customer registers again);
 * - day_customers: the registrations that are their customer's first of that day.
 * Written in the registration's transaction (register()), and taken back in the transaction that
 * deletes a customer (untallyCustomer), so that every number agrees with the registrations there
 * are. The earliest and latest go by (created_at, id).
 *
 * On PostgreSQL a key's counts are spread over rows (`shard`): a row updated is locked until its
 * transaction commits, and with one row per key every registration of the day would wait for the
 * one before it. The groups of registrations committing at once (group commit) each add to a shard
 * of their own, once per group; other writes to the shard of their connection's server process.
 * SQLite writes one transaction at a time: one row per key there. Readers add the rows up.
 */
import { sql, SqliteAdapter, type Kysely, type Transaction } from 'kysely';
import { campaignKey } from '../../shared/campaign-stats';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import { GroupCounters, POSTGRES_COUNTER_SHARDS, type CounterRow, type CounterWriter } from '../database/group-commit';
import type { SalesTables } from '../database/tables';

/** What a tally row is keyed by: '' for a registration without the value. */
type TallyKey = { day: string; form_kind: string; utm_source: string; utm_medium: string; campaign_key: string; landing_page: string };
type TallyCounts = { registrations?: number; first_touches?: number; last_touches?: number; day_customers?: number };
type TallyChange = { key: TallyKey; counts: TallyCounts };

/** The registration as register() stores it. */
export type TalliedRegistration = {
  id: string;
  createdAt: string;
  formKind: string;
  landingPage?: string;
  sourcePage?: string;
  utm?: Partial<Record<'source' | 'medium' | 'campaign', string>>;
};

const keyOf = (registration: TalliedRegistration): TallyKey => ({
  day: seoulDay(Date.parse(registration.createdAt)),
  form_kind: registration.formKind,
  utm_source: registration.utm?.source ?? '',
  utm_medium: registration.utm?.medium ?? '',
  campaign_key: registration.utm?.campaign ? campaignKey(registration.utm.campaign) : '',
  // Where the visit began, or the form's page when that is not known.
  landing_page: registration.landingPage ?? registration.sourcePage ?? '',
});

type StoredRegistration = {
  id: string;
  created_at: string;
  form_kind: string;
  landing_page: string | null;
  source_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  campaign_key: string | null;
};

const storedKeyOf = (row: StoredRegistration): TallyKey => ({
  day: seoulDay(Date.parse(row.created_at)),
  form_kind: row.form_kind,
  utm_source: row.utm_source ?? '',
  utm_medium: row.utm_medium ?? '',
  campaign_key: row.campaign_key ?? '',
  landing_page: row.landing_page ?? row.source_page ?? '',
});

const keyOrder = (key: TallyKey) => [key.day, key.form_kind, key.utm_source, key.utm_medium, key.campaign_key, key.landing_page].join('\u0000');

const COUNT_NAMES = ['registrations', 'first_touches', 'last_touches', 'day_customers'] as const;

const registrationTallies: CounterWriter<SalesTables> = {
  name: 'registration_tallies',
  write: async (trx, shard, rows) => {
    await trx
      .insertInto('registration_tallies')
      .values(
        rows.map(({ fields, counts }) => ({
          ...(fields as TallyKey),
          shard,
          registrations: counts.registrations ?? 0,
          first_touches: counts.first_touches ?? 0,
          last_touches: counts.last_touches ?? 0,
          day_customers: counts.day_customers ?? 0,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['day', 'form_kind', 'utm_source', 'utm_medium', 'campaign_key', 'landing_page', 'shard'])
          .doUpdateSet(Object.fromEntries(COUNT_NAMES.map((name) => [name, sql`registration_tallies.${sql.ref(name)} + excluded.${sql.ref(name)}`]))),
      )
      .execute();
  },
};

const rowsOf = (changes: TallyChange[]): CounterRow[] => changes.map(({ key, counts }) => ({ key: keyOrder(key), fields: key, counts }));

/**
 * Adds `changes` to the group's counters (written when it commits), or else at once to the
 * connection's shard. In the keys' order, summed per key: two transactions that lock the same rows
 * lock them in the same order, and so never wait for each other in a circle.
 */
async function add(trx: Transaction<SalesTables>, changes: TallyChange[], counters?: GroupCounters<SalesTables>): Promise<void> {
  if (counters) return counters.add(registrationTallies, rowsOf(changes));
  const summed = new GroupCounters<SalesTables>();
  summed.add(registrationTallies, rowsOf(changes));
  await summed.write(trx, trx.getExecutor().adapter instanceof SqliteAdapter ? 0 : sql<number>`pg_backend_pid() % ${POSTGRES_COUNTER_SHARDS}`);
}

/**
 * Counts `registration`, about to be stored as customer `customerId`'s (whose row the transaction
 * holds): a first or latest registration takes the touch from the one that held it. A customer
 * created by it (`returning` false) has no other registration to take a touch from.
 */
export async function tallyRegistration(
  trx: Transaction<SalesTables>,
  customerId: string,
  registration: TalliedRegistration,
  returning: boolean,
  counters?: GroupCounters<SalesTables>,
): Promise<void> {
  if (!returning) {
    await add(trx, [{ key: keyOf(registration), counts: { registrations: 1, first_touches: 1, last_touches: 1, day_customers: 1 } }], counters);
    return;
  }
  const columns = ['id', 'created_at', 'form_kind', 'landing_page', 'source_page', 'utm_source', 'utm_medium', 'campaign_key'] as const;
  const ofCustomer = trx.selectFrom('registrations').select(columns).where('customer_id', '=', customerId);
  const day = seoulDay(Date.parse(registration.createdAt));
  const [earliest, latest, dayEarliest] = await Promise.all([
    ofCustomer.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst(),
    ofCustomer.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst(),
    ofCustomer
      .where('created_at', '>=', seoulDayStart(day))
      .where('created_at', '<', seoulDayStart(day, 1))
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const before = (row: StoredRegistration) =>
    registration.createdAt < row.created_at || (registration.createdAt === row.created_at && registration.id < row.id);
  // A registration sent earlier than one stored already (a delayed one) takes what that one held.
  const first = !earliest || before(earliest);
  const last = !latest || !before(latest);
  const dayFirst = !dayEarliest || before(dayEarliest);
  await add(
    trx,
    [
      { key: keyOf(registration), counts: { registrations: 1, first_touches: first ? 1 : 0, last_touches: last ? 1 : 0, day_customers: dayFirst ? 1 : 0 } },
      ...(first && earliest ? [{ key: storedKeyOf(earliest), counts: { first_touches: -1 } }] : []),
      ...(last && latest ? [{ key: storedKeyOf(latest), counts: { last_touches: -1 } }] : []),
      ...(dayFirst && dayEarliest ? [{ key: storedKeyOf(dayEarliest), counts: { day_customers: -1 } }] : []),
    ],
    counters,
  );
}

/** Takes customer `customerId`'s registrations out of the tallies, before the customer is deleted. */
export async function untallyCustomer(trx: Transaction<SalesTables>, customerId: string): Promise<void> {
  const registrations = await trx
    .selectFrom('registrations')
    .select(['id', 'created_at', 'form_kind', 'landing_page', 'source_page', 'utm_source', 'utm_medium', 'campaign_key'])
    .where('customer_id', '=', customerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const days = new Set<string>();
  const changes = registrations.map((registration, index): TallyChange => {
    const key = storedKeyOf(registration);
    const dayFirst = !days.has(key.day);
    days.add(key.day);
    return {
      key,
      counts: {
        registrations: -1,
        first_touches: index === 0 ? -1 : 0,
        last_touches: index === registrations.length - 1 ? -1 : 0,
        day_customers: dayFirst ? -1 : 0,
      },
    };
  });
  await add(trx, changes);
}

/**
 * The tallies counted again from the registrations (for the ones stored before they were kept, or
 * copied in by the move from documents): one statement, in the caller's transaction.
 */
export async function recountRegistrationTallies(db: Kysely<SalesTables> | Kysely<unknown>): Promise<void> {
  const sales = db as Kysely<SalesTables>;
  // The Seoul day of an ISO instant (UTC, 'Z'): Korea keeps UTC+9 all year.
  const day =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql`date(created_at, '+9 hours')`
      : sql`to_char(CAST(created_at AS timestamptz) AT TIME ZONE 'UTC' + interval '9 hours', 'YYYY-MM-DD')`;
  await sales.deleteFrom('registration_tallies').execute();
  await sql`
    INSERT INTO registration_tallies (day, form_kind, utm_source, utm_medium, campaign_key, landing_page, shard, registrations, first_touches, last_touches, day_customers)
    SELECT day, form_kind, utm_source, utm_medium, campaign_key, landing_page, 0, count(*), sum(first_touch), sum(last_touch), sum(day_first)
    FROM (
      SELECT ${day} AS day, form_kind, coalesce(utm_source, '') AS utm_source, coalesce(utm_medium, '') AS utm_medium, coalesce(campaign_key, '') AS campaign_key,
        coalesce(landing_page, source_page, '') AS landing_page,
        CASE WHEN row_number() OVER (PARTITION BY customer_id ORDER BY created_at, id) = 1 THEN 1 ELSE 0 END AS first_touch,
        CASE WHEN row_number() OVER (PARTITION BY customer_id ORDER BY created_at DESC, id DESC) = 1 THEN 1 ELSE 0 END AS last_touch,
        CASE WHEN row_number() OVER (PARTITION BY customer_id, ${day} ORDER BY created_at, id) = 1 THEN 1 ELSE 0 END AS day_first
      FROM registrations
    ) counted
    GROUP BY day, form_kind, utm_source, utm_medium, campaign_key, landing_page
  `.execute(sales);
}
