/**
 * Shared set-up of the lead integration tests: the lead routes on a real HTTP port over embedded
 * stores, PostgreSQL (leads and outbox in a fresh database) or a Sanity stand-in, form tokens
 * signed with a known secret, and a valid body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import pg from 'pg';
import { EDITOR_TOKEN } from '../support/content-lake';
import { openEmbeddedStore, type EmbeddedStore } from '../../web/server/content/embedded';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import { PostgresLeadOutbox } from '../../web/server/leads/postgres-outbox';
import { freshDatabaseUrl } from '../support/postgres';
import { createSanitySource } from '../../web/server/content/sanity';
import type { ContentSource } from '../../web/server/content/types';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { openLeadOutbox } from '../../web/server/leads/outbox';
import { createLeadRouter } from '../../web/server/leads/routes';
import { LeadService, type LeadServiceOptions } from '../../web/server/leads/service';

export const TEST_SECRET = 'lead-test-secret-0123456789abcdef';
export const signer = createFormTokenSigner(TEST_SECRET);
export const CONSENT_VERSION = '2026-11';

/** A token rendered `ageMs` ago, so the minimum fill time has passed. */
export function tokenAged(ageMs = 10_000): string {
  return signer.issue(CONSENT_VERSION, Date.now() - ageMs);
}

let phoneCounter = 1000_0000;
/** A distinct valid mobile number per call. */
export function nextPhone(): string {
  phoneCounter += 1;
  return `010${phoneCounter}`;
}

export function validBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    formToken: tokenAged(),
    formKind: 'popup',
    name: '홍길동',
    phone: nextPhone(),
    privacyConsent: true,
    ageConfirmed: true,
    website: '',
    sourcePage: '/?utm_source=naver&utm_campaign=launch',
    ...overrides,
  };
}

export function slotDocument(id: string, capacity: number, booked = 0) {
  return { _id: id, _type: 'visitSlot', date: '2099-12-01', time: '14:00', capacity, booked };
}

/** The stores a lead suite runs on: the embedded default, and PostgreSQL (DATABASE_URL). */
export const LEAD_STORES = ['embedded', 'PostgreSQL'] as const;
export type LeadStore = (typeof LEAD_STORES)[number];

export type LeadApp = {
  url: string;
  service: LeadService;
  content: EmbeddedStore;
  leads: ContentSource;
  dataDir: string;
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The lead routes on 127.0.0.1 with a seeded content store and, unless `leads` is given, a leads
 * store of the `store` kind (default embedded); min fill time and rate limits off unless set.
 */
export async function startLeadApp(
  options: Partial<LeadServiceOptions> & {
    leads?: ContentSource;
    store?: LeadStore;
  } = {},
): Promise<LeadApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-test-'));
  const content = await openEmbeddedStore({
    file: ':memory:',
    seedFile: path.resolve('content/production.ndjson'),
  });
  const database = !options.leads && options.store === 'PostgreSQL' ? new pg.Pool({ connectionString: await freshDatabaseUrl(), max: 5 }) : undefined;
  const leads =
    options.leads ?? (database ? await openPostgresDocumentStore({ pool: database }) : await openEmbeddedStore({ file: path.join(dataDir, 'leads.sqlite') }));
  const service = new LeadService({
    secret: TEST_SECRET,
    minFillMs: 0,
    ipLimit: { max: 0, windowMs: 1 },
    phoneLimit: { max: 0, windowMs: 1 },
    bookingIpLimit: { max: 0, windowMs: 1 },
    slotNetworkLimit: { max: 0, windowMs: 1 },
    outbox: database ? new PostgresLeadOutbox(database) : openLeadOutbox(path.join(dataDir, 'lead-outbox.sqlite')),
    ...options,
    content,
    leads,
  });
  const app = express();
  app.use(createLeadRouter({ service }));
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    service,
    content,
    leads,
    dataDir,
    post: (body, headers = {}) =>
      fetch(`${url}/api/leads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      await leads.close();
      await content.close();
      await database?.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Sanity leads source, uncached and without retries, against the Content Lake stand-in at `apiHost`. */
export function fakeSanityLeads(apiHost: string, token = EDITOR_TOKEN): ContentSource {
  return createSanitySource({ projectId: 'test', dataset: 'leads', apiVersion: '2025-02-19', token, useCdn: false, cacheTtlMs: 0, apiHost, maxRetries: 0 });
}

/**
 * tests/integration/leads-child-server.ts as a child process (so it can be killed with SIGKILL),
 * once it listens; `children` collects it for the test's clean-up.
 */
export async function startLeadChildServer(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/leads-child-server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /PORT=(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    });
    child.on('exit', (code) => reject(new Error(`child exited early (${code})`)));
  });
  return { child, url };
}
