/**
 * The customer tables and the audit trail beside them, for the console's suites: the embedded
 * SQLite database (a temporary directory) or PostgreSQL (a fresh, migrated database). The records
 * of a change are written in its transaction, those of a read by the trail: both in `audit_events`.
 * `content` holds the settings the console reads (leadSettings); it stands for the old leads
 * source too, which the visit parts still take.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PostgresAuditTrail } from '../../web/server/audit/postgres-trail';
import { SqliteAuditTrail, type AuditTrail } from '../../web/server/audit/trail';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import type { ContentSource } from '../../web/server/content/types';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../web/server/database/index';
import { openLeadsDatabase } from '../../web/server/database/leads-file';
import { migrate } from '../../web/server/postgres/index';
import { freshDatabaseUrl } from './postgres';

export type ConsoleSales = {
  sales: SalesDatabase;
  audit: AuditTrail;
  content: ContentSource;
  /** Rows of a query on the database (PostgreSQL's counts come back as text). */
  rows<Row>(query: string): Promise<Row[]>;
  exec(statement: string): Promise<void>;
  /** Makes every audit record fail to be written, as an audit store that is down. */
  refuseAudit(): Promise<void>;
  close(): Promise<void>;
};

export const CONSOLE_DATABASES: Record<'SQLite' | 'PostgreSQL', (now?: () => number) => Promise<ConsoleSales>> = {
  SQLite: async (now) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-sales-'));
    const sales = await openEmbeddedSalesDatabase(dataDir);
    const reader = openLeadsDatabase(dataDir);
    const content = await openEmbeddedStore({ file: ':memory:' });
    const exec = async (statement: string) => reader.exec(statement);
    return {
      sales,
      audit: new SqliteAuditTrail(reader, now),
      content,
      rows: async <Row>(query: string) => reader.prepare(query).all() as Row[],
      exec,
      refuseAudit: () => exec(`CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit store down'); END`),
      async close() {
        await content.close();
        reader.close();
        await sales.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  PostgreSQL: async (now) => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 6 });
    const content = await openEmbeddedStore({ file: ':memory:' });
    const exec = async (statement: string) => void (await pool.query(statement));
    return {
      sales: salesDatabaseOnPostgres(pool),
      audit: new PostgresAuditTrail(pool, now),
      content,
      rows: async <Row>(query: string) => (await pool.query(query)).rows as Row[],
      exec,
      refuseAudit: () =>
        exec(`CREATE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit store down'; END $$;
              CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_refused()`),
      async close() {
        await content.close();
        await pool.end();
      },
    };
  },
};
