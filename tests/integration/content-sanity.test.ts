import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../web/server/config';
import { createContentSources } from '../../web/server/content/index';
import { createSanitySource } from '../../web/server/content/sanity';
import { ContentUnavailableError, MutationError } from '../../web/server/content/types';

const API_VERSION = '2025-02-19';

type RecordedRequest = { method: string; url: URL; headers: http.IncomingHttpHeaders; body: string };
type StubReply = { status: number; body: unknown };

/** A stand-in for api.sanity.io on 127.0.0.1 that records every request. */
class SanityStub {
  readonly requests: RecordedRequest[] = [];
  reply: (request: RecordedRequest) => StubReply = defaultReply;
  private readonly server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const request = { method: req.method ?? '', url: new URL(req.url ?? '/', 'http://stub'), headers: req.headers, body };
      this.requests.push(request);
      const { status, body: replyBody } = this.reply(request);
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(replyBody));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function defaultReply(request: RecordedRequest): StubReply {
  if (request.url.pathname.includes('/data/query/')) {
    return { status: 200, body: { result: [{ _id: 'press-1', title: '기사' }], ms: 1 } };
  }
  const { mutations } = JSON.parse(request.body) as { mutations: Array<Record<string, { _id?: string; id?: string }>> };
  return {
    status: 200,
    body: {
      transactionId: 'tx-from-stub',
      results: mutations.map((mutation) => {
        const [[operation, target]] = Object.entries(mutation);
        const kind = operation === 'patch' ? 'update' : operation === 'delete' ? 'delete' : 'create';
        return { id: target._id ?? target.id, operation: kind };
      }),
    },
  };
}

let stub: SanityStub;
let apiHost: string;

beforeEach(async () => {
  stub = new SanityStub();
  apiHost = await stub.start();
});

afterEach(async () => {
  vi.useRealTimers();
  await stub.stop();
});

function source(options: { cacheTtlMs?: number; token?: string; useCdn?: boolean } = {}) {
  return createSanitySource({
    projectId: 'testproject',
    dataset: 'production',
    apiVersion: API_VERSION,
    token: options.token ?? 'secret-write-token',
    useCdn: options.useCdn ?? false,
    apiHost,
    cacheTtlMs: options.cacheTtlMs,
    maxRetries: 0,
  });
}

describe('reads', () => {
  it('sends GET /v{apiVersion}/data/query/{dataset} with the query, $params and the published perspective', async () => {
    const content = source();
    const query = '*[_type == "pressArticle" && siteId == $site][0...$limit]{_id, title}';
    const result = await content.fetch(query, { site: 'cheonghak', limit: 10 });

    expect(result).toEqual([{ _id: 'press-1', title: '기사' }]);
    expect(stub.requests).toHaveLength(1);
    const [request] = stub.requests;
    expect(request.method).toBe('GET');
    expect(request.url.pathname).toBe(`/v${API_VERSION}/data/query/production`);
    expect(request.url.searchParams.get('query')).toBe(query);
    // Parameters are JSON-encoded, one `$name` query parameter each.
    expect(request.url.searchParams.get('$site')).toBe('"cheonghak"');
    expect(request.url.searchParams.get('$limit')).toBe('10');
    expect(request.url.searchParams.get('perspective')).toBe('published');
  });

  it('reuses a result for the TTL, then asks again; invalidate() purges at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    const content = source({ cacheTtlMs: 30_000 });
    const query = '*[_type == "siteSettings"][0]';

    await content.fetch(query);
    await content.fetch(query);
    expect(stub.requests).toHaveLength(1);

    // Different parameters are a different cache entry.
    await content.fetch(query, { unused: 1 });
    expect(stub.requests).toHaveLength(2);

    vi.setSystemTime(new Date('2025-06-01T00:00:29Z'));
    await content.fetch(query);
    expect(stub.requests).toHaveLength(2);

    vi.setSystemTime(new Date('2025-06-01T00:00:31Z'));
    await content.fetch(query);
    expect(stub.requests).toHaveLength(3);

    content.invalidate();
    await content.fetch(query);
    expect(stub.requests).toHaveLength(4);
  });

  it('shares one request between concurrent identical queries', async () => {
    const content = source();
    await Promise.all([content.fetch('*'), content.fetch('*'), content.fetch('*')]);
    expect(stub.requests).toHaveLength(1);
  });

  it('reports 5xx and unreachable hosts as ContentUnavailableError, and does not cache failures', async () => {
    const content = source();
    stub.reply = () => ({ status: 503, body: { error: 'Service Unavailable' } });
    await expect(content.fetch('*')).rejects.toBeInstanceOf(ContentUnavailableError);
    stub.reply = defaultReply;
    await expect(content.fetch('*')).resolves.toEqual([{ _id: 'press-1', title: '기사' }]);

    await stub.stop();
    await expect(content.fetch('*[1]')).rejects.toBeInstanceOf(ContentUnavailableError);
    stub = new SanityStub();
    await stub.start();
  });
});

