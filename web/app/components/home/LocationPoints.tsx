import { HomeSection } from './HomeSection';
import type { HomeContent } from './types';
import './LocationPoints.css';

export function LocationPoints({ title, points }: { title: string | null; points: HomeContent['locationPoints'] }) {
  if (!points?.length) return null;
  return (
    <HomeSection name="location" title={title}>
      <ol className="location-points">
        {points.map((point, index) => (
          <li key={point._key} className="location-points__item">
            <span className="location-points__number" aria-hidden="true">
              {String(index + 1).padStart(2, '0')}
            </span>
            <h3 className="location-points__title">{point.title}</h3>
            {point.text ? <p className="location-points__text">{point.text}</p> : null}
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
