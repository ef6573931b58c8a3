/**
 * The console's reads on the embedded leads database, in SQL over its own connection: groq-js
 * scans and sorts every lead per query, which is too slow at 100,000 leads; SQLite answers from
 * partial expression indexes on the documents table (type = 'lead') and pages by keyset on
 * (createdAt, id). The answers are the GROQ queries' (./lead-reads.ts), field for field.
 *
 * The embedded store commits to the file before it acknowledges a write, so this connection
 * (WAL: readers see every committed transaction) reads what was just written.
 */
import type {
  ConsoleCustomerRegistrationsQueryResult,
  ConsoleLeadExportQueryResult,
  ConsoleLeadListQueryResult,
  ConsoleLeadQueryResult,
  ConsoleSlotFillQueryResult,
  ConsoleVisitSheetQueryResult,
  ConsoleWalkInsQueryResult,
} from '../../sanity/sanity.types';
import { openSqlite, type SqliteDatabase, type SqliteValue } from '../sqlite';
import { filtersCustomers, leadFilterParams, type LeadCursor, type LeadFilterParams } from './lead-query';
import { CUSTOMER_REGISTRATIONS_MAX, EXPORT_PAGE_ROWS, type LeadReads, type LeadTallies } from './lead-reads';
import { consoleLeadOf, exportRowOf, type StoredLead } from './stored-lead';

const field = (path: string) => `json_extract(json, '$.${path}')`;
const CREATED_AT = field('createdAt');
const STATUS = `coalesce(${field('status')}, 'new')`;
const FORM_KIND = field('formKind');
const VISIT_DAY = `substr(${field('visitAt')}, 1, 10)`;
const MARKETING = `coalesce(${field('consent.marketing')}, 0)`;
const UTM_SOURCE = field('utm.source');
const UTM_CAMPAIGN = field('utm.campaign');
const PHONE = field('phone');
const PHONE_LAST_4 = `substr(${PHONE}, -4)`;
const NAME = field('name');
const SLOT_REF = field('visitSlot._ref');
/** A lead as the visit sheet shows it: the columns every sheet row selects. */
const SHEET_ROW = `id, ${field('_rev')} AS rev, ${NAME} AS name, ${field('phone')} AS phone, ${STATUS} AS status,
  ${field('assignee.name')} AS assigneeName, ${field('memos[#-1].text')} AS lastMemo, ${field('checkedInAt')} AS checkedInAt`;
// '' for nobody: unassigned leads are then one value of the index, which SQLite counts from it.
const ASSIGNEE_EMAIL = `coalesce(${field('assignee.email')}, '')`;

/** Each filter's own index, newest first within it, so a filtered page reads only its rows. */
const LEAD_INDEXES: Record<string, string> = {
  console_leads_created: `${CREATED_AT}, id`,
  console_leads_status: `${STATUS}, ${CREATED_AT}, id`,
  console_leads_form: `${FORM_KIND}, ${CREATED_AT}, id`,
  console_leads_visit_day: `${VISIT_DAY}, ${CREATED_AT}, id`,
  console_leads_marketing: `${MARKETING}, ${CREATED_AT}, id`,
  console_leads_utm_source: `${UTM_SOURCE}, ${CREATED_AT}, id`,
  console_leads_utm_campaign: `${UTM_CAMPAIGN}, ${CREATED_AT}, id`,
  console_leads_utm_campaign_ci: `lower(${UTM_CAMPAIGN}), ${CREATED_AT}, id`,
  console_leads_phone: `${PHONE}, ${CREATED_AT}, id`,
  console_leads_assignee_or_none: `${ASSIGNEE_EMAIL}, ${CREATED_AT}, id`,
  console_leads_phone_last4: `${PHONE_LAST_4}, ${CREATED_AT}, id`,
  console_leads_name: `${NAME}`,
  console_leads_slot: `${SLOT_REF}`,
};

/** Above every character: `name < prefix || MAX` bounds the names that start with `prefix`. */
const MAX_CHARACTER = '\u{10FFFF}';

