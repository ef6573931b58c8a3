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
import { EMBEDDED_IMAGE_CONFIG, IMAGE_ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_WIDTHS, type ImageConfig } from '../sanity/image';
import { LRUCache } from 'lru-cache';
import { ConcurrencyLimit } from './http/concurrency-limit';
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

type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';
type SanityFit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min';
type Rect = { left: number; top: number; width: number; height: number };

type Transform = {
  width?: number;
  height?: number;
  fit: SanityFit;
  rect?: Rect;
  background?: string;
  quality?: number;
  format: OutputFormat | 'svg';
  negotiated: boolean;
};

type EncodedImage = { body: Buffer; contentType: string };

const MAX_IMAGE_DIMENSION = 2400;
const DEFAULT_QUALITY = 75;
const CACHE_CONTROL = 'public, max-age=31536000, immutable';
// A content-addressed file name: <sha1>-<width>x<height>.<extension>. Anything else (including
// "..", "/" or any encoded form of them) is not an image of ours.
const FILE_NAME_PATTERN = /^([0-9a-f]{40})-(\d{1,5})x(\d{1,5})\.([a-z0-9]{2,5})$/;
/** Content types of the image files the site stores and serves (also what the seed may contain). */
export const IMAGE_CONTENT_TYPES: Record<OutputFormat | 'svg', string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};
const REQUESTABLE_FORMATS: Record<string, OutputFormat> = { jpg: 'jpg', pjpg: 'jpg', png: 'png', webp: 'webp', avif: 'avif' };
const SHARP_FITS: Record<SanityFit, { fit: keyof FitEnum; withoutEnlargement: boolean }> = {
  clip: { fit: 'inside', withoutEnlargement: false },
  crop: { fit: 'cover', withoutEnlargement: false },
  fill: { fit: 'contain', withoutEnlargement: false },
  fillmax: { fit: 'contain', withoutEnlargement: true },
  max: { fit: 'inside', withoutEnlargement: true },
  scale: { fit: 'fill', withoutEnlargement: false },
  min: { fit: 'cover', withoutEnlargement: true },
};

class BadImageRequest extends Error {}
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
      const transform = parseTransform(req, source);
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

function parseTransform(req: Request, source: { width: number; height: number; extension: string }): Transform {
  const query = req.query as Record<string, unknown>;
  const text = (name: string): string | undefined => {
    const value = query[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw new BadImageRequest(`"${name}" must be given once`);
    return value;
  };
  const integer = (name: string, min: number, max: number, outOfRange: 'clamp' | 'refuse'): number | undefined => {
    const value = text(name);
    if (value === undefined) return undefined;
    const number = Number(value);
    if (!/^\d+$/.test(value) || number < min || (outOfRange === 'refuse' && number > max)) {
      const range = outOfRange === 'refuse' ? `from ${min} to ${max}` : `of at least ${min}`;
      throw new BadImageRequest(`"${name}" must be an integer ${range}`);
    }
    return Math.min(number, max);
  };

  const dpr = Number(text('dpr') ?? '1');
  if (!(dpr >= 1 && dpr <= 3)) throw new BadImageRequest('"dpr" must be between 1 and 3');
  const scaled = (value: number | undefined) =>
    value === undefined ? undefined : Math.min(Math.round(value * dpr), MAX_IMAGE_DIMENSION);
  const rect = parseRect(text('rect'), source);
  // What is shown before resizing: srcsets never ask for more than its width, so it is allowed too.
  const shown = rect ?? source;
  const requestedWidth = scaled(integer('w', 1, MAX_IMAGE_DIMENSION, 'clamp'));
  const requestedHeight = scaled(integer('h', 1, MAX_IMAGE_DIMENSION, 'clamp'));
  if (requestedHeight !== undefined && requestedWidth === undefined) throw new BadImageRequest('"h" needs "w"');
  const width = requestedWidth === undefined ? undefined : nearest(requestedWidth, [...IMAGE_WIDTHS, shown.width]);
  const height =
    width === undefined || requestedHeight === undefined
      ? undefined
      : Math.round(width / nearest(requestedWidth! / requestedHeight, [...IMAGE_ASPECT_RATIOS, shown.width / shown.height]));

  const fit = text('fit') ?? 'clip';
  if (!(fit in SHARP_FITS)) throw new BadImageRequest(`unknown fit "${fit}"`);

  const requestedQuality = integer('q', 1, 100, 'refuse');
  const quality = requestedQuality === undefined ? undefined : nearest(requestedQuality, IMAGE_QUALITIES);
  const background = parseBackground(text('bg'));

  const requested = text('fm');
  if (requested !== undefined && !(requested in REQUESTABLE_FORMATS)) {
    throw new BadImageRequest(`unknown format "${requested}" (jpg, png, webp, avif)`);
  }
  const auto = text('auto');
  if (auto !== undefined && auto !== 'format') throw new BadImageRequest('"auto" only supports "format"');
  const negotiated = auto === 'format';
  const accepted = negotiated ? negotiatedFormat(req.get('Accept') ?? '') : undefined;
  const transformed = width !== undefined || height !== undefined || rect !== undefined || quality !== undefined;
  const format = accepted ?? (requested ? REQUESTABLE_FORMATS[requested] : originalFormat(source.extension, transformed));
  return { width, height, fit: fit as SanityFit, rect, background, quality, format, negotiated };
}

function parseRect(value: string | undefined, source: { width: number; height: number }): Rect | undefined {
  if (value === undefined) return undefined;
  const parts = value.split(',');
  if (parts.length !== 4 || !parts.every((part) => /^\d+$/.test(part))) {
    throw new BadImageRequest('"rect" must be left,top,width,height');
  }
  const [left, top, width, height] = parts.map(Number);
  if (width < 1 || height < 1 || left + width > source.width || top + height > source.height) {
    throw new BadImageRequest('"rect" lies outside the image');
  }
  return { left, top, width, height };
}

function parseBackground(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value)) throw new BadImageRequest('"bg" must be a hex colour');
  return `#${value}`;
}

function negotiatedFormat(accept: string): OutputFormat | undefined {
  if (accept.includes('image/avif')) return 'avif';
  if (accept.includes('image/webp')) return 'webp';
  return undefined;
}

/** Without `fm`, Sanity keeps the original format; a vector that is resized becomes a PNG. */
function originalFormat(extension: string, transformed: boolean): Transform['format'] {
  if (extension === 'svg') return transformed ? 'png' : 'svg';
  return extension in IMAGE_CONTENT_TYPES ? (extension as OutputFormat) : 'png';
}

/** The candidate closest to `value` (the larger on a tie). */
function nearest(value: number, candidates: readonly number[]): number {
  return candidates.reduce((best, candidate) => {
    const closer = Math.abs(candidate - value) - Math.abs(best - value);
    return closer < 0 || (closer === 0 && candidate > best) ? candidate : best;
  });
}

/** The original file as it is: nothing to resize, crop, re-encode or convert. */
function isUntouched(source: { extension: string }, transform: Transform): boolean {
  return (
    transform.format === source.extension &&
    transform.width === undefined &&
    transform.height === undefined &&
    transform.rect === undefined &&
    transform.quality === undefined
  );
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
      image = image.avif({ quality, effort: 2 });
      break;
    case 'gif':
      image = image.gif();
      break;
  }
  return { body: await image.toBuffer(), contentType };
}
