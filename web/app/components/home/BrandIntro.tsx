import { Link } from 'react-router';
import { HomeSection } from './HomeSection';
import type { HomeContent } from './types';
import './BrandIntro.css';

export function BrandIntro({ brandIntro }: { brandIntro: HomeContent['brandIntro'] }) {
  if (!brandIntro) return null;
  return (
    <HomeSection name="brand" title={brandIntro.title}>
      {brandIntro.text ? <p className="home-section__text">{brandIntro.text}</p> : null}
      {brandIntro.linkLabel ? (
        <Link className="button button--outline" to="/Brand/video">
          {brandIntro.linkLabel}
        </Link>
      ) : null}
    </HomeSection>
  );
}
