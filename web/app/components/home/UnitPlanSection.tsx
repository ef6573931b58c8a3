import { useState } from 'react';
import { Link } from 'react-router';
import { INITIAL_ACCORDION_STATE, headingForOpenItem, toggleAccordion, type AccordionState } from '../../lib/home/accordion';
import { Accordion } from './Accordion';
import { HomeSection } from './HomeSection';
import { UnitTypeViewer } from './UnitTypeViewer';
import type { HomeContent, ViewerUnitType } from './types';
import './UnitPlanSection.css';

/**
 * 세대안내: an accordion of 타입 안내 (the floor-plan viewer) and E-모델하우스. The section title
 * names the open item, or reads 세대안내 when both are closed.
 */
export function UnitPlanSection({ unitPlan, unitTypes }: { unitPlan: HomeContent['unitPlan']; unitTypes: ViewerUnitType[] }) {
  const [open, setOpen] = useState<AccordionState>(INITIAL_ACCORDION_STATE);
  if (!unitPlan) return null;
  const { typeGuide, eModel } = unitPlan;
  const heading = headingForOpenItem(open, [typeGuide?.title, eModel?.title], unitPlan.title ?? '');
  return (
    <HomeSection name="unit-plan" title={heading}>
      <Accordion
        className="unit-plan-accordion"
        headingLevel={3}
        open={open}
        onToggle={(index) => setOpen((current) => toggleAccordion(current, index))}
        items={[
          {
            key: 'type-guide',
            title: typeGuide?.title,
            panel: (
              <>
                {typeGuide?.text ? <p className="home-section__text">{typeGuide.text}</p> : null}
                <UnitTypeViewer unitTypes={unitTypes} />
              </>
            ),
          },
          {
            key: 'e-model',
            title: eModel?.title,
            panel: (
              <>
                {eModel?.text ? <p className="home-section__text">{eModel.text}</p> : null}
                {eModel?.linkLabel ? (
                  <Link className="button button--outline" to="/FloorPlan/Emodel">
                    {eModel.linkLabel}
                  </Link>
                ) : null}
              </>
            ),
          },
        ]}
      />
      {unitPlan.linkLabel ? (
        <Link className="button button--primary home-unit-plan__link" to="/FloorPlan/84A">
          {unitPlan.linkLabel}
        </Link>
      ) : null}
    </HomeSection>
  );
}
