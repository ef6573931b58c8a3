/**
 * The Sanity content source against the strict Content Lake stand-in, reached through Sanity's
 * real host names (routed below the client): request shapes, the cache, the CDN after writes,
 * and how refusals map to the site's errors.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources } from '../../../web/server/content/index';
import { saveLead, type LeadDocument } from '../../../web/server/leads/store';
import { leadsDatabaseFile } from '../../../web/server/database/leads-file';
import { freshDatabaseUrl } from '../../support/postgres';
import { createSanitySource } from '../../../web/server/content/sanity';
import { openSqlite } from '../../../web/server/sqlite';
import { ContentAccessDeniedError, ContentUnavailableError, MutationError } from '../../../web/server/content/types';
import { ContentLake, EDITOR_TOKEN, VIEWER_TOKEN, type LakeRequest } from '../../support/content-lake';
import { routeSanityHosts } from '../../support/route-sanity-hosts.mjs';

/** A lead as the site's form stores it. */
function aLead(id: string): LeadDocument {
  const createdAt = '2026-11-01T01:00:00.000Z';
  return {
    _id: id,
    _type: 'lead',
    name: '홍길동',
    phone: '01012345678',
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
  };
}

const API_VERSION = '2025-02-19';
const ARTICLE = { _id: 'press-1', _type: 'pressArticle', siteId: 'cheonghak', title: '기사' };

let lake: ContentLake;
let unroute: () => void;

beforeEach(async () => {
  lake = new ContentLake({ tokens: { [EDITOR_TOKEN]: 'editor', [VIEWER_TOKEN]: 'viewer' } });
  unroute = routeSanityHosts(await lake.start({ production: [ARTICLE, { _id: 'siteSettings', _type: 'siteSettings', phone: '1600-0000' }] }));
});

afterEach(async () => {
  vi.useRealTimers();
  unroute();
  await lake.stop();
});

function source(options: { cacheTtlMs?: number; token?: string; useCdn?: boolean } = {}) {
  return createSanitySource({
    projectId: lake.projectId,
    dataset: 'production',
    apiVersion: API_VERSION,
    token: options.token ?? EDITOR_TOKEN,
    useCdn: options.useCdn ?? false,
    cacheTtlMs: options.cacheTtlMs,
    maxRetries: 0,
  });
}

const reads = () => lake.requests.filter(({ endpoint }) => endpoint === 'query');

describe('reads', () => {
  it("sends GET /v{apiVersion}/data/query/{dataset} to the project's API host with the query, $params and the published perspective", async () => {
    const content = source();
    const query = '*[_type == "pressArticle" && siteId == $site][0...$limit]{_id, title}';
    const result = await content.fetch(query, { site: 'cheonghak', limit: 10 });

    expect(result).toEqual([{ _id: 'press-1', title: '기사' }]);
    expect(reads()).toHaveLength(1);
    const [request] = reads();
    expect(request.method).toBe('GET');
    expect(request.host).toBe(`${lake.projectId}.api.sanity.io`);
    expect(request.url.pathname).toBe(`/v${API_VERSION}/data/query/production`);
    expect(request.url.searchParams.get('query')).toBe(query);
    // Parameters are JSON-encoded, one `$name` query parameter each.
    expect(request.url.searchParams.get('$site')).toBe('"cheonghak"');
    expect(request.url.searchParams.get('$limit')).toBe('10');
    expect(request.perspective).toBe('published');
  });

  it('reuses a result for the TTL, then asks again; invalidate() purges at once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    const content = source({ cacheTtlMs: 30_000 });
    const query = '*[_type == "siteSettings"][0]';

    await content.fetch(query);
    await content.fetch(query);
    expect(reads()).toHaveLength(1);

    // Different parameters are a different cache entry.
    await content.fetch(query, { unused: 1 });
    expect(reads()).toHaveLength(2);

    vi.setSystemTime(new Date('2025-06-01T00:00:29Z'));
    await content.fetch(query);
    expect(reads()).toHaveLength(2);

    vi.setSystemTime(new Date('2025-06-01T00:00:31Z'));
    await content.fetch(query);
    expect(reads()).toHaveLength(3);

    content.invalidate();
    await content.fetch(query);
    expect(reads()).toHaveLength(4);
  });

  it('shares one request between concurrent identical queries', async () => {
    const content = source();
    await Promise.all([content.fetch('*'), content.fetch('*'), content.fetch('*')]);
    expect(reads()).toHaveLength(1);
  });

  it('reports 5xx and unreachable hosts as ContentUnavailableError, and does not cache failures', async () => {
    const content = source();
    lake.down = true;
    await expect(content.fetch('*[_id == "press-1"][0].title')).rejects.toBeInstanceOf(ContentUnavailableError);
    lake.down = false;
    await expect(content.fetch('*[_id == "press-1"][0].title')).resolves.toBe('기사');

    await lake.stop();
    await expect(content.fetch('*[1]')).rejects.toBeInstanceOf(ContentUnavailableError);
    lake = new ContentLake();
    unroute();
    unroute = routeSanityHosts(await lake.start());
  });

  it('a private dataset reads nothing without a token; drafts need one too', async () => {
    const leads = createSanitySource({ projectId: lake.projectId, dataset: 'leads', apiVersion: API_VERSION, useCdn: false, cacheTtlMs: 0, maxRetries: 0 });
    lake.dataset('leads').mutate([{ create: { _id: 'lead-1', _type: 'lead', name: '홍길동' } }]);
    expect(await leads.fetch('count(*[_type == "lead"])')).toBe(0);
    lake.dataset('production').mutate([{ create: { ...ARTICLE, _id: 'drafts.press-1', title: '초안' } }]);
    const anonymous = createSanitySource({
      projectId: lake.projectId,
      dataset: 'production',
      apiVersion: API_VERSION,
      useCdn: false,
      cacheTtlMs: 0,
      maxRetries: 0,
    });
    expect(await anonymous.drafts().fetch('*[_id == "press-1"][0].title')).toBe('기사');
    expect(await source().drafts().fetch('*[_id == "press-1"][0].title')).toBe('초안');
  });
});

