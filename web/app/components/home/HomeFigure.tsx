import { SanityImage } from '../SanityImage';
import './HomeFigure.css';

type HomeFigureProps = Pick<Parameters<typeof SanityImage>[0], 'image' | 'widths' | 'sizes' | 'aspectRatio'> & {
  className?: string;
};

/** An illustrative image with the editor's disclaimer (상기 이미지는 …) right under it. */
export function HomeFigure({ image, className, ...imageProps }: HomeFigureProps) {
  if (!image) return null;
  return (
    <figure className={`home-figure${className ? ` ${className}` : ''}`}>
      <SanityImage image={image} className="home-figure__image" {...imageProps} />
      {image.disclaimer ? <figcaption className="home-figure__disclaimer">{image.disclaimer}</figcaption> : null}
    </figure>
  );
}
