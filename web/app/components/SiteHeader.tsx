import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { useSiteData } from '../lib/site-data';
import { PreviewBanner } from './PreviewBanner';
import { CUSTOMER_PATH, isExternalHref } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';
import { telHref } from '../lib/phone';
import { InterestPopupLink } from './InterestPopupLink';
import { SiteNav } from './SiteNav';
import { SLIDE_MENU_ID, SlideMenu } from './SlideMenu';
import { PhoneIcon } from './icons';
import './SiteHeader.css';

/** True once the page is scrolled away from the very top. */
function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > 0);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  return scrolled;
}

/**
 * Publishes the sticky header's real height as `--sticky-header-height` on the root, which the
 * root's scroll-padding-top follows: in preview the banner inside the header makes it taller (and
 * taller still where its line wraps), and focus must still land below it.
 */
function useStickyHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const height = `${element.offsetHeight}px`;
      // Only a height the root does not already allow for: a custom property set on the root
      // restyles every element of the page (a long task on a phone, right after hydration).
      if (getComputedStyle(root).scrollPaddingTop !== height) root.style.setProperty('--sticky-header-height', height);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--sticky-header-height');
    };
  }, [header]);
}

/**
 * The site header. Above 900px: logo, the menu with dropdowns, a mobile-consultation link and the
 * phone button (opens the interest popup). At 900px and below: menu button, logo, tap-to-call and
 * the visit-reservation link; the menu button toggles the slide menu.
 */
export function SiteHeader() {
  const rootData = useSiteData();
  const settings = rootData?.settings;
  const preview = rootData?.preview;
  const scrolled = useScrolled();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuTop, setMenuTop] = useState(0);
  const menuButton = useRef<HTMLButtonElement>(null);
  const header = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useStickyHeaderHeight(header);

  // A followed link closes the slide menu, whichever way the page changed.
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setMenuOpen(false);
  }

  if (!settings) return null;
  const menu = settings.menu ?? [];
  const phone = settings.phone;
  const consultationHref = settings.kakaoChannelUrl || CUSTOMER_PATH;
  const consultationIsExternal = isExternalHref(consultationHref);

  return (
    <header ref={header} className={scrolled ? 'site-header is-scrolled' : 'site-header'} data-scrolled={scrolled}>
      {preview ? <PreviewBanner mode={preview} /> : null}
      <div className="site-header__inner">
        <button
          ref={menuButton}
          type="button"
          className="site-header__menu-button"
          aria-expanded={menuOpen}
          aria-controls={SLIDE_MENU_ID}
          aria-label={menuOpen ? shellLabels.closeMenu : shellLabels.openMenu}
          onClick={() => {
            // The page cannot scroll while the menu is open, so this position holds.
            setMenuTop(header.current?.getBoundingClientRect().bottom ?? 0);
            setMenuOpen(!menuOpen);
          }}
        >
          <span className="site-header__menu-icon" aria-hidden="true" />
        </button>
        <Link to="/" className="site-header__logo">
          {settings.brandName}
        </Link>
        <SiteNav menu={menu} />
        <div className="site-header__actions">
          <a
            className="site-header__consultation"
            href={consultationHref}
            {...(consultationIsExternal ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {shellLabels.mobileConsultation}
            {consultationIsExternal ? <span className="visually-hidden"> ({shellLabels.newTab})</span> : null}
          </a>
          {phone ? (
            <InterestPopupLink className="site-header__phone">
              <PhoneIcon />
              {phone}
            </InterestPopupLink>
          ) : null}
        </div>
        <div className="site-header__mobile-actions">
          {phone ? (
            <a className="site-header__call" href={telHref(phone)}>
              <PhoneIcon />
              <span className="visually-hidden">
                {shellLabels.phoneConsultation} {phone}
              </span>
            </a>
          ) : null}
          <Link to={CUSTOMER_PATH} className="site-header__reserve">
            {shellLabels.visitReservation}
          </Link>
        </div>
      </div>
      <SlideMenu
        menu={menu}
        phone={phone}
        top={menuTop}
        open={menuOpen}
        opener={menuButton}
        onClose={(restoreFocus) => {
          setMenuOpen(false);
          if (restoreFocus) menuButton.current?.focus();
        }}
      />
    </header>
  );
}
