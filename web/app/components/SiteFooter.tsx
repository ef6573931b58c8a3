import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useSiteData } from '../lib/site-data';
import { isExternalHref, PRIVACY_PATH } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';
import { telHref } from '../lib/phone';
import { InterestPopupLink } from './InterestPopupLink';
import './SiteFooter.css';

/**
 * The family-site disclosure (a native `<details>`, so it works before hydration) also closes on
 * Escape wherever focus is, handing focus back to its summary if it was inside, and when focus
 * moves to something outside it.
 */
function useDismissibleDetails() {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      const hadFocus = details.contains(document.activeElement);
      details.open = false;
      if (hadFocus) details.querySelector('summary')?.focus();
    };
    const onFocusOut = (event: FocusEvent) => {
      if (event.relatedTarget instanceof Node && !details.contains(event.relatedTarget)) details.open = false;
    };
    document.addEventListener('keydown', onKeyDown);
    details.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      details.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  return ref;
}

export function SiteFooter() {
  const settings = useSiteData()?.settings;
  const familySitesRef = useDismissibleDetails();
  if (!settings) return null;
  const familySites = (settings.familySites ?? []).filter((site): site is typeof site & { href: string; label: string } => !!site.href && !!site.label);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div className="site-footer__top">
          <p className="site-footer__brand">{settings.brandName}</p>
          <div className="site-footer__buttons">
            <InterestPopupLink className="button button--primary site-footer__reserve">{shellLabels.visitReservation}</InterestPopupLink>
            {familySites.length ? (
              <details ref={familySitesRef} className="family-sites">
                <summary className="family-sites__summary">{shellLabels.familySites}</summary>
                <ul className="family-sites__list">
                  {familySites.map((site) => (
                    <li key={site._key}>
                      {isExternalHref(site.href) ? (
                        <a href={site.href} target="_blank" rel="noopener noreferrer">
                          {site.label}
                          <span className="visually-hidden"> ({shellLabels.newTab})</span>
                        </a>
                      ) : (
                        <Link to={site.href}>{site.label}</Link>
                      )}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
          </div>
        </div>
        {settings.footerDisclaimer ? <p className="site-footer__disclaimer">{settings.footerDisclaimer}</p> : null}
        <dl className="site-footer__facts">
          {settings.phone ? (
            <div>
              <dt>{shellLabels.salesInquiry}</dt>
              <dd>
                <a href={telHref(settings.phone)}>{settings.phone}</a>
              </dd>
            </div>
          ) : null}
          {settings.builder ? (
            <div>
              <dt>{shellLabels.builder}</dt>
              <dd>{settings.builder}</dd>
            </div>
          ) : null}
          {settings.address ? (
            <div>
              <dt>{shellLabels.siteAddress}</dt>
              <dd>{settings.address}</dd>
            </div>
          ) : null}
        </dl>
        <p className="site-footer__legal">
          <Link to={PRIVACY_PATH} className="site-footer__privacy">
            {shellLabels.privacyPolicy}
          </Link>
          <span className="site-footer__copyright">
            © {settings.copyrightYear} {settings.brandName}. <span lang="en">All rights reserved.</span>
          </span>
        </p>
      </div>
    </footer>
  );
}