/**
 * With a stub apiHost the client sends CDN and API reads to the same host; a CDN read is told
 * apart by `cacheMode=noStale`, which @sanity/client adds only to requests it sends to the CDN.
 */
const viaCdn = (request: RecordedRequest) => request.url.searchParams.get('cacheMode') === 'noStale';

describe('reads right after a write or a purge skip the API CDN', () => {
  const settingsQuery = '*[_type == "siteSettings"][0]';
  const articlesQuery = '*[_type == "pressArticle" && siteId == $site]{_id}';
  const viewsQuery = '*[_type == "pressViews" && _id in $viewIds]{count}';
  const viewFlush = [
    { createIfNotExists: { _id: 'pressViews-press-1', _type: 'pressViews', count: 0 } },
    { patch: { id: 'pressViews-press-1', inc: { count: 3 } } },
  ];

  it('reads through the CDN normally; for 60 s after an admin\'s post or a webhook purge, from the API', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    const content = source({ useCdn: true, cacheTtlMs: 30_000 });
    const lastRequest = () => stub.requests.at(-1)!;

    await content.fetch(articlesQuery, { site: 'cheonghak' });
    expect(viaCdn(lastRequest()), 'a normal read').toBe(true);

    await content.mutate([{ create: { _id: 'press-new', _type: 'pressArticle', siteId: 'cheonghak', title: '새 기사' } }]);
    await content.fetch(articlesQuery, { site: 'cheonghak' });
    expect(viaCdn(lastRequest()), 'the list right after the post').toBe(false);
    await content.fetch(settingsQuery);
    expect(viaCdn(lastRequest()), 'a query of another type is not affected by the post').toBe(true);

    vi.setSystemTime(new Date('2025-06-01T00:01:01Z'));
    await content.fetch(articlesQuery, { site: 'other' });
    expect(viaCdn(lastRequest()), '61 s later').toBe(true);

    // A patch by id alone may touch any type: every query reads fresh.
    await content.mutate([{ patch: { id: 'press-new', set: { title: '고친 제목' } } }]);
    await content.fetch(settingsQuery, { after: 'patch' });
    expect(viaCdn(lastRequest()), 'any query right after a patch').toBe(false);
    vi.setSystemTime(new Date('2025-06-01T00:02:02Z'));
    content.invalidate();
    await content.fetch(settingsQuery);
    expect(viaCdn(lastRequest()), 'right after a webhook purge').toBe(false);
    // 61 s later (the cached answer's TTL is over too).
    vi.setSystemTime(new Date('2025-06-01T00:03:03Z'));
    await content.fetch(settingsQuery);
    expect(viaCdn(lastRequest()), '61 s after the purge').toBe(true);
  });

  it('a view flush purges and reads fresh only the view counts; other cached pages stay cached and on the CDN', async () => {
    const content = source({ useCdn: true, cacheTtlMs: 30_000 });
    await content.fetch(settingsQuery);
    await content.fetch(viewsQuery, { viewIds: ['pressViews-press-1'] });
    const before = stub.requests.length;

    await content.mutate(viewFlush);
    const afterFlush = stub.requests.length;
    expect(afterFlush).toBe(before + 1);
    await content.fetch(settingsQuery);
    expect(stub.requests.length, 'settings still cached').toBe(afterFlush);
    await content.fetch(viewsQuery, { viewIds: ['pressViews-press-1'] });
    expect(stub.requests.length, 'view counts read again').toBe(afterFlush + 1);
    expect(viaCdn(stub.requests.at(-1)!), 'view counts from the API').toBe(false);
    await content.fetch(articlesQuery, { site: 'cheonghak' });
    expect(viaCdn(stub.requests.at(-1)!), 'other queries still on the CDN').toBe(true);
  });
});

