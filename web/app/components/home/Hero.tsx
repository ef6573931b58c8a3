import { InterestPopupLink } from '../InterestPopupLink';
import { SanityImage } from '../SanityImage';
import type { HomeContent } from './types';
import './Hero.css';

/** The first screen. Its image is the page's LCP element, so it loads first, not lazily. */
export function Hero({ hero }: { hero: HomeContent['hero'] }) {
  return (
    <section className="hero" aria-labelledby="hero-title" data-home-step="">
      {hero?.image ? <SanityImage image={hero.image} className="hero__image" widths={[640, 960, 1280, 1920]} sizes="100vw" priority /> : null}
      <div className="hero__content">
        {hero?.eyebrow ? <p className="hero__eyebrow">{hero.eyebrow}</p> : null}
        <h1 id="hero-title" className="hero__title">
          {hero?.title}
        </h1>
        {hero?.subtitle ? <p className="hero__subtitle">{hero.subtitle}</p> : null}
        {hero?.ctaLabel ? <InterestPopupLink className="button button--primary hero__cta">{hero.ctaLabel}</InterestPopupLink> : null}
      </div>
    </section>
  );
}
