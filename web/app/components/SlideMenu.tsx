import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { CUSTOMER_PATH, linkItems, menuGroupForPath, type MenuGroup } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';
import { telHref } from '../lib/phone';
import { MenuGroupLinks } from './MenuGroupLinks';
import { FOCUSABLE_SELECTOR, inertOutside } from '../lib/modal-focus';
import './SlideMenu.css';

export const SLIDE_MENU_ID = 'slide-menu';

type SlideMenuProps = {
  menu: MenuGroup[];
  phone: string | null;
  /** Where the header ends on screen: the menu opens below it, so the header stays usable. */
  top: number;
  open: boolean;
  /** The menu button: it stays usable (it closes the menu) while everything else is inert. */
  opener: RefObject<HTMLButtonElement | null>;
  /** `restoreFocus`: put the focus back on the menu button (Escape, the backdrop). */
  onClose: (restoreFocus?: boolean) => void;
};

/**
 * The mobile menu (900px and below): a panel sliding in from the left with an accordion of the
 * menu groups — one open at a time; tapping the open one closes it. While open it is modal: the
 * rest of the page (but the menu button) is inert, focus moves into the panel, and Escape closes
 * it from anywhere, handing focus back to the menu button.
 */
export function SlideMenu({ menu, phone, top, open, opener, onClose }: SlideMenuProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(null);

  // Each time the menu opens, it shows the current page's group.
  const currentGroupKey = menuGroupForPath(menu, pathname)?._key ?? null;
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setExpanded(currentGroupKey);
  }

  const panel = useRef<HTMLDivElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const latestOnClose = useRef(onClose);
  useLayoutEffect(() => {
    latestOnClose.current = onClose;
  });

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-slide-menu');
    const kept = [panel.current, backdrop.current, opener.current].filter((element) => element !== null);
    const releaseInert = inertOutside(kept);
    panel.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestOnClose.current(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.documentElement.classList.remove('has-slide-menu');
      releaseInert();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, opener]);

  // Set only once measured (after a tap, in the browser): the server HTML carries no style
  // attribute, which the CSP (no 'unsafe-inline' styles) would refuse.
  const openBelow = top ? { top } : undefined;

  return (
    <>
      <div
        ref={backdrop}
        className={open ? 'slide-menu__backdrop is-open' : 'slide-menu__backdrop'}
        style={openBelow}
        onClick={() => onClose(true)}
        aria-hidden="true"
      />
      <div ref={panel} id={SLIDE_MENU_ID} className={open ? 'slide-menu is-open' : 'slide-menu'} style={openBelow} inert={!open}>
        <nav aria-label={shellLabels.slideMenu}>
          <ul className="slide-menu__groups">
            {menu.map((group) => {
              const items = linkItems(group);
              if (!items.length) return null;
              const key = group._key;
              const isExpanded = expanded === key;
              const panelId = `slide-menu-panel-${key}`;
              return (
                <li key={key} className="slide-menu__group">
                  <button
                    type="button"
                    className="slide-menu__toggle"
                    aria-expanded={isExpanded}
                    aria-controls={panelId}
                    onClick={() => setExpanded(isExpanded ? null : key)}
                  >
                    {group.title}
                  </button>
                  <ul id={panelId} className="slide-menu__links" hidden={!isExpanded}>
                    <MenuGroupLinks items={items} pathname={pathname} linkClassName="slide-menu__link" onFollow={() => onClose()} />
                  </ul>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="slide-menu__actions">
          {phone ? (
            <a className="slide-menu__action" href={telHref(phone)}>
              {shellLabels.phoneConsultation} {phone}
            </a>
          ) : null}
          <Link className="slide-menu__action slide-menu__action--primary" to={CUSTOMER_PATH} onClick={() => onClose()}>
            {shellLabels.visitReservation}
          </Link>
        </div>
      </div>
    </>
  );
}
