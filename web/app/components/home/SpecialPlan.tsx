import { HomeFigure } from './HomeFigure';
import { HomeSection, homeHeadingId } from './HomeSection';
import type { HomeContent } from './types';
import './SpecialPlan.css';

export function SpecialPlan({ specialPlan }: { specialPlan: HomeContent['specialPlan'] }) {
  if (!specialPlan) return null;
  return (
    <HomeSection name="special" ownHeading>
      <div className="home-special__text">
        <h2 id={homeHeadingId('special')} className="home-section__title">
          {specialPlan.title}
        </h2>
        {specialPlan.text ? <p className="home-section__text">{specialPlan.text}</p> : null}
      </div>
      <HomeFigure image={specialPlan.image} className="home-special__figure" widths={[480, 800, 1200]} sizes="(max-width: 900px) 100vw, 720px" />
    </HomeSection>
  );
}
