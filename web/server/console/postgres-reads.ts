/**
 * The console's reads on PostgreSQL leads (DATABASE_URL), in SQL over the documents' jsonb: the
 * answers are the GROQ queries' (./lead-reads.ts), field for field, from partial expression
 * indexes on `type = 'lead'` (migrations/0003_console_lead_indexes.sql) and keyset pages on
 * (createdAt, id). Text is compared byte-wise (`COLLATE "C"`), as GROQ compares strings, whatever
 * the database's collation. The store commits before it acknowledges a write, so a read here sees it.
 */
import type pg from 'pg';
import type {
  ConsoleCustomerRegistrationsQueryResult,
  ConsoleLeadExportQueryResult,
  ConsoleLeadListQueryResult,
  ConsoleLeadQueryResult,
  ConsoleSlotFillQueryResult,
  ConsoleVisitSheetQueryResult,
  ConsoleWalkInsQueryResult,
} from '../../sanity/sanity.types';
import { filtersCustomers, leadFilterParams, type LeadCursor, type LeadFilterParams } from './lead-query';
import { CUSTOMER_REGISTRATIONS_MAX, EXPORT_PAGE_ROWS, type LeadReads, type LeadTallies } from './lead-reads';
import { consoleLeadOf, exportRowOf, type StoredLead } from './stored-lead';

const field = (path: string) => `(doc #>> '{${path.replaceAll('.', ',')}}')`;
const CREATED_AT = `(${field('createdAt')} COLLATE "C")`;
const ID = '(id COLLATE "C")';
const STATUS = `coalesce(${field('status')}, 'new')`;
const FORM_KIND = field('formKind');
const VISIT_DAY = `substr(${field('visitAt')}, 1, 10)`;
const MARKETING = `coalesce((doc #> '{consent,marketing}') = 'true'::jsonb, false)`;
const UTM_SOURCE = field('utm.source');
const UTM_CAMPAIGN = field('utm.campaign');
const PHONE = field('phone');
const PHONE_LAST_4 = `right(${PHONE}, 4)`;
// '' for nobody, as in the index: unassigned leads are one value of it.
const ASSIGNEE_EMAIL = `coalesce(${field('assignee.email')}, '')`;
const NAME = `(${field('name')} COLLATE "C")`;
const SLOT_REF = field('visitSlot._ref');
/** A lead as the visit sheet shows it: the columns every sheet row selects. */
const SHEET_ROW = `id AS "_id", ${field('_rev')} AS "_rev", ${field('name')} AS name, ${field('phone')} AS phone, ${STATUS} AS status,
  ${field('assignee.name')} AS "assigneeName", doc -> 'memos' -> -1 ->> 'text' AS "lastMemo", ${field('checkedInAt')} AS "checkedInAt"`;
/** Above every character: `name < prefix || MAX` bounds the names that start with `prefix` (an index range). */
const MAX_CHARACTER = '\u{10FFFF}';

/** Each list filter's condition on its parameter ($n). */
const FILTERS: Record<keyof LeadFilterParams, (parameter: string) => string> = {
  from: (p) => `${CREATED_AT} >= ${p}`,
  before: (p) => `${CREATED_AT} < ${p}`,
  formKind: (p) => `${FORM_KIND} = ${p}`,
  visitDay: (p) => `${VISIT_DAY} = ${p}`,
  status: (p) => `${STATUS} = ${p}`,
  marketing: (p) => `${MARKETING} = ${p}`,
  utmSource: (p) => `${UTM_SOURCE} = ${p}`,
  // The parameter is lower case already.
  utmCampaign: (p) => `lower(${UTM_CAMPAIGN}) = ${p}`,
  namePrefix: (p) => `${NAME} >= ${p} AND ${NAME} < ${p} || '${MAX_CHARACTER}' AND starts_with(${NAME}, ${p})`,
  phoneLast4: (p) => `${PHONE_LAST_4} = ${p}`,
  phone: (p) => `${PHONE} = ${p}`,
  assigneeEmail: (p) => `${ASSIGNEE_EMAIL} = ${p}`,
  // The parameter is always true: the condition is the filter being set.
  unassigned: (p) => `${p}::boolean AND ${ASSIGNEE_EMAIL} = ''`,
  visibleTo: (p) => `${ASSIGNEE_EMAIL} IN ('', ${p})`,
};

