import { HomeSection } from './HomeSection';
import { InterestFormSlot } from './InterestFormSlot';
import type { HomeContent } from './types';
import './InterestFormSection.css';

/** 방문예약: the `#interestForm` anchor that menus and buttons across the site link to. */
export function InterestFormSection({ interestForm }: { interestForm: HomeContent['interestForm'] }) {
  return (
    <HomeSection id="interestForm" name="interest" title={interestForm?.title}>
      {interestForm?.text ? <p className="home-section__text">{interestForm.text}</p> : null}
      <InterestFormSlot />
    </HomeSection>
  );
}
