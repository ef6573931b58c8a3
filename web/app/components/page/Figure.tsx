import type { QueryImage } from '../../lib/content-page';
import { Reveal } from '../Reveal';
import { SanityImage } from '../SanityImage';
import './Figure.css';

type FigureProps = {
  image: QueryImage | null | undefined;
  sizes?: string;
  className?: string;
  /** The page's main picture (its largest paint): loaded eagerly with high fetch priority. */
  priority?: boolean;
};

/**
 * An illustrative image with its caption and the editor's disclaimer right under it
 * (상기 이미지는 … — required under CG images, floor plans and maps).
 */
export function Figure({ image, sizes = '(max-width: 900px) 100vw, 1032px', className, priority }: FigureProps) {
  if (!image?.asset) return null;
  const caption = image.caption || image.disclaimer;
  return (
    <figure className={className ? `page-figure ${className}` : 'page-figure'}>
      <Reveal>
        <SanityImage image={image} widths={[480, 800, 1200, 1600]} sizes={sizes} priority={priority} />
      </Reveal>
      {caption ? (
        <figcaption className="page-figure__caption">
          {image.caption ? <span className="page-figure__text">{image.caption}</span> : null}
          {image.disclaimer ? <span className="page-figure__disclaimer">{image.disclaimer}</span> : null}
        </figcaption>
      ) : null}
    </figure>
  );
}
