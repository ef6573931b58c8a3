import type { Kysely } from 'kysely';

/**
 * The column holding each document's JSON in this database's document store — `doc` (jsonb) on
 * PostgreSQL, `json` (text) in the embedded file, both read with `->>` — or undefined where the
 * database has no document store (a fresh test database).
 */
export async function documentsColumn(db: Kysely<unknown>): Promise<'doc' | 'json' | undefined> {
  const documents = (await db.introspection.getTables()).find((table) => table.name === 'documents');
  const column = documents?.columns.find((candidate) => candidate.name === 'doc' || candidate.name === 'json');
  return column?.name as 'doc' | 'json' | undefined;
}
