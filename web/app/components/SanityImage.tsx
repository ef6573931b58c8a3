import type { ImageFormat } from '@sanity/image-url/lib/types/types';
import { responsiveImage, type ImageSource } from '../../sanity/image';
import { useSiteData } from '../lib/site-data';

type SanityImageProps = {
  image: (ImageSource & { alt?: string | null; disclaimer?: string | null }) | null | undefined;
  widths: number[];
  sizes: string;
  className?: string;
  aspectRatio?: number;
  format?: ImageFormat;
  /** The page's largest contentful image: load it first instead of lazily. */
  priority?: boolean;
};

/**
 * An `<img>` with width/height (no layout shift), a WebP srcset and the editor's alt text.
 * Images below the fold load lazily.
 */
export function SanityImage({ image, widths, sizes, className, aspectRatio, format, priority }: SanityImageProps) {
  const imageConfig = useSiteData()?.imageConfig;
  const sources = imageConfig ? responsiveImage(imageConfig, image, { widths, aspectRatio, format }) : null;
  if (!image || !sources) return null;
  return (
    <img
      className={className}
      src={sources.src}
      srcSet={sources.srcSet}
      sizes={sizes}
      width={sources.width}
      height={sources.height}
      alt={image.alt ?? ''}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