const FILTER_SQL = `type = 'lead'
  AND (:from IS NULL OR ${CREATED_AT} >= :from)
  AND (:before IS NULL OR ${CREATED_AT} < :before)
  AND (:formKind IS NULL OR ${FORM_KIND} = :formKind)
  AND (:visitDay IS NULL OR ${VISIT_DAY} = :visitDay)
  AND (:status IS NULL OR ${STATUS} = :status)
  AND (:marketing IS NULL OR ${MARKETING} = :marketing)
  AND (:utmSource IS NULL OR ${UTM_SOURCE} = :utmSource)
  AND (:utmCampaign IS NULL OR lower(${UTM_CAMPAIGN}) = :utmCampaign)
  AND (:namePrefix IS NULL OR (${NAME} >= :namePrefix AND ${NAME} < :namePrefix || '${MAX_CHARACTER}' AND substr(${NAME}, 1, length(:namePrefix)) = :namePrefix))
  AND (:phoneLast4 IS NULL OR ${PHONE_LAST_4} = :phoneLast4)
  AND (:phone IS NULL OR ${PHONE} = :phone)
  AND (:assigneeEmail IS NULL OR ${ASSIGNEE_EMAIL} = :assigneeEmail)
  AND (:unassigned IS NULL OR ${ASSIGNEE_EMAIL} = '')
  AND (:visibleTo IS NULL OR ${ASSIGNEE_EMAIL} IN ('', :visibleTo))
  AND (:cursorAt IS NULL OR (${CREATED_AT} <= :cursorAt AND (${CREATED_AT} < :cursorAt OR id < :cursorId)))`;

/** Below this many matching leads the list starts from them rather than walking every customer. */
const NARROW_MATCHES = 2000;

const NEWEST_FIRST = `ORDER BY ${CREATED_AT} DESC, id DESC`;

/**
 * The filter with the unset parameters' lines left out (one filter per line), so the planner sees
 * only the conditions that apply and picks their index; each combination is its own statement.
 */