/** Up to this many matching registrations, their customers are looked up by phone (see `customers`). */
const NARROW_MATCHES = 2000;

export class PostgresLeadReads implements LeadReads {
  constructor(
    private readonly pool: pg.Pool,
    /** Up to this many matching registrations, a filtered list reads them first (see `customers`). */
    private readonly narrowMatches = NARROW_MATCHES,
  ) {}

  async listPage(filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<ConsoleLeadListQueryResult> {
    const rows = await this.customers<ListRow>(
      `id, ${field('createdAt')} AS "createdAt", ${field('name')} AS name, ${field('phone')} AS phone, ${FORM_KIND} AS "formKind",
       ${STATUS} AS status, ${field('assignee.name')} AS "assigneeName", ${field('visitAt')} AS "visitAt",
       ${MARKETING} AS marketing, ${UTM_SOURCE} AS "utmSource", ${UTM_CAMPAIGN} AS "utmCampaign",
       doc -> 'calls' -> -1 ->> 'result' AS "lastCallResult"`,
      filters,
      cursor,
      limit,
    );
    return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
  }

  async count(filters: LeadFilterParams): Promise<number> {
    const { where, values } = this.where(filters, null);
    const { rows } = await this.pool.query<{ count: number }>(`SELECT count(DISTINCT coalesce(${PHONE}, id))::int AS count FROM documents WHERE ${where}`, values);
    return rows[0]?.count ?? 0;
  }

  async campaigns(): Promise<string[]> {
    const { rows } = await this.pool.query<{ campaign: string }>(
      `SELECT DISTINCT ${UTM_CAMPAIGN} AS campaign FROM documents WHERE type = 'lead' AND ${UTM_CAMPAIGN} IS NOT NULL`,
    );
    return rows.map((row) => row.campaign);
  }

  async exportPage(filters: LeadFilterParams, cursor: LeadCursor | null): Promise<ConsoleLeadExportQueryResult> {
    const rows = await this.filtered<{ doc: StoredLead }>('doc', filters, cursor, EXPORT_PAGE_ROWS);
    return rows.map((row) => exportRowOf(row.doc));
  }

  async lead(id: string): Promise<ConsoleLeadQueryResult> {
    const { rows } = await this.pool.query<{ doc: StoredLead }>(`SELECT doc FROM documents WHERE id = $1 AND type = 'lead'`, [id]);
    return rows[0] ? consoleLeadOf(rows[0].doc) : null;
  }

  async registrations(phone: string): Promise<ConsoleCustomerRegistrationsQueryResult> {
    const { rows } = await this.pool.query<Omit<ConsoleCustomerRegistrationsQueryResult[number], '_id'> & { id: string }>(
      `SELECT id, ${field('createdAt')} AS "createdAt", ${FORM_KIND} AS "formKind", ${STATUS} AS status, ${UTM_SOURCE} AS "utmSource", ${UTM_CAMPAIGN} AS "utmCampaign"
       FROM documents WHERE type = 'lead' AND ${PHONE} = $1 ORDER BY ${CREATED_AT} DESC, ${ID} DESC LIMIT ${CUSTOMER_REGISTRATIONS_MAX}`,
      [phone],
    );
    return rows.map(({ id, ...row }) => ({ _id: id, ...row }));
  }

  async registrationCounts(phones: string[]): Promise<Map<string, number>> {
    if (phones.length === 0) return new Map();
    const { rows } = await this.pool.query<{ phone: string; count: number }>(
      `SELECT ${PHONE} AS phone, count(*)::int AS count FROM documents WHERE type = 'lead' AND ${PHONE} = ANY($1::text[]) GROUP BY 1`,
      [phones],
    );
    return new Map(rows.map((row) => [row.phone, row.count]));
  }

  async visitSheet(date: string): Promise<ConsoleVisitSheetQueryResult> {
    const { rows: slots } = await this.pool.query<{ id: string; time: string | null; capacity: number; booked: number }>(
      `SELECT id, ${field('time')} AS time, coalesce((${field('capacity')})::float8, 0) AS capacity, coalesce((${field('booked')})::float8, 0) AS booked
       FROM documents WHERE type = 'visitSlot' AND ${field('date')} = $1 ORDER BY (${field('time')} COLLATE "C"), ${ID}`,
      [date],
    );
    const { rows: bookings } = await this.pool.query<BookingRow>(
      `SELECT ${SLOT_REF} AS slot, ${SHEET_ROW}
       FROM documents WHERE type = 'lead' AND ${SLOT_REF} = ANY($1::text[]) AND ${field('visitSlotStatus')} = 'booked'
       ORDER BY ${CREATED_AT}, ${ID}`,
      [slots.map((slot) => slot.id)],
    );
    return slots.map((slot) => ({
      _id: slot.id,
      time: slot.time,
      capacity: slot.capacity,
      booked: slot.booked,
      bookings: bookings.filter((booking) => booking.slot === slot.id).map(({ slot: _slot, ...booking }) => booking),
    }));
  }

  async walkIns(date: string): Promise<ConsoleWalkInsQueryResult> {
    const { rows } = await this.pool.query<ConsoleWalkInsQueryResult[number]>(
      `SELECT ${SHEET_ROW} FROM documents
       WHERE type = 'lead' AND ${VISIT_DAY} = $1 AND ${FORM_KIND} = 'walkIn' AND coalesce(${field('visitSlotStatus')}, '') <> 'booked'
       ORDER BY (${field('visitAt')} COLLATE "C"), ${ID}`,
      [date],
    );
    return rows;
  }

  async tallies(since: string): Promise<LeadTallies> {
    const counted = async <Key>(key: string) => {
      const { rows } = await this.pool.query<{ key: Key; count: number }>(
        `SELECT ${key} AS key, count(*)::int AS count FROM documents WHERE type = 'lead' AND ${CREATED_AT} >= $1 GROUP BY 1`,
        [since],
      );
      return new Map(rows.map((row) => [row.key, row.count]));
    };
    const [byDay, byForm, bySource] = await Promise.all([
      counted<string>(`to_char((${field('createdAt')})::timestamptz AT TIME ZONE 'Asia/Seoul', 'YYYY-MM-DD')`),
      counted<string | null>(FORM_KIND),
      counted<string | null>(UTM_SOURCE),
    ]);
    byForm.delete(null);
    return { byDay, byForm: byForm as Map<string, number>, bySource };
  }

  async slotFill(from: string, until: string): Promise<ConsoleSlotFillQueryResult> {
    const { rows } = await this.pool.query<ConsoleSlotFillQueryResult[number]>(
      `SELECT ${field('date')} AS date, coalesce((${field('capacity')})::float8, 0) AS capacity, coalesce((${field('booked')})::float8, 0) AS booked
       FROM documents WHERE type = 'visitSlot' AND (${field('date')} COLLATE "C") >= $1 AND (${field('date')} COLLATE "C") < $2`,
      [from, until],
    );
    return rows;
  }

  /** Leads matching the set filters, after the cursor, newest first: only the set filters' conditions, so the planner picks their index. */
  private async filtered<Row extends pg.QueryResultRow>(columns: string, filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<Row[]> {
    const { where, values } = this.where(filters, cursor);
    values.push(limit);
    const { rows } = await this.pool.query<Row>(
      `SELECT ${columns} FROM documents WHERE ${where} ORDER BY ${CREATED_AT} DESC, ${ID} DESC LIMIT $${values.length}`,
      values,
    );
    return rows;
  }

  /**
   * Customers' newest visible registrations after the cursor, newest first, each listed when any of
   * its registrations matches: the newest is the one no later registration of its phone follows
   * (the phone index finds it). A few matches (a caller's number, a visit day) are read first and
   * their customers looked up by phone; many (a status, a source) are checked while walking the
   * list newest first, which soon fills a page.
   */
  private async customers<Row extends pg.QueryResultRow>(columns: string, filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<Row[]> {
    const visibleOnly = leadFilterParams({}, null, filters.visibleTo);
    const { where: visible, values } = this.where(visibleOnly, cursor);
    const { where: newer } = this.where(visibleOnly, null, values);
    const outer = (path: string) => `(shown.doc #>> '{${path}}')`;
    const newest = `NOT EXISTS (SELECT 1 FROM documents AS newer WHERE ${newer} AND ${PHONE} = ${outer('phone')}
      AND (${CREATED_AT}, ${ID}) > ((${outer('createdAt')} COLLATE "C"), (shown.id COLLATE "C")))`;
    let matching = '';
    let source = 'documents';
    if (filtersCustomers(filters)) {
      const narrow = await this.fewMatches(filters);
      if (narrow) {
        values.push(narrow.phones, narrow.ids);
        // Materialized, so the planner reads these customers by the phone index rather than walking
        // every lead newest first in search of them.
        source = `(WITH candidates AS MATERIALIZED (SELECT * FROM documents WHERE type = 'lead'
          AND (${PHONE} = ANY($${values.length - 1}::text[]) OR (${PHONE} IS NULL AND id = ANY($${values.length}::text[]))))
          SELECT * FROM candidates)`;
      } else {
        const { where: match } = this.where(filters, null, values);
        matching = `AND (${PHONE} IN (SELECT ${PHONE} FROM documents AS matched WHERE ${match})
          OR (${PHONE} IS NULL AND id IN (SELECT id FROM documents AS matched WHERE ${match})))`;
      }
    }
    values.push(limit);
    const { rows } = await this.pool.query<Row>(
      `SELECT ${columns} FROM ${source} AS shown WHERE ${visible} AND ${newest} ${matching} ORDER BY ${CREATED_AT} DESC, ${ID} DESC LIMIT $${values.length}`,
      values,
    );
    return rows;
  }

  /** The phones (and the ids of leads without one) of the leads matching, when at most `narrowMatches` do. */
  private async fewMatches(filters: LeadFilterParams): Promise<{ phones: string[]; ids: string[] } | null> {
    const { where, values } = this.where(filters, null);
    values.push(this.narrowMatches + 1);
    const { rows } = await this.pool.query<{ phone: string | null; id: string }>(`SELECT ${PHONE} AS phone, id FROM documents WHERE ${where} LIMIT $${values.length}`, values);
    if (rows.length > this.narrowMatches) return null;
    return { phones: [...new Set(rows.flatMap((row) => (row.phone ? [row.phone] : [])))], ids: rows.filter((row) => !row.phone).map((row) => row.id) };
  }

  /** The conditions of the set filters (and the cursor), their parameters appended to `values`. */
  private where(filters: LeadFilterParams, cursor: LeadCursor | null, values: unknown[] = []): { where: string; values: unknown[] } {
    const parameter = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    const conditions = ["type = 'lead'"];
    for (const [name, condition] of Object.entries(FILTERS) as Array<[keyof LeadFilterParams, (parameter: string) => string]>) {
      const value = filters[name];
      if (value !== null) conditions.push(condition(parameter(value)));
    }
    if (cursor) conditions.push(`(${CREATED_AT}, ${ID}) < (${parameter(cursor.createdAt)}, ${parameter(cursor.id)})`);
    return { where: conditions.join(' AND '), values };
  }
}

type ListRow = Omit<ConsoleLeadListQueryResult[number], '_id'> & { id: string };
type BookingRow = ConsoleVisitSheetQueryResult[number]['bookings'][number] & { slot: string };