describe('reads right after a write or a purge skip the API CDN', () => {
  const settingsQuery = '*[_type == "siteSettings"][0]';
  const articlesQuery = '*[_type == "pressArticle" && siteId == $site]{_id}';
  const articleTitleQuery = '*[_id == "press-1"][0].title';
  const lastRead = (): LakeRequest => reads().at(-1)!;

  it("reads through the CDN normally; for 60 s after an admin's post or a webhook purge, from the API", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    const content = source({ useCdn: true, cacheTtlMs: 30_000 });

    await content.fetch(articlesQuery, { site: 'cheonghak' });
    expect(lastRead().cdn, 'a normal read').toBe(true);

    await content.mutate([{ create: { _id: 'press-new', _type: 'pressArticle', siteId: 'cheonghak', title: '새 기사' } }]);
    await content.fetch(articlesQuery, { site: 'cheonghak' });
    expect(lastRead().cdn, 'the list right after the post').toBe(false);
    await content.fetch(settingsQuery);
    expect(lastRead().cdn, 'a query of another type is not affected by the post').toBe(true);

    vi.setSystemTime(new Date('2025-06-01T00:01:01Z'));
    await content.fetch(articlesQuery, { site: 'other' });
    expect(lastRead().cdn, '61 s later').toBe(true);

    // A patch by id alone may touch any type: every query reads fresh.
    await content.mutate([{ patch: { id: 'press-new', set: { title: '고친 제목' } } }]);
    await content.fetch(settingsQuery, { after: 'patch' });
    expect(lastRead().cdn, 'any query right after a patch').toBe(false);
    vi.setSystemTime(new Date('2025-06-01T00:02:02Z'));
    content.invalidate();
    await content.fetch(settingsQuery);
    expect(lastRead().cdn, 'right after a webhook purge').toBe(false);
    // 61 s later (the cached answer's TTL is over too).
    vi.setSystemTime(new Date('2025-06-01T00:03:03Z'));
    await content.fetch(settingsQuery);
    expect(lastRead().cdn, '61 s after the purge').toBe(true);
  });

  it('right after its own post the site shows it, although the CDN still serves the old list', async () => {
    lake = await restartLake({ cdnPropagationMs: 3_600_000 });
    const content = source({ useCdn: true, cacheTtlMs: 30_000 });
    await content.fetch(articlesQuery, { site: 'cheonghak' });
    await content.mutate([{ create: { _id: 'press-new', _type: 'pressArticle', siteId: 'cheonghak', title: '새 기사' } }]);
    expect(await content.fetch(articlesQuery, { site: 'cheonghak' })).toContainEqual({ _id: 'press-new' });
    expect(await source({ useCdn: true, cacheTtlMs: 0 }).fetch(articlesQuery, { site: 'cheonghak' }), 'the CDN still has the old list').not.toContainEqual({
      _id: 'press-new',
    });
  });

  it("after a Studio edit's purge and the fresh minute, reads the CDN again and never the pre-edit answer (noStale: no stale-while-revalidate)", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T00:00:00Z'));
    // Sanity: an invalidation reaches the CDN within 30–60 s.
    lake = await restartLake({ cdnPropagationMs: 60_000 });
    const content = source({ useCdn: true, cacheTtlMs: 30_000 });
    expect(await content.fetch(articleTitleQuery)).toBe('기사');
    lake.dataset('production').mutate([{ patch: { id: 'press-1', set: { title: '고친 기사' } } }]);
    content.invalidate();
    expect(await content.fetch(articleTitleQuery), 'from the API during the fresh minute').toBe('고친 기사');
    vi.setSystemTime(new Date('2025-06-01T00:01:01Z'));
    expect(await content.fetch(articleTitleQuery)).toBe('고친 기사');
    expect(lastRead().cdn).toBe(true);
    expect(lastRead().cdnCache, 'invalidated at the CDN: read from the origin').toBe('miss');
  });
});

