import { LeadForm } from '../leads/LeadForm';
import { leadMessages } from '../../../shared/messages';
import { useSiteData } from '../../lib/site-data';
import './InterestFormSlot.css';

/**
 * The home page's visit-reservation form (name, phone, optional message) inside the home's
 * `#interestForm` section; the form itself is the shared lead form.
 */
export function InterestFormSlot() {
  return (
    <div className="interest-form-slot">
      <LeadForm kind="home" idPrefix="home" data={useSiteData()?.leadForm} submitLabel={leadMessages.reservationSubmit} />
    </div>
  );
}
