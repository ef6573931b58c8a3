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
import pg from 'pg';
import { EDITOR_TOKEN } from './content-lake';
import { openEmbeddedStore, type EmbeddedStore } from '../../web/server/content/embedded';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../web/server/database/index';
import { migrate } from '../../web/server/postgres/index';
import { PostgresLeadOutbox } from '../../web/server/leads/postgres-outbox';
import { freshDatabaseUrl } from './postgres';
import { createSanitySource } from '../../web/server/content/sanity';
import type { ContentSource } from '../../web/server/content/types';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { openLeadOutbox } from '../../web/server/leads/outbox';
import { leadRequests } from '../../web/server/leads/http';
import { leadApiListener } from './lead-api-server';
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

/** A visit slot as the console would make it (2099-12-01 14:00 unless said otherwise). */
export type TestSlot = { id: string; capacity: number; booked?: number; date?: string; time?: string };

/** A registration as the tables hold it, in the shape the lead tests compare. */
export type StoredRegistration = {
  id: string;
  name: string;
  phone: string;
  message: string | null;
  formKind: string;
  sourcePage: string | null;
  landingPage: string | null;
  utm: Record<string, string>;
  consent: { marketing: boolean; noticeVersion: string | null; agreedAt: string | null };
  createdAt: string;
  assignee: { email: string; name: string } | null;
  /** The visit this registration booked or asked for. */
  visit: { slotId: string | null; visitAt: string; status: string } | null;
};

export async function storedRegistration(sales: SalesDatabase, id: string): Promise<StoredRegistration | null> {
  const row = await sales.db
    .selectFrom('registrations')
    .innerJoin('customers', 'customers.id', 'registrations.customer_id')
    .selectAll('registrations')
    .select(['customers.phone', 'customers.assignee_email', 'customers.assignee_name'])
    .where('registrations.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const visit = await sales.db.selectFrom('bookings').select(['slot_id', 'visit_at', 'status']).where('registration_id', '=', id).executeTakeFirst();
  const utm = Object.fromEntries(
    (['source', 'medium', 'campaign', 'term', 'content'] as const).flatMap((key) => (row[`utm_${key}`] ? [[key, row[`utm_${key}`] as string]] : [])),
  );
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    message: row.message,
    formKind: row.form_kind,
    sourcePage: row.source_page,
    landingPage: row.landing_page,
    utm,
    consent: { marketing: row.marketing_consent === 1, noticeVersion: row.notice_version, agreedAt: row.agreed_at },
    createdAt: row.created_at,
    assignee: row.assignee_email ? { email: row.assignee_email, name: row.assignee_name ?? row.assignee_email } : null,
    visit: visit ? { slotId: visit.slot_id, visitAt: visit.visit_at, status: visit.status } : null,
  };
}

/** The stores a lead suite runs on: the embedded default, and PostgreSQL (DATABASE_URL). */
export const LEAD_STORES = ['embedded', 'PostgreSQL'] as const;
export type LeadStore = (typeof LEAD_STORES)[number];

export type LeadApp = {
  url: string;
  service: LeadService;
  content: EmbeddedStore;
  sales: SalesDatabase;
  dataDir: string;
  /** Registration `id` as stored, or null. */
  lead(id: string): Promise<StoredRegistration | null>;
  /** How many registrations are stored (of `phone`, when given). */
  registrations(phone?: string): Promise<number>;
  addSlot(slot: TestSlot): Promise<void>;
  /** The places taken in slot `id`. */
  booked(id: string): Promise<number | undefined>;
  post(body: unknown, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
};

/**
 * The lead routes on 127.0.0.1 with a seeded content store and, unless `sales` is given, the
 * customer tables of the `store` kind (default embedded); min fill time and rate limits off unless set.
 */
export async function startLeadApp(
  options: Partial<LeadServiceOptions> & {
    store?: LeadStore;
  } = {},
): Promise<LeadApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-test-'));
  const content = await openEmbeddedStore({
    file: ':memory:',
    seedFile: path.resolve('content/production.ndjson'),
  });
  const databaseUrl = !options.sales && options.store === 'PostgreSQL' ? await freshDatabaseUrl() : undefined;
  if (databaseUrl) await migrate(databaseUrl);
  const database = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 5 }) : undefined;
  const sales = options.sales ?? (database ? salesDatabaseOnPostgres(database) : await openEmbeddedSalesDatabase(dataDir));
  const ownsSales = !options.sales;
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
    sales,
  });
  const server = http.createServer(leadApiListener(leadRequests(service)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    service,
    content,
    sales,
    dataDir,
    lead: (id) => storedRegistration(sales, id),
    async registrations(phone) {
      let query = sales.db
        .selectFrom('registrations')
        .innerJoin('customers', 'customers.id', 'registrations.customer_id')
        .select(({ fn }) => fn.countAll<number | string>().as('count'));
      if (phone) query = query.where('customers.phone', '=', phone);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },
    async addSlot({ id, capacity, booked = 0, date = '2099-12-01', time = '14:00' }) {
      await sales.db.insertInto('visit_slots').values({ id, date, time, capacity, booked, created_at: new Date().toISOString() }).execute();
    },
    async booked(id) {
      return (await sales.db.selectFrom('visit_slots').select('booked').where('id', '=', id).executeTakeFirst())?.booked;
    },
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
      if (ownsSales) await sales.close();
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
 * tests/support/leads-child-server.ts as a child process (so it can be killed with SIGKILL),
 * once it listens; `children` collects it for the test's clean-up.
 */
export async function startLeadChildServer(env: NodeJS.ProcessEnv, children: ChildProcess[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/leads-child-server.ts'], {
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
