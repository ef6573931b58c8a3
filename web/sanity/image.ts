/**
 * Image URLs for both content backends, usable in the browser and on the server (no Node
 * imports). Sanity serves `https://cdn.sanity.io/images/<project>/<dataset>/<file>`; the embedded
 * store serves the same path shape same-origin (`/images/embedded/production/<file>`), so one
 * `urlFor()` covers both.
 */
import imageUrlBuilder from '@sanity/image-url';
import type { ImageFormat, SanityImageSource } from '@sanity/image-url/lib/types/types';

/**
 * The widths the components ask for in their srcsets (and the share image's 1200), the aspect
 * ratios they crop to (and the share image's 1200×630), and the quality of every variant. The
 * embedded image endpoint serves only these (web/server/images.ts); a unit test keeps the
 * components' `widths` and `aspectRatio` within them.
 */
export const IMAGE_WIDTHS = [320, 360, 400, 480, 540, 640, 720, 800, 960, 1200, 1280, 1600, 1920] as const;
export const IMAGE_ASPECT_RATIOS = [4 / 3, 3 / 2, 1200 / 630] as const;
export const IMAGE_QUALITIES = [75] as const;

/** Public, non-secret settings the page needs to build image URLs. */
export type ImageConfig = { projectId: string; dataset: string; baseUrl: string };

export type ImageSource = SanityImageSource;

export const EMBEDDED_IMAGE_CONFIG: ImageConfig = { projectId: 'embedded', dataset: 'production', baseUrl: '' };

// Asset ids encode the original dimensions: image-<sha1>-<width>x<height>-<extension>.
const ASSET_ID_PATTERN = /^image-[A-Za-z0-9]+-(\d+)x(\d+)-[a-z0-9]+$/;

export function urlFor(config: ImageConfig, source: ImageSource) {
  // @sanity/image-url treats an empty baseUrl as "use cdn.sanity.io"; "/" has its trailing
  // slash stripped, which leaves a same-origin path.
  return imageUrlBuilder({
    projectId: config.projectId,
    dataset: config.dataset,
    baseUrl: config.baseUrl || '/',
  }).image(source);
}

/** Width and height of the image as displayed: the asset's size reduced by the editor's crop. */
export function imageDimensions(source: ImageSource | null | undefined): { width: number; height: number } | null {
  const match = ASSET_ID_PATTERN.exec(assetIdOf(source) ?? '');
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  const crop = typeof source === 'object' && source && 'crop' in source ? source.crop : undefined;
  if (!crop) return { width, height };
  return {
    width: Math.round(width * (1 - crop.left - crop.right)),
    height: Math.round(height * (1 - crop.top - crop.bottom)),
  };
}

export type ResponsiveImage = { src: string; srcSet: string; width: number; height: number };

/**
 * `src`/`srcSet`/`width`/`height` for an `<img>`: one variant per requested width (never wider
 * than the original), optionally cropped to an aspect ratio around the editor's hotspot; the
 * format negotiated per request (`auto=format`) unless one is given.
 * Needs no request: the dimensions come from the asset id.
 */
export function responsiveImage(
  config: ImageConfig,
  source: ImageSource | null | undefined,
  options: { widths: number[]; format?: ImageFormat; quality?: number; aspectRatio?: number },
): ResponsiveImage | null {
  const dimensions = imageDimensions(source);
  if (!source || !dimensions || options.widths.length === 0) return null;
  const aspectRatio = options.aspectRatio ?? dimensions.width / dimensions.height;
  const widths = [...new Set(options.widths.map((width) => Math.min(Math.round(width), dimensions.width)))].sort((a, b) => a - b);
  // Without a format, the image CDN picks the best the browser accepts (AVIF, WebP) by its Accept.
  const urlForWidth = (width: number) => {
    let builder = urlFor(config, source).width(width);
    builder = options.format ? builder.format(options.format) : builder.auto('format');
    if (options.aspectRatio) builder = builder.height(Math.round(width / options.aspectRatio));
    if (options.quality) builder = builder.quality(options.quality);
    return builder.url();
  };
  const largest = widths[widths.length - 1];
  return {
    src: urlForWidth(largest),
    srcSet: widths.map((width) => `${urlForWidth(width)} ${width}w`).join(', '),
    width: largest,
    height: Math.round(largest / aspectRatio),
  };
}

function assetIdOf(source: ImageSource | null | undefined): string | undefined {
  if (!source) return undefined;
  if (typeof source === 'string') return source;
  if ('asset' in source && source.asset) {
    const asset = source.asset as { _ref?: string; _id?: string };
    return asset._ref ?? asset._id;
  }
  if ('_ref' in source) return source._ref;
  if ('_id' in source) return source._id;
  return undefined;
}