describe('writes', () => {
  it('sends POST /v{apiVersion}/data/mutate/{dataset} with the Bearer token and { mutations }', async () => {
    const content = source();
    const mutations = [
      { createIfNotExists: { _id: 'lead-abc', _type: 'lead', name: '홍길동' } },
      { patch: { id: 'slot-1', ifRevisionID: 'rev-1', inc: { booked: 1 } } },
    ];
    const result = await content.mutate(mutations, { transactionId: 'my-transaction' });

    expect(result).toEqual({
      transactionId: 'tx-from-stub',
      results: [
        { id: 'lead-abc', operation: 'create' },
        { id: 'slot-1', operation: 'update' },
      ],
    });
    const [request] = stub.requests;
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe(`/v${API_VERSION}/data/mutate/production`);
    expect(request.headers.authorization).toBe('Bearer secret-write-token');
    expect(request.url.searchParams.get('visibility')).toBe('sync');
    expect(JSON.parse(request.body)).toEqual({ mutations, transactionId: 'my-transaction' });
  });

  it('maps 409 to MutationError 409 and other 4xx to MutationError', async () => {
    const content = source();
    stub.reply = () => ({
      status: 409,
      body: { error: { description: 'Document by ID "lead-abc" already exists', type: 'mutationError' } },
    });
    const conflict = await content.mutate([{ create: { _id: 'lead-abc', _type: 'lead' } }]).catch((error) => error);
    expect(conflict).toBeInstanceOf(MutationError);
    expect(conflict.statusCode).toBe(409);

    stub.reply = () => ({ status: 400, body: { error: { description: 'Invalid mutation', type: 'mutationError' } } });
    const invalid = await content.mutate([{ create: { _type: 'lead' } }]).catch((error) => error);
    expect(invalid).toBeInstanceOf(MutationError);
    expect(invalid.statusCode).toBe(400);
  });

  it('maps 503 (and a rejected token or rate limit) to ContentUnavailableError, so the lead outbox retries', async () => {
    const content = source();
    for (const status of [503, 500, 401, 403, 429]) {
      stub.reply = () => ({ status, body: { error: { description: 'unavailable', type: 'httpError' } } });
      const failure = await content.mutate([{ create: { _type: 'lead' } }]).catch((error) => error);
      expect(failure, String(status)).toBeInstanceOf(ContentUnavailableError);
      expect(failure).not.toBeInstanceOf(MutationError);
    }
  });

  it('rethrows a refused query (a GROQ error) as it is', async () => {
    const content = source();
    stub.reply = () => ({ status: 400, body: { error: { description: 'expected "]"', type: 'queryParseError' } } });
    const failure = await content.fetch('*[').catch((error: { statusCode?: number }) => error);
    expect(failure).not.toBeInstanceOf(ContentUnavailableError);
    expect(failure).toMatchObject({ statusCode: 400 });
  });

  it('purges its own cache after a successful write', async () => {
    const content = source();
    await content.fetch('*[_id == "press-1"][0]');
    await content.mutate([{ patch: { id: 'press-1', inc: { views: 1 } } }]);
    await content.fetch('*[_id == "press-1"][0]');
    expect(stub.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
  });
});

describe('createContentSources', () => {
  it('uses Sanity when SANITY_PROJECT_ID is set: content and leads in separate datasets', async () => {
    const sources = await createContentSources(
      loadConfig({
        SANITY_PROJECT_ID: 'testproject',
        SANITY_API_TOKEN: 'secret-write-token',
        SANITY_API_HOST: apiHost,
      }),
    );
    expect(sources.mode).toBe('sanity');
    expect(sources.imageConfig).toEqual({ projectId: 'testproject', dataset: 'production', baseUrl: 'https://cdn.sanity.io' });

    await sources.content.fetch('*[_type == "siteSettings"][0]');
    await sources.leads.mutate([{ create: { _type: 'lead', name: '홍길동' } }]);
    expect(stub.requests.map((request) => request.url.pathname)).toEqual([
      `/v${API_VERSION}/data/query/production`,
      `/v${API_VERSION}/data/mutate/leads`,
    ]);
    await Promise.all([sources.content.close(), sources.leads.close()]);
  });
});
