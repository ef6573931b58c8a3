/**
 * The customer tables for a console test, on the embedded SQLite file and on a fresh PostgreSQL
 * database migrated as the server does, and a console over them: the tests of visits, the desk,
 * 오늘 할 일 and the export run each case on both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { LeadConsoleService, type LeadConsoleOptions } from '../../web/server/console/lead-console';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../web/server/database/index';
import { register } from '../../web/server/customers/registration';
import type { NewRegistration, RegistrationOptions } from '../../web/server/customers/registration-types';
import { migrate } from '../../web/server/postgres/index';
import { freshDatabaseUrl } from './postgres';
import { MemoryAuditTrail } from './memory-audit-trail';

export type OpenedSales = { sales: SalesDatabase; close: () => Promise<void> };

export const SALES_DATABASES: Record<string, () => Promise<OpenedSales>> = {
  'embedded SQLite': async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'console-sales-'));
    const sales = await openEmbeddedSalesDatabase(dataDir);
    return {
      sales,
      close: async () => {
        await sales.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  },
  PostgreSQL: async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const pool = new pg.Pool({ connectionString: url, max: 8 });
    return { sales: salesDatabaseOnPostgres(pool), close: () => pool.end() };
  },
};

/** A console over `sales` (the content source, where settings live, an empty in-memory store). */
export async function consoleOver(
  sales: SalesDatabase,
  options: Partial<LeadConsoleOptions> = {},
): Promise<{ service: LeadConsoleService; close: () => Promise<void> }> {
  const content = await openEmbeddedStore({ file: ':memory:' });
  const service = new LeadConsoleService({ content, sales, audit: new MemoryAuditTrail(), staff: { list: async () => [] }, ...options });
  return {
    service,
    close: async () => {
      await content.close();
    },
  };
}

/** A site form's registration (popup unless said), stored as the site stores it; answers the customer's id. */
export async function registered(
  sales: SalesDatabase,
  fields: { id: string; name: string; phone: string; createdAt: string } & Partial<Omit<NewRegistration, 'id' | 'name' | 'phone' | 'createdAt'>>,
  options: Partial<RegistrationOptions> = {},
): Promise<string> {
  const outcome = await register(
    sales,
    { formKind: 'popup', consent: { marketing: false, noticeVersion: 'v1', agreedAt: fields.createdAt }, ...fields },
    { assignee: null, today: fields.createdAt.slice(0, 10), ...options },
  );
  if (outcome.status !== 'created') throw new Error(`not registered: ${outcome.status}`);
  return outcome.customerId;
}

/** A visit slot. */
export async function slotIn(sales: SalesDatabase, id: string, date: string, time: string, capacity: number): Promise<void> {
  await sales.db.insertInto('visit_slots').values({ id, date, time, capacity, created_at: '2026-01-01T00:00:00.000Z' }).execute();
}
