import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import { MutationError, type Mutation, type SanityDocument } from '../../../web/server/content/types';
import { openSqlite } from '../../../web/server/sqlite';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const seedFile = path.join(repoRoot, 'tests/support/fixtures/content/seed.ndjson');

let tempDir: string;
let databaseFile: string;
const openStores: EmbeddedStore[] = [];

async function open(options: { seed?: boolean; file?: string } = {}): Promise<EmbeddedStore> {
  const store = await openEmbeddedStore({
    file: options.file ?? databaseFile,
    seedFile: options.seed === false ? undefined : seedFile,
    rootDir: repoRoot,
  });
  openStores.push(store);
  return store;
}

async function reopen(store: EmbeddedStore): Promise<EmbeddedStore> {
  await store.close();
  return open();
}

function rejection(promise: Promise<unknown>): Promise<MutationError> {
  return promise.then(
    () => {
      throw new Error('expected the mutation to be refused');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(MutationError);
      return error as MutationError;
    },
  );
}

function sha1Of(file: string): string {
  return createHash('sha1').update(fs.readFileSync(file)).digest('hex');
}

beforeEach(() => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-embedded-'));
  databaseFile = path.join(tempDir, 'nested', 'content.sqlite');
});

afterEach(async () => {
  await Promise.all(openStores.splice(0).map((store) => store.close()));
  fs.rmSync(tempDir, { recursive: true, force: true });
});

