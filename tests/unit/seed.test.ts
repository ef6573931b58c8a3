/**
 * The seed dataset (content/production.ndjson) must import into Sanity and satisfy the Studio's
 * own validation, because it is both the embedded store's content and what `sanity dataset
 * import` loads into a real project. Validation runs through Sanity's `validateDocument` with
 * the real schema types, so every `Rule.required()` in the schemas is checked here.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { evaluate, parse } from 'groq-js';
import { createSchema, validateDocument } from 'sanity';
import type { SanityClient, SanityDocument, ValidationMarker, Workspace } from 'sanity';
import { describe, expect, it } from 'vitest';

import { contentDocumentTypes, schemaTypes, singletonTypeNames } from '../../schemas';
import { FLOOR_PLANS } from '../../scripts/artwork/floor-plan';

const CONTENT_DIR = fileURLToPath(new URL('../../content/', import.meta.url));
const SEED_FILE = path.join(CONTENT_DIR, 'production.ndjson');

type SeedDocument = { _id: string; _type: string; [field: string]: unknown };

/**
 * The site's navigation as the product defines it, transcribed: group → [label, path].
 * 인지세 납부안내 uses the lower-case spelling; the site also answers /SalesInfo/StampTax.
 */
const EXPECTED_MENU: Array<[string, Array<[string, string]>]> = [
  [
    '브랜드소개',
    [
      ['브랜드 소개', '/Brand/intro'],
      ['홍보영상', '/Brand/video'],
    ],
  ],
  [
    '사업개요',
    [
      ['사업안내', '/BusinessGuide/intro'],
      ['분양일정', '/BusinessGuide/plan'],
      ['계약서류안내', '/BusinessGuide/documents'],
    ],
  ],
  [
    '청약안내',
    [
      ['분양 전 체크포인트', '/SalesInfo/SubscriptionGuide'],
      ['청약안내', '/SalesInfo/guide'],
      ['입주자모집공고', '/SalesInfo/announcement'],
      ['인지세 납부안내', '/SalesInfo/stampTax'],
    ],
  ],
  [
    '입지환경',
    [
      ['입지안내', '/LocationEnvironment/intro'],
      ['프리미엄', '/LocationEnvironment/primium'],
    ],
  ],
  [
    '단지안내',
    [
      ['단지배치도', '/ComplexGuide/intro'],
      ['동호수배치도', '/ComplexGuide/detailintro'],
      ['커뮤니티', '/ComplexGuide/community'],
    ],
  ],
  [
    '세대안내',
    [
      ['59㎡A', '/FloorPlan/59A'],
      ['59㎡B', '/FloorPlan/59B'],
      ['84㎡A', '/FloorPlan/84A'],
      ['84㎡B', '/FloorPlan/84B'],
      ['84㎡C', '/FloorPlan/114A'],
      ['114㎡B', '/FloorPlan/114B'],
      ['평면 영상', '/FloorPlan/videos'],
      ['E-모델하우스', '/FloorPlan/Emodel'],
    ],
  ],
  [
    '인테리어',
    [
      ['59㎡', '/Interior/59A'],
      ['84㎡A', '/Interior/84A'],
      ['84㎡B', '/Interior/84B'],
    ],
  ],
  [
    '홍보센터',
    [
      ['언론보도', '/Promotion/Press'],
      ['방문예약 등록', '/Promotion/Customer'],
    ],
  ],
];

function readSeed(): SeedDocument[] {
  return readFileSync(SEED_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SeedDocument);
}

/** Every value in a document with the path to it, depth first. */
function* walk(value: unknown, at: Array<string | number> = []): Generator<[Array<string | number>, unknown]> {
  yield [at, value];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) yield* walk(item, [...at, index]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* walk(item, [...at, key]);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** What `sanity dataset import` stores for an `_sanityAsset` object: a reference to an asset. */
function withUploadedAssets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withUploadedAssets);
  if (!isRecord(value)) return value;
  const { _sanityAsset: assetSource, ...fields } = value;
  const converted = Object.fromEntries(Object.entries(fields).map(([key, item]) => [key, withUploadedAssets(item)]));
  if (typeof assetSource !== 'string') return converted;
  return { ...converted, asset: { _type: 'reference', _ref: 'image-0000000000000000000000000000000000000000-16x9-webp' } };
}

