/**
 * Reads a `sanity dataset import` NDJSON file. Objects carrying
 * `_sanityAsset: "image@file://./images/x.webp"` become image objects referencing a
 * `sanity.imageAsset` document whose `_id` (`image-<sha1>-<w>x<h>-<ext>`) is the one Sanity's
 * importer would create, so image URLs are built the same way on both backends.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { EMBEDDED_IMAGE_CONFIG, urlFor } from '../../sanity/image';
import { IMAGE_CONTENT_TYPES } from '../image-transform';
import type { SanityDocument } from './types';

const IMAGE_ASSET_PATTERN = /^image@file:\/\/(.+)$/;

export type SeedOptions = {
  /** Asset documents record their file path relative to this directory (the repository root). */
  rootDir: string;
};

export async function readSeedDocuments(seedFile: string, options: SeedOptions): Promise<SanityDocument[]> {
  const text = await readFile(seedFile, 'utf8');
  const documents = text
    .split('\n')
    .map((line, index) => ({ line: line.trim(), lineNumber: index + 1 }))
    .filter(({ line }) => line !== '')
    .map(({ line, lineNumber }) => {
      try {
        return JSON.parse(line) as SanityDocument;
      } catch (error) {
        throw new Error(`${seedFile}:${lineNumber}: ${(error as Error).message}`);
      }
    });
  const assets = new Map<string, Promise<SanityDocument>>();
  const assetFor = (reference: string): Promise<SanityDocument> => {
    const match = IMAGE_ASSET_PATTERN.exec(reference);
    if (!match) throw new Error(`${seedFile}: unsupported _sanityAsset "${reference}" (only image@file://)`);
    const file = path.resolve(path.dirname(seedFile), match[1]);
    let asset = assets.get(file);
    if (!asset) {
      asset = cachedImageAssetDocument(file, options.rootDir);
      assets.set(file, asset);
    }
    return asset;
  };
  const converted = await Promise.all(documents.map((document) => replaceAssetReferences(document, assetFor)));
  return [...converted, ...(await Promise.all(assets.values()))] as SanityDocument[];
}

async function replaceAssetReferences(
  value: unknown,
  assetFor: (reference: string) => Promise<SanityDocument>,
): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map((item) => replaceAssetReferences(item, assetFor)));
  if (value === null || typeof value !== 'object') return value;
  const { _sanityAsset: assetReference, ...fields } = value as Record<string, unknown>;
  const entries = await Promise.all(
    Object.entries(fields).map(async ([key, field]) => [key, await replaceAssetReferences(field, assetFor)] as const),
  );
  const result: Record<string, unknown> = Object.fromEntries(entries);
  if (typeof assetReference !== 'string') return result;
  const asset = await assetFor(assetReference);
  return {
    ...result,
    _type: typeof result._type === 'string' ? result._type : 'image',
    asset: { _type: 'reference', _ref: asset._id },
  };
}

/**
 * Asset documents by image file version. Tests and benchmarks seed many stores in one process, and
 * decoding every image for its placeholder again cost about 0.4 s of CPU per store.
 */
const assetDocuments = new Map<string, Promise<SanityDocument>>();

async function cachedImageAssetDocument(file: string, rootDir: string): Promise<SanityDocument> {
  const { mtimeMs, size } = await stat(file);
  const key = JSON.stringify([file, rootDir, mtimeMs, size]);
  let document = assetDocuments.get(key);
  if (!document) {
    document = imageAssetDocument(file, rootDir);
    assetDocuments.set(key, document);
    document.catch(() => assetDocuments.delete(key));
  }
  // Each store gets its own copy to change.
  return structuredClone(await document);
}

async function imageAssetDocument(file: string, rootDir: string): Promise<SanityDocument> {
  const bytes = await readFile(file);
  const sha1 = createHash('sha1').update(bytes).digest('hex');
  const metadata = await sharp(bytes).metadata();
  const { width, height } = metadata;
  if (!width || !height) throw new Error(`${file}: cannot read the image dimensions`);
  const extension = normalisedExtension(file);
  const mimeType = (IMAGE_CONTENT_TYPES as Record<string, string>)[extension];
  if (!mimeType) throw new Error(`${file}: unsupported image type .${extension}`);
  const id = `image-${sha1}-${width}x${height}-${extension}`;
  // Sanity's low-quality placeholder: a 20 px wide JPEG as a data URL, blurred by the browser.
  const placeholder = await sharp(bytes).resize(20).flatten({ background: '#ffffff' }).jpeg({ quality: 50 }).toBuffer();
  return {
    _id: id,
    _type: 'sanity.imageAsset',
    assetId: sha1,
    sha1hash: sha1,
    extension,
    mimeType,
    originalFilename: path.basename(file),
    size: bytes.length,
    path: path.relative(rootDir, file).split(path.sep).join('/'),
    url: urlFor(EMBEDDED_IMAGE_CONFIG, id).url(),
    metadata: {
      _type: 'sanity.imageMetadata',
      dimensions: { _type: 'sanity.imageDimensions', width, height, aspectRatio: width / height },
      lqip: `data:image/jpeg;base64,${placeholder.toString('base64')}`,
      hasAlpha: metadata.hasAlpha ?? false,
    },
  };
}

function normalisedExtension(file: string): string {
  const extension = path.extname(file).slice(1).toLowerCase();
  return extension === 'jpeg' ? 'jpg' : extension;
}