describe('seeding', () => {
  it('creates the database file and its directory, in WAL mode with synchronous=FULL', async () => {
    await open();
    expect(fs.existsSync(databaseFile)).toBe(true);
    const database = openSqlite(databaseFile);
    try {
      expect(database.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
      const rows = database.prepare('SELECT id, type, rev, updated, json FROM documents ORDER BY id').all<Record<string, string>>();
      const settings = rows.find((row) => row.id === 'siteSettings');
      expect(settings?.type).toBe('siteSettings');
      expect(JSON.parse(settings?.json ?? '{}')._rev).toBe(settings?.rev);
    } finally {
      database.close();
    }
  });

  it('turns _sanityAsset into asset references with the ids `sanity dataset import` makes', async () => {
    const store = await open();
    const heroSha1 = sha1Of(path.join(repoRoot, 'tests/support/fixtures/content/images/hero.webp'));
    const badgeSha1 = sha1Of(path.join(repoRoot, 'tests/support/fixtures/content/images/badge.png'));
    const heroId = `image-${heroSha1}-1200x800-webp`;

    const settings = store.getDocument('siteSettings');
    expect(settings?.ogImage).toEqual({
      _type: 'imageWithAlt',
      alt: '단지 전경',
      asset: { _type: 'reference', _ref: heroId },
    });
    const press = store.getDocument('press-1') as SanityDocument & { badge: Record<string, unknown> };
    // No _type in the seed object: it becomes a plain image.
    expect(press.badge).toEqual({ _type: 'image', alt: '배지', asset: { _type: 'reference', _ref: `image-${badgeSha1}-40x40-png` } });
    expect(JSON.stringify(store.documents())).not.toContain('_sanityAsset');

    const asset = (await store.fetch('*[_id == $id][0]', { id: heroId })) as { metadata: { lqip: string } };
    expect(asset).toMatchObject({
      _type: 'sanity.imageAsset',
      sha1hash: heroSha1,
      extension: 'webp',
      mimeType: 'image/webp',
      path: 'tests/support/fixtures/content/images/hero.webp',
      url: `/images/embedded/production/${heroSha1}-1200x800.webp`,
      metadata: { dimensions: { width: 1200, height: 800, aspectRatio: 1.5 } },
    });
    expect(asset.metadata.lqip).toMatch(/^data:image\/jpeg;base64,[A-Za-z0-9+/=]{40,}$/);
    // The same file used twice is one asset.
    expect(await store.fetch('count(*[_type == "sanity.imageAsset"])')).toBe(2);
    // And references resolve with ->.
    expect(await store.fetch('*[_id == "homePage"][0].hero.image.asset->metadata.dimensions.width')).toBe(1200);
  });

  it('seeds only an empty database', async () => {
    const store = await open();
    await store.mutate([{ delete: { id: 'press-2' } }, { patch: { id: 'siteSettings', set: { phone: '1600-1234' } } }]);
    const reopened = await reopen(store);
    expect(reopened.getDocument('press-2')).toBeUndefined();
    expect(reopened.getDocument('siteSettings')?.phone).toBe('1600-1234');
  });
});

describe('queries', () => {
  it('runs GROQ with parameters over published documents only', async () => {
    const store = await open();
    const titles = await store.fetch('*[_type == "pressArticle" && siteId == $site] | order(date desc) .title', {
      site: 'cheonghak',
    });
    expect(titles).toEqual(['모델하우스 오픈', '청학동 재개발 분양 개시']);
    expect(await store.fetch('*[_id in path("drafts.**")]')).toEqual([]);
    expect(await store.fetch('*[_id == $id][0]', { id: 'drafts.press-2' })).toBeNull();
    expect(await store.fetch('count(*[_type == "pressArticle"])')).toBe(2);
    // The draft is stored (it round-trips through SQLite) but never served.
    expect(store.getDocument('drafts.press-2')?.title).toBe('모델하우스 오픈 (수정 중)');
  });

  it('gives the same answers with and without per-type partitions', async () => {
    const store = await open();
    await store.mutate(
      Array.from({ length: 30 }, (_, index) => ({
        create: { _id: `row-${index}`, _type: index % 2 ? 'overviewRow' : 'videoTab', order: index, label: `L${index}` },
      })),
    );
    const everything = store.documents();
    const ofTypes = (...types: string[]) =>
      everything
        .filter((document) => types.includes(document._type))
        .map((document) => document._id)
        .sort();
    const ids = (result: unknown) => (result as SanityDocument[]).map((document) => document._id).sort();

    expect(ids(await store.fetch('*[_type == "overviewRow"]'))).toEqual(ofTypes('overviewRow'));
    expect(ids(await store.fetch('*["videoTab" == _type]'))).toEqual(ofTypes('videoTab'));
    expect(ids(await store.fetch('*[_type == $type]', { type: 'videoTab' }))).toEqual(ofTypes('videoTab'));
    expect(ids(await store.fetch('*[_type in $types]', { types: ['videoTab', 'pressArticle'] }))).toEqual(ofTypes('videoTab', 'pressArticle'));
    expect(ids(await store.fetch('*[(_type == "overviewRow" || _type == "videoTab") && order < 10]'))).toEqual(
      everything
        .filter((document) => ['overviewRow', 'videoTab'].includes(document._type) && (document.order as number) < 10)
        .map((document) => document._id)
        .sort(),
    );
    // Not pinned (an Or with an unpinned side): the whole dataset is scanned.
    expect(ids(await store.fetch('*[_type == "overviewRow" || order == 3]'))).toContain('row-3');
    // A non-string parameter pins nothing and matches nothing, like Sanity.
    expect(await store.fetch('*[_type == $type]', { type: 42 })).toEqual([]);
    // Each `*` is partitioned on its own; joins and references still see everything.
    expect(
      await store.fetch('{"rows": count(*[_type == "overviewRow"]), "all": count(*), "hero": *[_type == "homePage"][0].hero.image.asset->extension}'),
    ).toEqual({ rows: 17, all: everything.length, hero: 'webp' });
  });

  it('returns frozen results, which later writes never change', async () => {
    const store = await open();
    const before = (await store.fetch('*[_id == "press-1"][0]')) as SanityDocument;
    expect(Object.isFrozen(before)).toBe(true);
    expect(() => {
      (before as Record<string, unknown>).views = 0;
    }).toThrow(TypeError);
    await store.mutate([{ patch: { id: 'press-1', inc: { views: 1 } } }]);
    expect(before.views).toBe(10);
  });

  it('caches results per revision: a write makes the next identical query fresh', async () => {
    const store = await open();
    const query = '*[_type == "pressArticle" && _id == $id][0].views';
    expect(await store.fetch(query, { id: 'press-1' })).toBe(10);
    const misses = store.stats.queryCacheMisses;
    expect(await store.fetch(query, { id: 'press-1' })).toBe(10);
    expect(store.stats.queryCacheMisses).toBe(misses);
    expect(store.stats.queryCacheHits).toBeGreaterThan(0);
    // Different parameters are a different entry.
    expect(await store.fetch(query, { id: 'press-2' })).toBe(3);

    const revision = store.revision;
    await store.mutate([{ patch: { id: 'press-1', inc: { views: 5 } } }]);
    expect(store.revision).toBe(revision + 1);
    expect(await store.fetch(query, { id: 'press-1' })).toBe(15);

    store.invalidate();
    const missesBefore = store.stats.queryCacheMisses;
    expect(await store.fetch(query, { id: 'press-1' })).toBe(15);
    expect(store.stats.queryCacheMisses).toBe(missesBefore + 1);
  });

  it('keeps a cached result across writes to types the query cannot read', async () => {
    const store = await open();
    const pinned = '*[_type == "siteSettings"][0].phone';
    const unpinned = '*[_id == "siteSettings"][0].phone';
    const dereferencing = '*[_type == "homePage"][0].hero.image.asset->extension';
    for (const query of [pinned, unpinned, dereferencing]) await store.fetch(query);

    await store.mutate([{ patch: { id: 'press-1', inc: { views: 1 } } }]);
    const misses = store.stats.queryCacheMisses;
    await store.fetch(pinned);
    expect(store.stats.queryCacheMisses).toBe(misses);
    // Any document may match an unpinned `*` or be reached by `->`: those are recomputed.
    await store.fetch(unpinned);
    await store.fetch(dereferencing);
    expect(store.stats.queryCacheMisses).toBe(misses + 2);

    await store.mutate([{ patch: { id: 'siteSettings', set: { phone: '1600-9999' } } }]);
    expect(await store.fetch(pinned)).toBe('1600-9999');
    expect(await store.fetch(unpinned)).toBe('1600-9999');
    // A type chosen by a parameter counts too.
    expect(await store.fetch('*[_type == $type][0].phone', { type: 'siteSettings' })).toBe('1600-9999');
    await store.mutate([{ patch: { id: 'siteSettings', set: { phone: '1600-0001' } } }]);
    expect(await store.fetch('*[_type == $type][0].phone', { type: 'siteSettings' })).toBe('1600-0001');
  });

  it('rejects a GROQ syntax error', async () => {
    const store = await open();
    await expect(store.fetch('*[_type == ]')).rejects.toThrow();
  });
});

describe('mutations', () => {
  it('create: generates an id when none is given and refuses an existing id with 409', async () => {
    const store = await open({ seed: false });
    const created = await store.mutate([{ create: { _type: 'lead', name: '홍길동' } }]);
    expect(created.results).toHaveLength(1);
    const [{ id, operation }] = created.results;
    expect(operation).toBe('create');
    expect(id).toMatch(/^[a-zA-Z0-9-]{20,}$/);
    expect(store.getDocument(id)?.name).toBe('홍길동');

    const drafted = await store.mutate([{ create: { _id: 'drafts.', _type: 'lead' } }]);
    expect(drafted.results[0].id).toMatch(/^drafts\.[a-zA-Z0-9-]{20,}$/);

    const conflict = await rejection(store.mutate([{ create: { _id: id, _type: 'lead', name: '다른 사람' } }]));
    expect(conflict.statusCode).toBe(409);
    expect(store.getDocument(id)?.name).toBe('홍길동');
  });

  it('refuses malformed documents with 400', async () => {
    const store = await open({ seed: false });
    for (const mutation of [
      { create: { _id: 'no-type' } },
      { create: { _id: 'bad id!', _type: 'x' } },
      { createOrReplace: { _type: 'x' } },
      { patch: { id: '' } },
      { nonsense: {} },
      { create: { _id: 'a', _type: 'x' }, delete: { id: 'a' } },
    ] as unknown as Mutation[]) {
      expect((await rejection(store.mutate([mutation]))).statusCode).toBe(400);
    }
  });

  it('createIfNotExists creates once, then is a no-op', async () => {
    const store = await open({ seed: false });
    const first = await store.mutate([{ createIfNotExists: { _id: 'lead-1', _type: 'lead', name: '첫 번째' } }]);
    expect(first.results).toEqual([{ id: 'lead-1', operation: 'create' }]);
    const revision = store.getDocument('lead-1')?._rev;
    const second = await store.mutate([{ createIfNotExists: { _id: 'lead-1', _type: 'lead', name: '두 번째' } }]);
    expect(second.results).toEqual([{ id: 'lead-1', operation: 'none' }]);
    expect(store.getDocument('lead-1')).toMatchObject({ name: '첫 번째', _rev: revision });
  });

  it('createOrReplace replaces the whole document but keeps _createdAt', async () => {
    const store = await open({ seed: false });
    await store.mutate([{ createOrReplace: { _id: 'doc', _type: 'page', title: 'A', extra: true } }]);
    const original = store.getDocument('doc')!;
    const replaced = await store.mutate([{ createOrReplace: { _id: 'doc', _type: 'page', title: 'B' } }]);
    expect(replaced.results).toEqual([{ id: 'doc', operation: 'update' }]);
    const current = store.getDocument('doc')!;
    expect(current.title).toBe('B');
    expect(current).not.toHaveProperty('extra');
    expect(current._createdAt).toBe(original._createdAt);
    expect(current._rev).not.toBe(original._rev);
  });

  it('delete removes the document; deleting a missing one is a no-op', async () => {
    const store = await open();
    expect((await store.mutate([{ delete: { id: 'press-1' } }])).results).toEqual([{ id: 'press-1', operation: 'delete' }]);
    expect(await store.fetch('*[_id == "press-1"]')).toEqual([]);
    expect((await store.mutate([{ delete: { id: 'press-1' } }])).results).toEqual([{ id: 'press-1', operation: 'none' }]);
  });

  it('patch applies set, setIfMissing, unset, inc, dec and insert with Sanity semantics', async () => {
    const store = await open({ seed: false });
    await store.mutate([
      {
        create: {
          _id: 'article',
          _type: 'pressArticle',
          title: '원래 제목',
          views: 10,
          stock: 5,
          tags: ['분양', '청약'],
          seo: { title: 'SEO', noIndex: false },
        },
      },
    ]);
    await store.mutate([
      {
        patch: {
          id: 'article',
          set: { title: '새 제목', 'seo.description': '설명' },
          setIfMissing: { title: '무시됨', summary: '요약' },
          unset: ['seo.noIndex'],
          inc: { views: 3 },
          dec: { stock: 2 },
          insert: { after: 'tags[-1]', items: ['입주'] },
        },
      },
      { patch: { id: 'article', insert: { before: 'tags[0]', items: ['공지'] } } },
    ]);
    expect(store.getDocument('article')).toMatchObject({
      title: '새 제목',
      summary: '요약',
      views: 13,
      stock: 3,
      tags: ['공지', '분양', '청약', '입주'],
      seo: { title: 'SEO', description: '설명' },
    });
    expect(store.getDocument('article')?.seo).not.toHaveProperty('noIndex');
  });

  it('patch honours ifRevisionID: the current revision passes, a stale one is a 409', async () => {
    const store = await open();
    const revision = store.getDocument('press-1')!._rev!;
    await store.mutate([{ patch: { id: 'press-1', ifRevisionID: revision, inc: { views: 1 } } }]);
    const stale = await rejection(store.mutate([{ patch: { id: 'press-1', ifRevisionID: revision, inc: { views: 1 } } }]));
    expect(stale.statusCode).toBe(409);
    expect(store.getDocument('press-1')?.views).toBe(11);
  });

  it('patch on a missing document is a 404', async () => {
    const store = await open();
    const missing = await rejection(store.mutate([{ patch: { id: 'no-such-document', set: { a: 1 } } }]));
    expect(missing.statusCode).toBe(404);
  });

  it('maintains _rev (the transaction id), _createdAt and _updatedAt', async () => {
    const store = await open({ seed: false });
    const created = await store.mutate([{ create: { _id: 'doc', _type: 'page', _rev: 'ignored', _updatedAt: '2000-01-01T00:00:00Z' } }]);
    const first = store.getDocument('doc')!;
    expect(first._rev).toBe(created.transactionId);
    expect(first._createdAt).toBe(first._updatedAt);
    expect(Date.parse(first._updatedAt!)).toBeGreaterThan(Date.parse('2020-01-01'));

    const patched = await store.mutate([{ patch: { id: 'doc', set: { title: 'x' } } }], { transactionId: 'my-transaction' });
    expect(patched.transactionId).toBe('my-transaction');
    const second = store.getDocument('doc')!;
    expect(second._rev).toBe('my-transaction');
    expect(second._createdAt).toBe(first._createdAt);
    expect(Date.parse(second._updatedAt!)).toBeGreaterThanOrEqual(Date.parse(first._updatedAt!));
  });

  it('is all-or-nothing: a failing transaction changes neither memory nor SQLite', async () => {
    let store = await open();
    const revision = store.revision;
    const before = JSON.stringify(store.documents());
    const failure = await rejection(
      store.mutate([
        { create: { _id: 'new-doc', _type: 'page' } },
        { patch: { id: 'press-1', inc: { views: 100 } } },
        { delete: { id: 'press-2' } },
        { patch: { id: 'missing', set: { a: 1 } } },
      ]),
    );
    expect(failure.statusCode).toBe(404);
    expect(store.revision).toBe(revision);
    expect(JSON.stringify(store.documents())).toBe(before);
    expect(await store.fetch('*[_id in ["new-doc", "press-2"]]._id')).toEqual(['press-2']);

    store = await reopen(store);
    expect(store.getDocument('new-doc')).toBeUndefined();
    expect(store.getDocument('press-1')?.views).toBe(10);
    expect(JSON.stringify(store.documents())).toBe(before);
  });

  it('later mutations in a transaction see the earlier ones', async () => {
    const store = await open({ seed: false });
    const result = await store.mutate([
      { create: { _id: 'slot', _type: 'visitSlot', booked: 0 } },
      { patch: { id: 'slot', inc: { booked: 1 } } },
      { patch: { id: 'slot', inc: { booked: 1 } } },
    ]);
    expect(result.results.map((entry) => entry.operation)).toEqual(['create', 'update', 'update']);
    expect(store.getDocument('slot')?.booked).toBe(2);
  });
});

describe('group commit and durability', () => {
  it('commits 200 concurrent increments in fewer SQLite transactions than calls', async () => {
    let store = await open({ seed: false });
    await store.mutate([{ create: { _id: 'counter', _type: 'counter', value: 0 } }]);
    const transactionsBefore = store.stats.committedTransactions;
    const callsBefore = store.stats.mutateCalls;

    const results = await Promise.all(Array.from({ length: 200 }, () => store.mutate([{ patch: { id: 'counter', inc: { value: 1 } } }])));
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(200);
    expect(store.getDocument('counter')?.value).toBe(200);
    expect(store.stats.mutateCalls - callsBefore).toBe(200);
    expect(store.stats.committedTransactions - transactionsBefore).toBeLessThan(200);
    expect(store.stats.committedTransactions - transactionsBefore).toBeGreaterThanOrEqual(1);

    store = await reopen(store);
    expect(store.getDocument('counter')?.value).toBe(200);
  });

  it('rejects only the failing call of a group; the others commit', async () => {
    const store = await open({ seed: false });
    await store.mutate([{ create: { _id: 'counter', _type: 'counter', value: 0 } }]);
    const revision = store.getDocument('counter')!._rev!;
    const outcomes = await Promise.allSettled([
      store.mutate([{ patch: { id: 'counter', inc: { value: 1 } } }]),
      store.mutate([{ create: { _id: 'a', _type: 'x' } }, { patch: { id: 'missing', inc: { value: 1 } } }]),
      // Stale by now: the first call of the group already changed the revision.
      store.mutate([{ patch: { id: 'counter', ifRevisionID: revision, inc: { value: 10 } } }]),
      store.mutate([{ create: { _id: 'b', _type: 'x' } }]),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(store.getDocument('counter')?.value).toBe(1);
    expect(store.getDocument('a')).toBeUndefined();
    expect(store.getDocument('b')).toBeDefined();
  });

  it('reopening the file gives back exactly the same documents', async () => {
    let store = await open();
    await store.mutate([
      { create: { _id: 'page-1', _type: 'page', path: '/BusinessGuide/intro', sections: [{ _key: 'k', heading: '개요' }] } },
      { patch: { id: 'siteSettings', set: { 'facts.totalHouseholds': 652 } } },
    ]);
    const before = store.documents();
    store = await reopen(store);
    expect(store.documents()).toEqual(before);
    expect(await store.fetch('*[_id == "siteSettings"][0].facts.totalHouseholds')).toBe(652);
  });

  it('keeps leads in a database of their own when given another file', async () => {
    const content = await open();
    const leads = await open({ file: path.join(tempDir, 'leads.sqlite'), seed: false });
    await leads.mutate([{ create: { _id: 'lead-1', _type: 'lead', name: '홍길동', phone: '010-0000-0000' } }]);
    expect(await content.fetch('*[_type == "lead"]')).toEqual([]);
    expect(await leads.fetch('count(*)')).toBe(1);
  });

  it('refuses writes after close', async () => {
    const store = await open({ seed: false });
    await store.close();
    await expect(store.mutate([{ create: { _type: 'x' } }])).rejects.toThrow(/closed/);
  });

  it('creates 100,000 documents in one transaction and queries them (bench set-up)', async () => {
    const store = await open({ file: ':memory:', seed: false });
    const mutations: Mutation[] = Array.from({ length: 100_000 }, (_, index) => ({
      create: {
        _id: `press-${index}`,
        _type: 'pressArticle',
        siteId: 'cheonghak',
        title: `기사 ${index}`,
        date: new Date(Date.UTC(2020, 0, 1) + index * 3_600_000).toISOString(),
        views: index,
      },
    }));
    const result = await store.mutate(mutations);
    expect(result.results).toHaveLength(100_000);
    expect(store.stats.committedTransactions).toBe(1);
    expect(await store.fetch('*[_type == "pressArticle"] | order(date desc, _id desc)[0...2]._id')).toEqual(['press-99999', 'press-99998']);
  }, 60_000);
});
