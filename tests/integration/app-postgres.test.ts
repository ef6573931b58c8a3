/**
 * The server's own app (createApp, loaded through Vite) with DATABASE_URL: leads and the demo
 * visit slots are in PostgreSQL (no lead in DATA_DIR's databases), a booking is taken
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
import { createServer as createViteServer, type ViteDevServer } from 'vite';
import type { App } from '../../web/server/app';
import { readSeedDocuments } from '../../web/server/content/seed';
import { openSqlite } from '../../web/server/sqlite';
import { ContentLake, EDITOR_TOKEN } from '../support/content-lake';
import { freshDatabaseUrl } from '../support/postgres';

type AppModule = typeof import('../../web/server/app');

let vite: ViteDevServer;
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
    appModule.loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...sanityEnv, LEAD_MIN_FILL_MS: '0', LEAD_FORM_SECRET: 'app-postgres-test-secret-0123456789' }),
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
  vite = await createViteServer({ server: { middlewareMode: true, hmr: false }, appType: 'custom', logLevel: 'error' });
  appModule = (await vite.ssrLoadModule('./web/server/app.ts')) as AppModule;
}, 120_000);

afterAll(async () => {
  for (const { app, server } of running) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await app.shutdown();
  }
  await vite?.close();
  await sanity?.stop();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

it('a booking posted to one instance is stored in PostgreSQL and read by another; DATA_DIR holds no leads', async () => {
  const first = await startInstance();
  const second = await startInstance();
  const form = (await (await fetch(`${first.origin}/api/leads/form`)).json()) as { token: string; slots: Array<{ id: string; remaining: number }> };
  expect(form.slots.length).toBeGreaterThan(0);
  const slot = form.slots[0];
  const response = await fetch(`${first.origin}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ formToken: form.token, formKind: 'visit', name: '김방문', phone: '01055557777', privacyConsent: true, ageConfirmed: true, website: '', visitSlot: slot.id, sourcePage: '/' }),
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; slot: string }>(`SELECT doc->>'name' AS name, doc->'visitSlot'->>'_ref' AS slot FROM documents WHERE id = $1`, [id]);
    expect(rows).toEqual([{ name: '김방문', slot: slot.id }]);
  } finally {
    await client.end();
  }
  // The second instance's console reads it (SQL on the database) and its form shows one place fewer.
  const lead = await second.app.loadContext.leadConsole.lead(id, { email: 'cli', name: 'cli', role: 'admin', ip: '127.0.0.1' });
  expect(lead).toMatchObject({ name: '김방문' });
  const secondForm = (await (await fetch(`${second.origin}/api/leads/form`)).json()) as { slots: Array<{ id: string; remaining: number }> };
  expect(secondForm.slots.find((option) => option.id === slot.id)?.remaining).toBe(slot.remaining - 1);

  // DATA_DIR's database keeps only the staff accounts and the audit trail (not yet in PostgreSQL).
  for (const dataDir of dataDirs) {
    expect(existsSync(path.join(dataDir, 'lead-outbox.sqlite'))).toBe(false);
    const database = openSqlite(path.join(dataDir, 'leads.sqlite'));
    try {
      expect(database.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'documents'`).all()).toEqual([]);
    } finally {
      database.close();
    }
  }
  const ready = await (await fetch(`${second.origin}/readyz`)).json();
  expect(ready).toMatchObject({ status: 'ready', checks: { leads: 'ok', database: 'ok' }, outbox: { count: 0 } });
});