/** The part of SanityClient the schema's validators use, answered by groq-js over the seed. */
function seedClient(documents: SeedDocument[]): SanityClient {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) => (await evaluate(parse(query, { params }), { dataset: documents, params })).get(),
    withConfig: () => client,
  };
  return client as unknown as SanityClient;
}

const schema = createSchema({ name: 'seed', types: schemaTypes });

async function validateSeedDocument(document: SeedDocument, documents: SeedDocument[]): Promise<ValidationMarker[]> {
  const ids = new Set(documents.map(({ _id }) => _id));
  return validateDocument({
    document: withUploadedAssets(document) as SanityDocument,
    workspace: { schema } as unknown as Workspace,
    getClient: () => seedClient(documents),
    getDocumentExists: async ({ id }) => id.startsWith('image-') || ids.has(id),
    // "cli" also reports fields that are not in the schema (typos in the seed).
    environment: 'cli',
  });
}

const describeMarkers = (document: SeedDocument, markers: ValidationMarker[]) =>
  markers.map(({ level, path: at, message }) => `${document._id} ${level} ${at.join('.')}: ${message}`);

describe('seed dataset', () => {
  const documents = readSeed();
  const documentTypeNames = new Set<string>(contentDocumentTypes.map(({ name }) => name));

  it('holds the documents the site needs', () => {
    const types = documents.map(({ _type }) => _type);
    expect(types).toEqual(expect.arrayContaining(['siteSettings', 'homePage', 'page', 'overviewRow', 'unitType']));
    expect(documents.find(({ _type, path: pagePath }) => _type === 'page' && pagePath === '/BusinessGuide/intro')).toBeDefined();
  });

  it('uses only content document types, never sales data', () => {
    for (const { _id, _type } of documents) {
      expect(documentTypeNames.has(_type), `${_id} has unknown type ${_type}`).toBe(true);
    }
  });

  it('has unique ids that anonymous readers of a public dataset can see (no "." in ids)', () => {
    const ids = documents.map(({ _id }) => _id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*$/);
  });

  it('stores each singleton once, under an _id equal to its type', () => {
    for (const typeName of singletonTypeNames) {
      const singletons = documents.filter(({ _type }) => _type === typeName);
      expect(singletons.map(({ _id }) => _id)).toEqual([typeName]);
    }
  });

  it('points every _sanityAsset at an image file that exists', () => {
    const assetSources = documents.flatMap((document) => [...walk(document)].filter(([at]) => at.at(-1) === '_sanityAsset').map(([, source]) => source));
    expect(assetSources.length).toBeGreaterThan(0);
    for (const source of assetSources) {
      expect(source).toMatch(/^image@file:\/\/\.\/images\/[\w-]+\.webp$/);
      const file = path.join(CONTENT_DIR, String(source).replace('image@file://./', ''));
      expect(existsSync(file), `${file} is missing`).toBe(true);
    }
  });

  it('resolves every reference to a seed document', () => {
    const ids = new Set(documents.map(({ _id }) => _id));
    for (const document of documents) {
      for (const [at, value] of walk(document)) {
        if (at.at(-1) === '_ref') expect(ids.has(String(value)), `${document._id} → ${String(value)}`).toBe(true);
      }
    }
  });

  it('gives every object in an array a _key that is unique in that array', () => {
    for (const document of documents) {
      for (const [at, value] of walk(document)) {
        if (!Array.isArray(value)) continue;
        const keys = value.filter(isRecord).map((item) => item._key);
        expect(
          keys.every((key) => typeof key === 'string' && key !== ''),
          `${document._id} ${at.join('.')}`,
        ).toBe(true);
        expect(new Set(keys).size, `${document._id} ${at.join('.')}`).toBe(keys.length);
      }
    }
  });

  it('gives every page a unique path', () => {
    const paths = documents.filter(({ _type }) => _type === 'page').map(({ path: pagePath }) => pagePath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has the full menu, every path exactly once with its label', () => {
    const settings = documents.find(({ _id }) => _id === 'siteSettings');
    const menu = settings?.menu as Array<{ title: string; items: Array<{ label: string; href: string }> }>;
    expect(menu.map(({ title, items }) => [title, items.map(({ label, href }) => [label, href])])).toEqual(EXPECTED_MENU);
    const hrefs = menu.flatMap(({ items }) => items.map(({ href }) => href));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('lists the business overview rows in order with the facts of the spec', () => {
    const rows = documents
      .filter(({ _type }) => _type === 'overviewRow')
      .sort((a, b) => Number(a.order) - Number(b.order))
      .map(({ label, value }) => [label, value]);
    expect(rows.map(([label]) => label)).toEqual(['사업명', '위치', '규모', '세대수']);
    expect(rows[3]?.[1]).toBe('총 652세대 (일반분양 208세대)');
  });

  it('marks exactly the 40, 59A and 59B unit types for the home viewer', () => {
    const viewerCodes = documents.filter(({ _type, inViewer }) => _type === 'unitType' && inViewer === true).map(({ code }) => code);
    expect(viewerCodes).toEqual(['40', '59A', '59B']);
  });

  it('describes each floor plan with the bedrooms and bathrooms its artwork draws, and every card icon as decorative', () => {
    const unitTypes = documents.filter(({ _type }) => _type === 'unitType');
    for (const { code, planDescription } of unitTypes) {
      const rooms = FLOOR_PLANS[code as string] ?? [];
      const count = (kind: string) => rooms.filter((room) => room.kind === kind).length;
      expect(planDescription, String(code)).toContain(`침실 ${count('bedroom')}개`);
      expect(planDescription, String(code)).toContain(`욕실 ${count('bath')}개`);
    }
    expect(new Set(unitTypes.map(({ planDescription }) => planDescription)).size).toBe(unitTypes.length);
    const cards = documents.filter(({ _type }) => _type === 'premiumCard' || _type === 'locationCard');
    expect(cards.map(({ image }) => image)).toEqual(cards.map(() => expect.objectContaining({ decorative: true })));
  });

  it.each(documents.map((document) => [document._id, document] as const))(
    '%s passes the Studio validation with no errors or warnings',
    async (_id, document) => {
      const markers = await validateSeedDocument(document, documents);
      expect(describeMarkers(document, markers)).toEqual([]);
    },
  );

  it('catches a missing required field, a missing alt text, a duplicated page path and an unknown field', async () => {
    const settings = documents.find(({ _id }) => _id === 'siteSettings') as SeedDocument;
    const { phone: _phone, ...withoutPhone } = settings;
    const withoutPhoneMarkers = await validateSeedDocument(withoutPhone as SeedDocument, documents);
    expect(withoutPhoneMarkers).toContainEqual(expect.objectContaining({ level: 'error', path: ['phone'], message: '상담 전화번호를 입력해 주세요.' }));

    const home = documents.find(({ _id }) => _id === 'homePage') as SeedDocument;
    const hero = home.hero as Record<string, Record<string, unknown>>;
    const withoutAlt = { ...home, hero: { ...hero, image: { ...hero.image, alt: undefined } } };
    const withoutAltMarkers = await validateSeedDocument(withoutAlt, documents);
    expect(withoutAltMarkers).toContainEqual(
      expect.objectContaining({ level: 'error', path: ['hero', 'image', 'alt'], message: '대체 텍스트를 입력해 주세요.' }),
    );

    const page = documents.find(({ _type }) => _type === 'page') as SeedDocument;
    const copy = { ...page, _id: 'page-copy' };
    const duplicateMarkers = await validateSeedDocument(copy, [...documents, copy]);
    expect(duplicateMarkers).toContainEqual(expect.objectContaining({ level: 'error', path: ['path'], message: expect.stringContaining('이미 다른 페이지') }));

    const withTypo = { ...page, titel: page.title };
    const typoMarkers = await validateSeedDocument(withTypo, documents);
    expect(typoMarkers.map(({ path: at }) => at)).toContainEqual(['titel']);
  });
});
