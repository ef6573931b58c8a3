/**
 * The utm sources a customer registered under, kept on its row (`customers.utm_sources`) as each
 * registration adds one: the console list's source filter reads them from the index it walks
 * (a 상담사's customers of one status) instead of looking each customer up among the
 * registrations. Stored as SEPARATOR, then each source followed by SEPARATOR; a unit separator
 * cannot be in a source, whose control characters are dropped when the form is read
 * (stripControlCharacters).
 */
import { sql, SqliteAdapter, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { SalesTables } from '../database/tables';

const SEPARATOR = '\u001f';

/** A customer with no source yet (the column's default). */
export const NO_SOURCES = SEPARATOR;

/** A new customer's sources: its first registration's, if it has one. */
export function firstSources(source: string | null): string {
  return source === null ? NO_SOURCES : `${SEPARATOR}${source}${SEPARATOR}`;
}

/** Whether the customer row's sources hold `source` (replace is exact and case-sensitive on both databases). */
export function hasSource(source: string): Expression<SqlBool> {
  return sql<SqlBool>`replace(customers.utm_sources, ${`${SEPARATOR}${source}${SEPARATOR}`}, '') <> customers.utm_sources`;
}

/** The customer row's sources with `source` added, for an update of the row. */
export function withSource(source: string): RawBuilder<string> {
  return sql<string>`CASE WHEN ${hasSource(source)} THEN customers.utm_sources ELSE customers.utm_sources || ${`${source}${SEPARATOR}`} END`;
}

/**
 * The database's own guard of the sources: a registration added by anything but this release's
 * register() (a release before this one still running during a rolling update, a move of old
 * rows) adds its source to its customer. register() has added it already, so the guard finds
 * nothing to write (no second row version on PostgreSQL).
 */
export async function guardCustomerSources(db: Kysely<unknown>): Promise<void> {
  // A trigger's body takes no parameters: the separator is written into it as a literal.
  const separator = sql.lit(SEPARATOR);
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`
      CREATE TRIGGER registrations_customer_sources AFTER INSERT ON registrations
      WHEN NEW.utm_source IS NOT NULL
      BEGIN
        UPDATE customers SET utm_sources = utm_sources || NEW.utm_source || ${separator}
        WHERE id = NEW.customer_id AND instr(utm_sources, ${separator} || NEW.utm_source || ${separator}) = 0;
      END
    `.execute(db);
    return;
  }
  await sql`
    CREATE FUNCTION registrations_customer_sources() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE customers SET utm_sources = utm_sources || NEW.utm_source || ${separator}
      WHERE id = NEW.customer_id AND strpos(utm_sources, ${separator} || NEW.utm_source || ${separator}) = 0;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER registrations_customer_sources AFTER INSERT ON registrations
    FOR EACH ROW WHEN (NEW.utm_source IS NOT NULL) EXECUTE FUNCTION registrations_customer_sources()
  `.execute(db);
}

/** Removes the guard (migration 0023 undone). */
export async function unguardCustomerSources(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    await sql`DROP TRIGGER IF EXISTS registrations_customer_sources`.execute(db);
    return;
  }
  await sql`DROP TRIGGER IF EXISTS registrations_customer_sources ON registrations`.execute(db);
  await sql`DROP FUNCTION IF EXISTS registrations_customer_sources()`.execute(db);
}

/**
 * Every customer's sources set again from its registrations (migration 0023, the move from
 * documents, a seed). Only rows whose sources differ are written: each written row is a new row
 * version in every index on PostgreSQL.
 */
export async function recountCustomerSources(db: Kysely<SalesTables> | Kysely<unknown>): Promise<void> {
  const sales = db as Kysely<SalesTables>;
  const joined =
    db.getExecutor().adapter instanceof SqliteAdapter ? sql`group_concat(utm_source || ${SEPARATOR}, '')` : sql`string_agg(utm_source || ${SEPARATOR}, '')`;
  const sources = sql`(
    SELECT customer_id, ${SEPARATOR} || ${joined} AS marks
    FROM (SELECT DISTINCT customer_id, utm_source FROM registrations WHERE utm_source IS NOT NULL) distinct_sources
    GROUP BY customer_id
  )`;
  await sql`
    UPDATE customers SET utm_sources = ${NO_SOURCES}
    WHERE utm_sources <> ${NO_SOURCES} AND NOT EXISTS (SELECT 1 FROM registrations WHERE customer_id = customers.id AND utm_source IS NOT NULL)
  `.execute(sales);
  await sql`
    UPDATE customers SET utm_sources = sources.marks
    FROM ${sources} sources
    WHERE customers.id = sources.customer_id AND customers.utm_sources <> sources.marks
  `.execute(sales);
}
