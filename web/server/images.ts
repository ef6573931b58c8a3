/**
 * Serves embedded-mode images at `/images/:projectId/:dataset/:file` with the subset of Sanity's
 * image-CDN parameters that `urlFor()` produces: w, h, dpr, fit, rect, bg, q, fm, auto=format.
 * Encoded variants are cached in memory; URLs are content-addressed, so responses are immutable.
 *
 * Encoding costs CPU and memory, so a request cannot ask for arbitrary variants: widths, aspect
 * ratios and qualities snap to the nearest the site itself uses (web/sanity/image.ts) — a
 * near-miss still gets a useful image, and the same cached variant — and at most two encodes run
 * at once with a short queue; beyond it the answer is 503 with Retry-After.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Request, RequestHandler, Response } from 'express';
import sharp, { type FitEnum } from 'sharp';
import { imageAssetPathQuery } from '../sanity/queries';
import { EMBEDDED_IMAGE_CONFIG, type ImageConfig } from '../sanity/image';
import { LRUCache } from 'lru-cache';
import { ConcurrencyLimit } from './http/concurrency-limit';
import { BadImageRequest, IMAGE_CONTENT_TYPES, isUntouched, parseTransform, type SanityFit, type Transform } from './image-transform';
import type { ContentSource } from './content/types';

export type ImageHandlerOptions = {
  /** The content source holding the `sanity.imageAsset` documents (the embedded store). */
  store: ContentSource;
  /** Asset paths are relative to this directory; no file outside it is ever read. */
  rootDir: string;
  imageConfig?: ImageConfig;
  /** Memory for encoded variants. Default 64 MB. */
  cacheBytes?: number;
  /** Encodes running at once (default 2) and waiting (default 8); more are answered 503. */
  maxConcurrentEncodes?: number;
  maxQueuedEncodes?: number;
  /** The encoder (tests wrap it to watch concurrency). */
  encode?: typeof encodeImage;
};

type EncodedImage = { body: Buffer; contentType: string };

const DEFAULT_QUALITY = 75;
/**
 * AVIF's quality scale keeps more than WebP's at the same number: on the site's 42 illustrations
 * at 800 px, WebP 75 has a PSNR of 40.5 dB in 351 KB, AVIF 75 44.8 dB in 456 KB, AVIF 50
 * 40.6 dB in 210 KB. Two thirds of the asked quality gives AVIF WebP's fidelity, so a browser
 * that takes AVIF downloads less for the same picture (`images.test.ts` holds it).
 */
