import { useSiteData } from '../lib/site-data';
import { CUSTOMER_PATH, comparablePath } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';
import { InterestPopupLink } from './InterestPopupLink';
import './PromoBanner.css';

/**
 * The promotional line above the header. Its text slides in and a light sweeps across it twice
 * (CSS, under five seconds in all, so nothing keeps moving — WCAG 2.2.2 — and no CPU is spent
 * once it has played); visitors who prefer reduced motion get it still. A link to the
 * visit-reservation page opens the interest popup.
 */
export function PromoBanner() {
  const promo = useSiteData()?.settings?.promoBanner;
  if (!promo?.text) return null;
  const opensPopup = !!promo.href && comparablePath(promo.href) === comparablePath(CUSTOMER_PATH);
  const text = <span className="promo-banner__text">{promo.text}</span>;
  return (
    <aside className="promo-banner" aria-label={shellLabels.promoBanner}>
      {opensPopup ? (
        <InterestPopupLink className="promo-banner__link">{text}</InterestPopupLink>
      ) : promo.href ? (
        <a className="promo-banner__link" href={promo.href}>
          {text}
        </a>
      ) : (
        <p className="promo-banner__link">{text}</p>
      )}
    </aside>
  );
}