async function restartLake(options: ConstructorParameters<typeof ContentLake>[0]): Promise<ContentLake> {
  unroute();
  await lake.stop();
  const restarted = new ContentLake(options);
  unroute = routeSanityHosts(await restarted.start({ production: [ARTICLE] }));
  return restarted;
}

describe('writes', () => {
  it('sends POST /v{apiVersion}/data/mutate/{dataset} to the API host with the Bearer token, { mutations } and the transaction id', async () => {
    lake.dataset('production').mutate([{ create: { _id: 'slot-1', _type: 'visitSlot', booked: 0 } }]);
    const content = source();
    const revision = lake.dataset('production').get('slot-1')!._rev;
    const mutations = [
      { createIfNotExists: { _id: 'lead-abc', _type: 'lead', name: '홍길동' } },
      { patch: { id: 'slot-1', ifRevisionID: revision, inc: { booked: 1 } } },
    ];
    const result = await content.mutate(mutations, { transactionId: 'my-transaction' });

    expect(result).toEqual({
      transactionId: 'my-transaction',
      results: [
        { id: 'lead-abc', operation: 'create' },
        { id: 'slot-1', operation: 'update' },
      ],
    });
    const request = lake.requests.find(({ endpoint }) => endpoint === 'mutate')!;
    expect(request.method).toBe('POST');
    expect(request.host).toBe(`${lake.projectId}.api.sanity.io`);
    expect(request.url.pathname).toBe(`/v${API_VERSION}/data/mutate/production`);
    expect(request.authorization).toBe(`Bearer ${EDITOR_TOKEN}`);
    expect(request.url.searchParams.get('visibility')).toBe('sync');
    expect(lake.dataset('production').get('lead-abc')?._rev).toBe('my-transaction');
  });

  it('maps 409 (an existing id, a stale revision, a reused transaction id) to MutationError 409 and other refusals to MutationError', async () => {
    const content = source();
    const conflict = await content.mutate([{ create: { _id: 'press-1', _type: 'pressArticle' } }]).catch((error) => error);
    expect(conflict).toBeInstanceOf(MutationError);
    expect(conflict.statusCode).toBe(409);
    const stale = await content.mutate([{ patch: { id: 'press-1', ifRevisionID: 'not-the-revision', set: { title: 'x' } } }]).catch((error) => error);
    expect(stale.statusCode).toBe(409);
    await content.mutate([{ create: { _type: 'lead' } }], { transactionId: 'once' });
    const replay = await content.mutate([{ create: { _type: 'lead' } }], { transactionId: 'once' }).catch((error) => error);
    expect(replay.statusCode).toBe(409);

    const invalid = await content.mutate([{ create: { _id: 'x' } } as never]).catch((error) => error);
    expect(invalid).toBeInstanceOf(MutationError);
    expect(invalid.statusCode).toBe(400);
  });

  it('maps a read-only or unknown token and a rate limit to ContentUnavailableError, so the lead outbox retries', async () => {
    const viewer = await source({ token: VIEWER_TOKEN })
      .mutate([{ create: { _type: 'lead' } }])
      .catch((error) => error);
    expect(viewer).toBeInstanceOf(ContentAccessDeniedError);
    expect(viewer.message).toMatch(/403/);
    const unknown = await source({ token: 'sk-revoked' })
      .mutate([{ create: { _type: 'lead' } }])
      .catch((error) => error);
    expect(unknown).toBeInstanceOf(ContentAccessDeniedError);
    expect(unknown.message).toMatch(/401/);
    expect(
      lake
        .dataset('production')
        .documents()
        .filter(({ _type }) => _type === 'lead'),
    ).toEqual([]);

    lake = await restartLake({ mutationsPerSecond: 2 });
    const content = source();
    const outcomes = await Promise.all([1, 2, 3].map(() => content.mutate([{ create: { _type: 'lead' } }]).catch((error) => error)));
    const limited = outcomes.filter((outcome) => outcome instanceof Error);
    expect(limited).toHaveLength(1);
    expect(limited[0]).toBeInstanceOf(ContentUnavailableError);
    expect(limited[0]).not.toBeInstanceOf(MutationError);
    expect(limited[0].message).toMatch(/429/);
  });

  it('rethrows a refused query (a GROQ error) as it is', async () => {
    const content = source();
    const failure = await content.fetch('*[').catch((error: { statusCode?: number }) => error);
    expect(failure).not.toBeInstanceOf(ContentUnavailableError);
    expect(failure).toMatchObject({ statusCode: 400 });
  });

  it('purges its own cache after a successful write', async () => {
    const content = source();
    expect(await content.fetch('*[_id == "press-1"][0].views')).toBeNull();
    await content.mutate([{ patch: { id: 'press-1', setIfMissing: { views: 0 }, inc: { views: 1 } } }]);
    expect(await content.fetch('*[_id == "press-1"][0].views')).toBe(1);
    expect(lake.requests.map((request) => request.method)).toEqual(['GET', 'POST', 'GET']);
  });
});

