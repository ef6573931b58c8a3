/**
 * Shared set-up of the lead integration tests: the lead routes on a real HTTP port over embedded
 * stores (or a Sanity stand-in), form tokens signed with a known secret, and a valid body.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { openEmbeddedStore, type EmbeddedStore } from '../../web/server/content/embedded';
import { createSanitySource } from '../../web/server/content/sanity';
import { MutationError, type ContentSource, type Mutation } from '../../web/server/content/types';
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
 * The lead routes on 127.0.0.1 with a seeded content store and, unless `leads` is given, an
 * embedded leads store; min fill time and rate limits off unless set.
 */
export async function startLeadApp(
  options: Partial<LeadServiceOptions> & {
    leads?: ContentSource;
  } = {},
): Promise<LeadApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-test-'));
  const content = await openEmbeddedStore({
    file: ':memory:',
    seedFile: path.resolve('content/production.ndjson'),
  });
  const leads = options.leads ?? (await openEmbeddedStore({ file: path.join(dataDir, 'leads.sqlite') }));
  const service = new LeadService({
    secret: TEST_SECRET,
    minFillMs: 0,
    ipLimit: { max: 0, windowMs: 1 },
    phoneLimit: { max: 0, windowMs: 1 },
    bookingIpLimit: { max: 0, windowMs: 1 },
    outbox: openLeadOutbox(path.join(dataDir, 'lead-outbox.sqlite')),
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
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The Sanity leads source, uncached and without retries, against a FakeSanity at `apiHost`. */
export function fakeSanityLeads(apiHost: string, token = 'token'): ContentSource {
  return createSanitySource({ projectId: 'test', dataset: 'leads', apiVersion: '2025-02-19', token, useCdn: false, cacheTtlMs: 0, apiHost, maxRetries: 0 });
}

/**
 * A stand-in for the Sanity HTTP API on 127.0.0.1, backed by an embedded store so queries and
 * mutations (ifRevisionID included) behave like Sanity's; `down` makes it answer 503.
 */
export class FakeSanity {
  down = false;
  /** When set, only `Authorization: Bearer <this>` may write (401 otherwise, as Sanity answers). */
  writeToken: string | null = null;
  mutationRequests = 0;
  /** The mutations of every accepted mutate request, in order. */
  readonly mutations: Mutation[][] = [];
  /** Every query request: its perspective and Authorization header, in order. */
  readonly queries: Array<{ query: string; perspective: string | null; authorization: string | undefined }> = [];
  /** How far ahead `now()` in queries answers (to expire time-limited documents such as preview secrets). */
  clockAheadMs = 0;
  private store!: EmbeddedStore;
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => void this.answer(req, body, res));
  });

  async start(documents: object[] = []): Promise<string> {
    this.store = await openEmbeddedStore({ file: ':memory:' });
    if (documents.length > 0) await this.store.mutate(documents.map((document) => ({ createOrReplace: document }) as Mutation));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get documents(): EmbeddedStore {
    return this.store;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.store.close();
  }

  private async answer(req: http.IncomingMessage, body: string, res: http.ServerResponse): Promise<void> {
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (this.down) {
      reply(503, { error: { description: 'Service unavailable' } });
      return;
    }
    const url = new URL(req.url ?? '/', 'http://stub');
    try {
      if (url.pathname.includes('/data/query/')) {
        const fromBody = req.method === 'POST' ? (JSON.parse(body) as { query: string; params?: Record<string, unknown> }) : null;
        const query = fromBody?.query ?? url.searchParams.get('query') ?? '';
        const params: Record<string, unknown> = { ...fromBody?.params };
        for (const [key, value] of url.searchParams) if (key.startsWith('$')) params[key.slice(1)] = JSON.parse(value);
        const perspective = url.searchParams.get('perspective');
        this.queries.push({ query, perspective, authorization: req.headers.authorization });
        const clockedQuery = this.clockAheadMs ? query.replaceAll('now()', `"${new Date(Date.now() + this.clockAheadMs).toISOString()}"`) : query;
        // The drafts perspective overlays drafts, as the Content Lake does; any other reads published documents.
        const source = perspective === 'drafts' ? this.store.drafts() : this.store;
        reply(200, { result: await source.fetch(clockedQuery, params), ms: 1 });
        return;
      }
      this.mutationRequests += 1;
      if (this.writeToken !== null && req.headers.authorization !== `Bearer ${this.writeToken}`) {
        reply(401, { error: { description: 'Unauthorized - Session not found', type: 'httpError' } });
        return;
      }
      const { mutations } = JSON.parse(body) as { mutations: Mutation[] };
      if (url.searchParams.get('dryRun') === 'true') {
        reply(200, { transactionId: 'dry-run', results: [] });
        return;
      }
      const result = await this.store.mutate(mutations);
      this.mutations.push(mutations);
      reply(200, result);
    } catch (error) {
      const status = error instanceof MutationError ? error.statusCode : 500;
      reply(status, { error: { description: (error as Error).message, type: 'mutationError' } });
    }
  }
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
