import { Link } from 'react-router';
import { HomeSection } from './HomeSection';
import type { HomeContent } from './types';
import './BrandIntro.css';

export function BrandIntro({ brandIntro }: { brandIntro: HomeContent['brandIntro'] }) {
  if (!brandIntro) return null;
  return (
    <HomeSection name="brand" headingId="home-brand-title">
      <h2 id="home-brand-title" className="home-section__title">
        {brandIntro.title}
      </h2>
      {brandIntro.text ? <p className="home-section__text">{brandIntro.text}</p> : null}
      {brandIntro.linkLabel ? (
        <Link className="button button--outline" to="/Brand/video">
          {brandIntro.linkLabel}
        </Link>
      ) : null}
    </HomeSection>
  );
}