describe('createContentSources', () => {
  it("uses Sanity for content when SANITY_PROJECT_ID is set, on Sanity's own hosts; leads stay in the embedded leads database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'content-sanity-'));
    const sources = await createContentSources(
      loadConfig({
        SANITY_PROJECT_ID: lake.projectId,
        SANITY_API_TOKEN: EDITOR_TOKEN,
        SANITY_VIEWER_TOKEN: VIEWER_TOKEN,
        DATA_DIR: dataDir,
      }),
    );
    try {
      expect(sources).toMatchObject({ mode: 'sanity', leadsBackend: 'embedded' });
      expect(sources.imageConfig).toEqual({ projectId: lake.projectId, dataset: 'production', baseUrl: 'https://cdn.sanity.io' });

      await sources.content.fetch('*[_type == "siteSettings"][0]');
      expect(await saveLead(sources.sales, aLead('lead-embedded-1'), null, 'refuse', '2026-11-01')).toMatchObject({ status: 'created' });
      expect(lake.requests.map(({ host, url, authorization }) => `${host}${url.pathname} ${authorization}`)).toEqual([
        // Public reads carry the read-only token, never the write token (the CDN caches per token).
        `${lake.projectId}.apicdn.sanity.io/v${API_VERSION}/data/query/production Bearer ${VIEWER_TOKEN}`,
      ]);
      const file = openSqlite(leadsDatabaseFile(dataDir));
      try {
        expect(file.prepare("SELECT count(*) AS n FROM registrations WHERE id = 'lead-embedded-1'").get()).toEqual({ n: 1 });
      } finally {
        file.close();
      }
    } finally {
      await closeContentSources(sources);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('with DATABASE_URL beside SANITY_PROJECT_ID: content from Sanity, leads in PostgreSQL and never in a Sanity dataset', async () => {
    const url = await freshDatabaseUrl();
    const sources = await createContentSources(
      loadConfig({ SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: EDITOR_TOKEN, SANITY_VIEWER_TOKEN: VIEWER_TOKEN, DATABASE_URL: url }),
    );
    try {
      expect(sources).toMatchObject({ mode: 'sanity', leadsBackend: 'postgres' });
      await sources.content.fetch('*[_type == "siteSettings"][0]');
      expect(await saveLead(sources.sales, aLead('lead-pg-1'), null, 'refuse', '2026-11-01')).toMatchObject({ status: 'created' });
      // Only the content read went to Sanity.
      expect(lake.requests.map(({ url }) => url.pathname)).toEqual([`/v${API_VERSION}/data/query/production`]);
      const stored = await sources.database!.query<{ name: string }>(`SELECT name FROM registrations WHERE id = 'lead-pg-1'`);
      expect(stored.rows).toEqual([{ name: '홍길동' }]);
    } finally {
      await closeContentSources(sources);
    }
  });
});
