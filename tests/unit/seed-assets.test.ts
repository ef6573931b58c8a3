/**
 * Seeding decodes every image once per process (a store opened again reuses the asset documents),
 * yet each read gets documents of its own, and an image changed on disk is read again.
 */
import { copyFileSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { readSeedDocuments } from '../../web/server/content/seed';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'seed-assets-'));
  copyFileSync('content/images/premium-card-2.webp', path.join(dir, 'card.webp'));
  const card = { _id: 'card', _type: 'premiumCard', image: { _sanityAsset: 'image@file://./card.webp' } };
  writeFileSync(path.join(dir, 'seed.ndjson'), `${JSON.stringify(card)}\n`);
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

const read = () => readSeedDocuments(path.join(dir, 'seed.ndjson'), { rootDir: dir });
const assetOf = (documents: Awaited<ReturnType<typeof read>>) => documents.find((document) => document._type === 'sanity.imageAsset')!;

it('reads the same seed twice into equal documents that are not shared', async () => {
  const first = await read();
  const second = await read();
  expect(second).toEqual(first);
  assetOf(first).originalFilename = 'changed.webp';
  expect(assetOf(second).originalFilename).toBe('card.webp');
  expect(assetOf(await read()).originalFilename).toBe('card.webp');
});

it('reads an image again once its file changed', async () => {
  const before = assetOf(await read());
  copyFileSync('content/images/premium-card-3.webp', path.join(dir, 'card.webp'));
  // A later modification time, as a save a second later would give.
  const later = new Date(Date.now() + 2_000);
  utimesSync(path.join(dir, 'card.webp'), later, later);
  const after = assetOf(await read());
  expect(after._id).not.toBe(before._id);
  expect(after.sha1hash).not.toBe(before.sha1hash);
});
