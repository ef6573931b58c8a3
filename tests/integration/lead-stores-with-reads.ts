/**
 * A leads store holding given documents, with the console's SQL reads on it: the embedded SQLite
 * database (a temporary file) or PostgreSQL (a fresh database), for the console suites.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import type { ContentSource, Mutation } from '../../web/server/content/types';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../web/server/database/index';
import type { LeadReads } from '../../web/server/console/lead-reads';
import { PostgresLeadReads } from '../../web/server/console/postgres-reads';
import { SqliteLeadReads } from '../../web/server/console/sqlite-reads';
import { freshDatabaseUrl } from '../support/postgres';

export type LeadsWithReads = { leads: ContentSource; reads: LeadReads; sales: SalesDatabase; close(): Promise<void> };

/** `narrowMatches`: the reads' switch between their two list plans (0: always walk the list). */
export async function sqliteLeadsWithReads(mutations: Mutation[], narrowMatches?: number): Promise<LeadsWithReads> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lead-console-'));
  const file = path.join(dataDir, 'leads.sqlite');
  const leads = await openEmbeddedStore({ file });
  await leads.mutate(mutations);
  const reads = SqliteLeadReads.open(file, narrowMatches);
  const sales = await openEmbeddedSalesDatabase(dataDir);
  return {
    leads,
    reads,
    sales,
    async close() {
      reads.close();
      await Promise.all([leads.close(), sales.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postgresLeadsWithReads(mutations: Mutation[], narrowMatches?: number): Promise<LeadsWithReads> {
  const pool = new pg.Pool({ connectionString: await freshDatabaseUrl(), max: 4 });
  const leads = await openPostgresDocumentStore({ pool });
  await leads.mutate(mutations);
  return {
    leads,
    reads: new PostgresLeadReads(pool, narrowMatches),
    // The template database is migrated (tests/support/postgres-server.ts): the sales tables are there.
    sales: salesDatabaseOnPostgres(pool),
    async close() {
      await leads.close();
      await pool.end();
    },
  };
}