const avifQuality = (quality: number) => Math.round((quality * 2) / 3);
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// A content-addressed file name: <sha1>-<width>x<height>.<extension>. Anything else (including
// "..", "/" or any encoded form of them) is not an image of ours.
const FILE_NAME_PATTERN = /^([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.([a-z0-9]{2,5})$/;
const SHARP_FITS: Record<SanityFit, { fit: keyof FitEnum; withoutEnlargement: boolean }> = {
  clip: { fit: 'inside', withoutEnlargement: false },
  crop: { fit: 'cover', withoutEnlargement: false },
  fill: { fit: 'contain', withoutEnlargement: false },
  fillmax: { fit: 'contain', withoutEnlargement: true },
  max: { fit: 'inside', withoutEnlargement: true },
  scale: { fit: 'fill', withoutEnlargement: false },
  min: { fit: 'cover', withoutEnlargement: true },
};

class EncodeQueueFull extends Error {}

/** Seconds a refused client should wait: a few encodes' time. */
const RETRY_AFTER_SECONDS = 2;

export function createImageHandler(options: ImageHandlerOptions): RequestHandler {
  const config = options.imageConfig ?? EMBEDDED_IMAGE_CONFIG;
  const variants = new LRUCache<string, EncodedImage>({
    max: 2000,
    maxSize: options.cacheBytes ?? 64 * 1024 * 1024,
    // lru-cache wants a positive size; an encoded image is never empty, the floor only guards.
    sizeCalculation: (image) => Math.max(1, image.body.length),
  });
  const encoding = new Map<string, Promise<EncodedImage>>();
  const rootDir = realpath(options.rootDir);
  const slots = new ConcurrencyLimit(options.maxConcurrentEncodes ?? 2, options.maxQueuedEncodes ?? 8);
  const encode = options.encode ?? encodeImage;

  return async (req: Request, res: Response) => {
    try {
      const { projectId, dataset, file } = req.params as Record<string, string | undefined>;
      const name = FILE_NAME_PATTERN.exec(file ?? '');
      if (projectId !== config.projectId || dataset !== config.dataset || !name) {
        notFound(res);
        return;
      }
      const [, sha1, width, height, extension] = name;
      const source = { width: Number(width), height: Number(height), extension };
      const transform = parseTransform(req.query as Record<string, unknown>, req.get('Accept') ?? '', source);
      const asset = await options.store.fetch(imageAssetPathQuery, {
        id: `image-${sha1}-${width}x${height}-${extension}`,
      });
      if (typeof asset?.path !== 'string') {
        notFound(res);
        return;
      }
      const variantKey = `${sha1}:${JSON.stringify(transform)}`;
      const etag = `"${createHash('sha1').update(variantKey).digest('base64url')}"`;
      const setCacheHeaders = () => {
        res.set('Cache-Control', CACHE_CONTROL);
        res.set('ETag', etag);
        if (transform.negotiated) res.vary('Accept');
      };
      if (matchesEtag(req.get('If-None-Match'), etag)) {
        setCacheHeaders();
        res.status(304).end();
        return;
      }
      let image = variants.get(variantKey);
      if (!image) {
        const assetFile = await fileInside(await rootDir, asset.path);
        if (!assetFile) {
          notFound(res);
          return;
        }
        let pending = encoding.get(variantKey);
        if (!pending) {
          const encoded = isUntouched(source, transform)
            ? readOriginal(assetFile, transform)
            : (slots.tryRun(() => encode(assetFile, transform)) ?? Promise.reject(new EncodeQueueFull()));
          pending = encoded.finally(() => encoding.delete(variantKey));
          encoding.set(variantKey, pending);
        }
        image = await pending;
        variants.set(variantKey, image);
      }
      setCacheHeaders();
      res.set('Content-Type', image.contentType);
      res.set('X-Content-Type-Options', 'nosniff');
      // An SVG opened directly must not run scripts on our origin.
      if (transform.format === 'svg') res.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      res.status(200).end(image.body);
    } catch (error) {
      if (error instanceof BadImageRequest) {
        res.status(400).type('text/plain; charset=utf-8').send(error.message);
        return;
      }
      if (error instanceof EncodeQueueFull) {
        res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).type('text/plain; charset=utf-8').send('Busy encoding images');
        return;
      }
      throw error;
    }
  };
}

/** If-None-Match holds `*` or a list of (possibly weak) entity tags. */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

function notFound(res: Response): void {
  res.status(404).type('text/plain; charset=utf-8').send('Not Found');
}

/** The real path of `relativePath` if it stays inside `root` (symlinks resolved), else null. */
async function fileInside(root: string, relativePath: string): Promise<string | null> {
  const inside = (candidate: string) => candidate.startsWith(root + path.sep);
  const candidate = path.resolve(root, relativePath);
  if (!inside(candidate)) return null;
  try {
    const resolved = await realpath(candidate);
    return inside(resolved) ? resolved : null;
  } catch {
    return null;
  }
}

async function readOriginal(file: string, transform: Transform): Promise<EncodedImage> {
  return { body: await readFile(file), contentType: IMAGE_CONTENT_TYPES[transform.format] };
}

export async function encodeImage(file: string, transform: Transform): Promise<EncodedImage> {
  const contentType = IMAGE_CONTENT_TYPES[transform.format];
  let image = sharp(file, { limitInputPixels: 100_000_000 });
  if (transform.rect) image = image.extract(transform.rect);
  if (transform.width !== undefined || transform.height !== undefined) {
    const { fit, withoutEnlargement } = SHARP_FITS[transform.fit];
    image = image.resize({
      width: transform.width,
      height: transform.height,
      fit,
      withoutEnlargement,
      background: transform.background ?? '#ffffff',
    });
  }
  const quality = transform.quality ?? DEFAULT_QUALITY;
  switch (transform.format) {
    case 'jpg':
      image = image.flatten({ background: transform.background ?? '#ffffff' }).jpeg({ quality, mozjpeg: true });
      break;
    case 'png':
      image = image.png();
      break;
    case 'webp':
      image = image.webp({ quality });
      break;
    case 'avif':
      // Low effort keeps first-request latency reasonable; each variant is encoded once.
      image = image.avif({ quality: avifQuality(quality), effort: 2 });
      break;
    case 'gif':
      image = image.gif();
      break;
  }
  return { body: await image.toBuffer(), contentType };
}
