/**
 * What an image request asks for: the query of Sanity's image API (w, h, dpr, fit, rect, q, bg, fm,
 * auto=format) read into one transform, refused in English for a developer when malformed. No
 * image library here: ../images.ts encodes.
 */
import { IMAGE_ASPECT_RATIOS, IMAGE_QUALITIES, IMAGE_WIDTHS } from '../sanity/image';

export type OutputFormat = 'jpg' | 'png' | 'webp' | 'avif' | 'gif';
export type SanityFit = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min';
type Rect = { left: number; top: number; width: number; height: number };

export type Transform = {
  width?: number;
  height?: number;
  fit: SanityFit;
  rect?: Rect;
  background?: string;
  quality?: number;
  format: OutputFormat | 'svg';
  negotiated: boolean;
};

export const SANITY_FITS: readonly SanityFit[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min'];
export const MAX_IMAGE_DIMENSION = 2400;
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

/** A query the image API refuses (400). */
export class BadImageRequest extends Error {}

/**
 * The transform a request's query asks of an image (Sanity's image API parameters), snapped to the
 * widths, ratios and qualities the site uses so that arbitrary values cannot multiply the variants.
 */
export function parseTransform(query: Record<string, unknown>, accept: string, source: { width: number; height: number; extension: string }): Transform {
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
  const scaled = (value: number | undefined) => (value === undefined ? undefined : Math.min(Math.round(value * dpr), MAX_IMAGE_DIMENSION));
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
  if (!SANITY_FITS.includes(fit as SanityFit)) throw new BadImageRequest(`unknown fit "${fit}"`);

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
  const accepted = negotiated ? negotiatedFormat(accept) : undefined;
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
export function isUntouched(source: { extension: string }, transform: Transform): boolean {
  return (
    transform.format === source.extension &&
    transform.width === undefined &&
    transform.height === undefined &&
    transform.rect === undefined &&
    transform.quality === undefined
  );
}