function filterSql(params: LeadFilterParams & { cursorAt: string | null }): string {
  return FILTER_SQL.split('\n')
    .filter((line) => {
      const name = /^\s*AND \(:(\w+) IS NULL/.exec(line)?.[1];
      return !name || params[name as keyof typeof params] !== null;
    })
    .join('\n')
    .replace(/\(:(\w+) IS NULL OR /g, '(');
}

type Row = Record<string, SqliteValue>;

export class SqliteLeadReads implements LeadReads {
  private readonly statements = new Map<string, ReturnType<SqliteDatabase['prepare']>>();

  private constructor(
    private readonly database: SqliteDatabase,
    /** Up to this many matching leads, a filtered list reads them first (see `customers`). */
    private readonly narrowMatches: number,
  ) {}

  /** Opens `file` (the embedded leads database), adding the console's indexes it lacks. */
  static open(file: string, narrowMatches = NARROW_MATCHES): SqliteLeadReads {
    const database = openSqlite(file);
    try {
      database.exec('PRAGMA busy_timeout = 5000');
      for (const [name, columns] of Object.entries(LEAD_INDEXES)) {
        database.exec(`CREATE INDEX IF NOT EXISTS ${name} ON documents (${columns}) WHERE type = 'lead'`);
      }
      // Without statistics the planner prefers the store's index on type (every lead) and sorts
      // them all; with them it walks the console's indexes in order. A second or two at 100,000
      // leads, once per start (a sampled ANALYZE is quicker but misleads it the same way).
      database.exec('ANALYZE');
      database.exec('PRAGMA query_only = ON');
      return new SqliteLeadReads(database, narrowMatches);
    } catch (error) {
      database.close();
      throw error;
    }
  }

  close(): void {
    this.database.close();
  }

  async listPage(filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Promise<ConsoleLeadListQueryResult> {
    const rows = this.customers(
      `id, ${CREATED_AT} AS createdAt, ${NAME} AS name, ${PHONE} AS phone, ${FORM_KIND} AS formKind,
       ${STATUS} AS status, ${field('assignee.name')} AS assigneeName, ${field('visitAt')} AS visitAt,
       ${MARKETING} AS marketing, ${UTM_SOURCE} AS utmSource, ${UTM_CAMPAIGN} AS utmCampaign,
       ${field('calls[#-1].result')} AS lastCallResult`,
      filters,
      cursor,
      limit,
    );
    return rows.map((row) => ({
      _id: row.id as string,
      createdAt: text(row.createdAt),
      name: text(row.name),
      phone: text(row.phone),
      formKind: text(row.formKind) as ConsoleLeadListQueryResult[number]['formKind'],
      status: row.status as ConsoleLeadListQueryResult[number]['status'],
      assigneeName: text(row.assigneeName),
      visitAt: text(row.visitAt),
      marketing: row.marketing === 1,
      utmSource: text(row.utmSource),
      utmCampaign: text(row.utmCampaign),
      lastCallResult: text(row.lastCallResult),
    }));
  }

  /**
   * The count's values are written into its SQL as literals: planning for values bound later,
   * SQLite reckons a filter that matches half the leads cheaper to check on every lead than
   * through its index (100–800 ms at 100,000 leads); seeing the value, it counts the index
   * entries in a few milliseconds. Prepared afresh each time (not cached: one per value).
   */
  async count(filters: LeadFilterParams): Promise<number> {
    const { sql, values } = this.where(filters, null);
    const literals = values.map(sqlLiteral);
    const customers = `count(DISTINCT coalesce(${PHONE}, id))`;
    // Unassigned leads alone, often most of them, it would still check one by one: their index counts them.
    const onlyUnassigned = filters.unassigned && Object.values(filters).filter((value) => value !== null).length === 1;
    const from = onlyUnassigned ? 'documents INDEXED BY console_leads_assignee_or_none' : 'documents';
    const counting = literals.includes(null)
      ? this.statement(`SELECT ${customers} AS count FROM ${from} WHERE ${sql}`).get<{ count: number }>(...values)
      : this.database.prepare(`SELECT ${customers} AS count FROM ${from} WHERE ${sql.replace(/\?/g, () => literals.shift()!)}`).get<{ count: number }>();
    return counting?.count ?? 0;
  }

  async campaigns(): Promise<string[]> {
    return this.statement(`SELECT DISTINCT ${UTM_CAMPAIGN} AS campaign FROM documents WHERE type = 'lead' AND ${UTM_CAMPAIGN} IS NOT NULL`)
      .all<{ campaign: SqliteValue }>()
      .flatMap((row) => (typeof row.campaign === 'string' ? [row.campaign] : []));
  }

  async exportPage(filters: LeadFilterParams, cursor: LeadCursor | null): Promise<ConsoleLeadExportQueryResult> {
    const rows = this.filtered(`id, json`, filters, cursor, EXPORT_PAGE_ROWS);
    return rows.map((row) => exportRowOf(JSON.parse(row.json as string) as StoredLead));
  }

  async lead(id: string): Promise<ConsoleLeadQueryResult> {
    const row = this.statement(`SELECT json FROM documents WHERE id = ? AND type = 'lead'`).get<{ json: string }>(id);
    if (!row) return null;
    return consoleLeadOf(JSON.parse(row.json) as StoredLead);
  }

  async registrations(phone: string): Promise<ConsoleCustomerRegistrationsQueryResult> {
    return this.statement(
      `SELECT id, ${CREATED_AT} AS createdAt, ${FORM_KIND} AS formKind, ${STATUS} AS status, ${UTM_SOURCE} AS utmSource, ${UTM_CAMPAIGN} AS utmCampaign
       FROM documents WHERE type = 'lead' AND ${PHONE} = ? ${NEWEST_FIRST} LIMIT ${CUSTOMER_REGISTRATIONS_MAX}`,
    )
      .all(phone)
      .map((row) => ({
        _id: row.id as string,
        createdAt: text(row.createdAt),
        formKind: text(row.formKind) as ConsoleCustomerRegistrationsQueryResult[number]['formKind'],
        status: row.status as ConsoleCustomerRegistrationsQueryResult[number]['status'],
        utmSource: text(row.utmSource),
        utmCampaign: text(row.utmCampaign),
      }));
  }

  async registrationCounts(phones: string[]): Promise<Map<string, number>> {
    if (phones.length === 0) return new Map();
    // One statement per page size (at most LIST_READ_MAX), each phone an index lookup.
    const rows = this.statement(
      `SELECT ${PHONE} AS phone, count(*) AS count FROM documents WHERE type = 'lead' AND ${PHONE} IN (${phones.map(() => '?').join(', ')}) GROUP BY 1`,
    ).all<{ phone: string; count: number }>(...phones);
    return new Map(rows.map((row) => [row.phone, row.count]));
  }

  async visitSheet(date: string): Promise<ConsoleVisitSheetQueryResult> {
    const slots = this.statement(
      `SELECT id, ${field('time')} AS time, coalesce(${field('capacity')}, 0) AS capacity, coalesce(${field('booked')}, 0) AS booked
       FROM documents WHERE type = 'visitSlot' AND ${field('date')} = ? ORDER BY ${field('time')}, id`,
    ).all(date);
    const bookings = this.statement(
      `SELECT ${SHEET_ROW} FROM documents WHERE type = 'lead' AND ${SLOT_REF} = ? AND ${field('visitSlotStatus')} = 'booked'
       ORDER BY ${CREATED_AT}, id`,
    );
    return slots.map((slot) => ({
      _id: slot.id as string,
      time: text(slot.time),
      capacity: slot.capacity as number,
      booked: slot.booked as number,
      bookings: bookings.all(slot.id).map(sheetRow),
    }));
  }

  async walkIns(date: string): Promise<ConsoleWalkInsQueryResult> {
    return this.statement(
      `SELECT ${SHEET_ROW} FROM documents
       WHERE type = 'lead' AND ${VISIT_DAY} = ? AND ${FORM_KIND} = 'walkIn' AND coalesce(${field('visitSlotStatus')}, '') <> 'booked'
       ORDER BY ${field('visitAt')}, id`,
    )
      .all(date)
      .map(sheetRow);
  }

  async tallies(since: string): Promise<LeadTallies> {
    const recent = `FROM documents WHERE type = 'lead' AND ${CREATED_AT} >= ?`;
    const counted = <Key>(key: string) =>
      new Map(this.statement(`SELECT ${key} AS key, count(*) AS count ${recent} GROUP BY 1`).all<{ key: Key; count: number }>(since).map((row) => [row.key, row.count]));
    const byForm = counted<string | null>(FORM_KIND);
    byForm.delete(null);
    return {
      byDay: counted<string>(`substr(datetime(${CREATED_AT}, '+9 hours'), 1, 10)`),
      byForm: byForm as Map<string, number>,
      bySource: counted<string | null>(UTM_SOURCE),
    };
  }

  async slotFill(from: string, until: string): Promise<ConsoleSlotFillQueryResult> {
    return this.statement(
      `SELECT ${field('date')} AS date, coalesce(${field('capacity')}, 0) AS capacity, coalesce(${field('booked')}, 0) AS booked
       FROM documents WHERE type = 'visitSlot' AND ${field('date')} >= ? AND ${field('date')} < ?`,
    ).all<ConsoleSlotFillQueryResult[number]>(from, until);
  }

  /**
   * Customers' newest visible registrations after the cursor, newest first, each listed when any of
   * its registrations matches: the newest is the one no later registration of its phone follows
   * (the phone index finds it). Few matching leads (under NARROW_MATCHES) are read first from the
   * filters' own indexes and their customers looked up by phone; with more, the list is walked
   * newest first and each customer's registrations checked by phone until the page is full.
   */
  private customers(columns: string, filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Row[] {
    const visibleOnly = leadFilterParams({}, null, filters.visibleTo);
    const visible = this.where(visibleOnly, cursor);
    const newer = this.where(visibleOnly, null);
    const outer = (path: string) => `json_extract(shown.json, '$.${path}')`;
    const newest = `NOT EXISTS (SELECT 1 FROM documents AS newer WHERE ${newer.sql} AND ${PHONE} = ${outer('phone')}
      AND ${CREATED_AT} >= ${outer('createdAt')} AND (${CREATED_AT} > ${outer('createdAt')} OR id > shown.id))`;
    const rows = (sql: string, ...values: SqliteValue[]) => this.statement(sql).all(...values, limit);
    if (!filtersCustomers(filters)) {
      return rows(`SELECT ${columns} FROM documents AS shown WHERE ${visible.sql} AND ${newest} ${NEWEST_FIRST} LIMIT ?`, ...visible.values, ...newer.values);
    }
    const match = this.where(filters, null);
    const found = this.statement(`SELECT count(*) AS count FROM (SELECT 1 FROM documents WHERE ${match.sql} LIMIT ${this.narrowMatches})`).get<{ count: number }>(...match.values);
    if ((found?.count ?? 0) < this.narrowMatches) {
      // A lead without a phone is a customer of its own: the second part.
      return rows(
        `SELECT * FROM (
           SELECT ${columns} FROM (SELECT DISTINCT ${PHONE} AS phone FROM documents WHERE ${match.sql}) AS matched CROSS JOIN documents AS shown
           WHERE ${PHONE} = matched.phone AND ${visible.sql} AND ${newest}
           UNION ALL SELECT ${columns} FROM documents AS shown WHERE ${PHONE} IS NULL AND ${match.sql} AND ${visible.sql}
         ) ORDER BY createdAt DESC, id DESC LIMIT ?`,
        ...match.values,
        ...visible.values,
        ...newer.values,
        ...match.values,
        ...visible.values,
      );
    }
    return rows(
      `SELECT ${columns} FROM documents AS shown WHERE ${visible.sql} AND ${newest}
       AND (EXISTS (SELECT 1 FROM documents AS matched WHERE ${match.sql} AND ${PHONE} = ${outer('phone')}) OR (${PHONE} IS NULL AND ${match.sql}))
       ${NEWEST_FIRST} LIMIT ?`,
      ...visible.values,
      ...newer.values,
      ...match.values,
      ...match.values,
    );
  }

  private filtered(columns: string, filters: LeadFilterParams, cursor: LeadCursor | null, limit: number): Row[] {
    const { sql, values } = this.where(filters, cursor);
    return this.statement(`SELECT ${columns} FROM documents WHERE ${sql} ${NEWEST_FIRST} LIMIT ?`).all(...values, limit);
  }

  /** The filters' condition with positional parameters, which work the same on both SQLite libraries, in the order they appear. */
  private where(filters: LeadFilterParams, cursor: LeadCursor | null): { sql: string; values: SqliteValue[] } {
    const params = { ...filters, cursorAt: cursor?.createdAt ?? null, cursorId: cursor?.id ?? null };
    const where = filterSql(params);
    const named = [...where.matchAll(/:(\w+)/g)].map((match) => match[1] as keyof typeof params);
    return { sql: where.replace(/:(\w+)/g, '?'), values: named.map((name) => sqlValue(params[name])) };
  }

  private statement(sql: string) {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}

function text(value: SqliteValue | undefined): string | null {
  return typeof value === 'string' ? value : null;
}

/** A filter value as an SQL literal (a string quoted, its quotes doubled); null for one that cannot be written so. */
function sqlLiteral(value: SqliteValue): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && !value.includes('\0')) return `'${value.replaceAll("'", "''")}'`;
  return null;
}

function sqlValue(value: string | boolean | null): SqliteValue {
  return typeof value === 'boolean' ? Number(value) : value;
}

function sheetRow(row: Record<string, SqliteValue>): ConsoleWalkInsQueryResult[number] {
  return {
    _id: row.id as string,
    _rev: row.rev as string,
    name: text(row.name),
    phone: text(row.phone),
    status: row.status as ConsoleWalkInsQueryResult[number]['status'],
    assigneeName: text(row.assigneeName),
    lastMemo: text(row.lastMemo),
    checkedInAt: text(row.checkedInAt),
  };
}
