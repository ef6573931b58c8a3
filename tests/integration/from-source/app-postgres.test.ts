/**
 * The server's own app (createApp, loaded through Vite) with DATABASE_URL: registrations, customers
 * and visit slots are in PostgreSQL's tables (no lead in DATA_DIR's databases), a booking is taken
 * and read back by a second app started on the same database, and /readyz reports the table outbox.
 * Their content is Sanity's (the Content Lake stand-in): two instances with embedded content
 * would not start on one database.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../../web/server/app';
import { readSeedDocuments } from '../../../web/server/content/seed';
import { openSqlite } from '../../../web/server/sqlite';
import { ContentLake, EDITOR_TOKEN } from '../../support/content-lake';
import { freshDatabaseUrl } from '../../support/postgres';
import { appFromSources, type AppModule } from '../../support/source-modules';

let appModule: AppModule;
let databaseUrl: string;
let sanity: ContentLake;
let sanityEnv: Record<string, string>;
const dataDirs: string[] = [];
const running: Array<{ app: App; server: Server }> = [];

/** One instance: its own DATA_DIR, the shared database, answering on a loopback port. */
async function startInstance(): Promise<{ app: App; origin: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'app-postgres-'));
  dataDirs.push(dataDir);
  const app = await appModule.createApp(
    appModule.loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      ...sanityEnv,
      LEAD_MIN_FILL_MS: '0',
      LEAD_FORM_SECRET: 'app-postgres-test-secret-0123456789',
    }),
    { pagePipeline: false },
  );
  const server = createServer(app.handler);
  running.push({ app, server });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { app, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  sanity = new ContentLake();
  const apiHost = await sanity.start({ production: await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() }) });
  sanityEnv = { SANITY_PROJECT_ID: sanity.projectId, SANITY_API_HOST: apiHost, SANITY_API_TOKEN: EDITOR_TOKEN, SANITY_USE_CDN: 'false' };
  appModule = await appFromSources();
}, 120_000);

afterAll(async () => {
  for (const { app, server } of running) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.shutdown();
  }
  await sanity?.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

/** The rows of a query on the shared database. */
async function rowsOf<Row>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

it('a booking posted to one instance is stored in PostgreSQL and read by another; DATA_DIR holds no leads', async () => {
  const first = await startInstance();
  const second = await startInstance();
  // A slot a week ahead, as an admin adds it on the console (the tables are migrated by the first start).
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await rowsOf(`INSERT INTO visit_slots (id, date, time, capacity, created_at) VALUES ('visitSlot-app-postgres', $1, '11:00', 4, $2)`, [
    date,
    new Date().toISOString(),
  ]);
  const form = (await (await fetch(`${first.origin}/api/leads/form`)).json()) as { token: string; slots: Array<{ id: string; remaining: number }> };
  const slot = form.slots.find((option) => option.id === 'visitSlot-app-postgres');
  expect(slot).toMatchObject({ remaining: 4 });
  const response = await fetch(`${first.origin}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      formToken: form.token,
      formKind: 'visit',
      name: '김방문',
      phone: '01055557777',
      privacyConsent: true,
      ageConfirmed: true,
      website: '',
      visitSlot: slot!.id,
      sourcePage: '/',
    }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };

  expect(
    await rowsOf(
      `SELECT registrations.name, customers.phone, bookings.slot_id AS slot, bookings.status
         FROM registrations JOIN customers ON customers.id = registrations.customer_id LEFT JOIN bookings ON bookings.registration_id = registrations.id
        WHERE registrations.id = $1`,
      [id],
    ),
  ).toEqual([{ name: '김방문', phone: '01055557777', slot: slot!.id, status: 'booked' }]);
  // The second instance reads the slot from the tables: its form shows one place fewer.
  const secondForm = (await (await fetch(`${second.origin}/api/leads/form`)).json()) as { slots: Array<{ id: string; remaining: number }> };
  expect(secondForm.slots.find((option) => option.id === slot!.id)?.remaining).toBe(3);

  // DATA_DIR's database keeps no lead: no documents, no customer tables.
  for (const dataDir of dataDirs) {
    expect(existsSync(path.join(dataDir, 'lead-outbox.sqlite'))).toBe(false);
    const file = path.join(dataDir, 'leads.sqlite');
    if (!existsSync(file)) continue;
    const database = openSqlite(file);
    try {
      expect(
        database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('documents', 'customers', 'registrations', 'bookings')`).all(),
      ).toEqual([]);
    } finally {
      database.close();
    }
  }
  const ready = await (await fetch(`${second.origin}/readyz`)).json();
  expect(ready).toMatchObject({ status: 'ready', checks: { leads: 'ok', database: 'ok' }, outbox: { count: 0 } });
});
