import { useSiteData } from '../lib/site-data';
import { shellLabels } from '../../shared/messages';
import { telHref } from '../lib/phone';
import { InterestPopupLink } from './InterestPopupLink';
import { CalendarIcon, PhoneIcon } from './icons';
import './MobileBottomBar.css';

/** Fixed to the bottom of phones (900px and below): visit reservation and a call button. */
export function MobileBottomBar() {
  const phone = useSiteData()?.settings?.phone;
  return (
    <nav className="mobile-bottom-bar" aria-label={shellLabels.salesInquiry}>
      <InterestPopupLink className="mobile-bottom-bar__button mobile-bottom-bar__button--reserve">
        <CalendarIcon />
        {shellLabels.visitReservation}
      </InterestPopupLink>
      {phone ? (
        <a className="mobile-bottom-bar__button mobile-bottom-bar__button--call" href={telHref(phone)}>
          <PhoneIcon />
          {shellLabels.phoneConsultation}
        </a>
      ) : null}
    </nav>
  );
}
