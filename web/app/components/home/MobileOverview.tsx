import { Accordion } from './Accordion';
import { HomeFigure } from './HomeFigure';
import { HomeSection } from './HomeSection';
import { PremiumSlider } from './PremiumSlider';
import type { HomeContent, OverviewRow, PremiumSlide } from './types';
import './MobileOverview.css';

type MobileOverviewProps = {
  overview: HomeContent['mobileOverview'];
  rows: OverviewRow[];
  slides: PremiumSlide[];
};

/** Phones only: 사업개요 (the overview table), 입지 (two maps) and 프리미엄 (the slider). */
export function MobileOverview({ overview, rows, slides }: MobileOverviewProps) {
  if (!overview) return null;
  return (
    <HomeSection name="overview" title={overview.title} step={false}>
      <Accordion
        className="overview-accordion"
        headingLevel={3}
        items={[
          {
            key: 'business',
            title: overview.businessTitle,
            panel: (
              <dl className="overview-list">
                {rows.map((row) => (
                  <div key={row._id} className="overview-list__row">
                    <dt>{row.label}</dt>
                    <dd>{row.value}</dd>
                  </div>
                ))}
              </dl>
            ),
          },
          {
            key: 'location',
            title: overview.locationTitle,
            panel: overview.locationImages?.map((image) => <HomeFigure key={image._key} image={image} widths={[400, 800]} sizes="100vw" />),
          },
          { key: 'premium', title: overview.premiumTitle, panel: <PremiumSlider slides={slides} /> },
        ]}
      />
    </HomeSection>
  );
}
