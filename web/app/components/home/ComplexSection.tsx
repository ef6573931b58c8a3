import { Accordion } from './Accordion';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import type { HomeContent } from './types';
import './ComplexSection.css';

/** 단지배치도 · 단지특화설계 · 커뮤니티, one open at a time, each with its image. */
export function ComplexSection({ complex }: { complex: HomeContent['complex'] }) {
  if (!complex?.items?.length) return null;
  return (
    <HomeSection name="complex" title={complex.title}>
      <Accordion
        className="complex-accordion"
        headingLevel={3}
        items={complex.items.map((item) => ({
          key: item._key,
          title: item.title,
          panel: (
            <div className="complex-accordion__content">
              {item.text ? <p className="home-section__text">{item.text}</p> : null}
              <HomeFigure image={item.image} widths={[480, 800, 1200]} sizes="(max-width: 900px) 100vw, 760px" />
            </div>
          ),
        }))}
      />
    </HomeSection>
  );
}
