import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CUSTOMER_PATH, isCurrentItem, linkItems, menuGroupForPath, type MenuGroup } from '../lib/menu';
import { shellLabels } from '../lib/messages';
import { telHref } from '../lib/phone';

export const SLIDE_MENU_ID = 'slide-menu';

type SlideMenuProps = {
  menu: MenuGroup[];
  phone: string | null;
  /** Where the header ends on screen: the menu opens below it, so the header stays usable. */
  top: number;
  open: boolean;
  /** `restoreFocus`: put the focus back on the menu button (closing with Escape). */
  onClose: (restoreFocus?: boolean) => void;
};

/**
 * The mobile menu (900px and below): a panel sliding in from the left with an accordion of the
 * menu groups — one open at a time; tapping the open one closes it.
 */
export function SlideMenu({ menu, phone, top, open, onClose }: SlideMenuProps) {
  const { pathname } = useLocation();
  const [expanded, setExpanded] = useState<string | null>(null);

  // Each time the menu opens, it shows the current page's group.
  const currentGroupKey = menuGroupForPath(menu, pathname)?._key ?? null;
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setExpanded(currentGroupKey);
  }

  useEffect(() => {
    if (!open) return;
    document.documentElement.classList.add('has-slide-menu');
    return () => document.documentElement.classList.remove('has-slide-menu');
  }, [open]);

  // Set only once measured (after a tap, in the browser): the server HTML carries no style
  // attribute, which the CSP (no 'unsafe-inline' styles) would refuse.
  const openBelow = top ? { top } : undefined;

  return (
    <>
      <div
        className={open ? 'slide-menu__backdrop is-open' : 'slide-menu__backdrop'}
        style={openBelow}
        onClick={() => onClose()}
        aria-hidden="true"
      />
      <div
        id={SLIDE_MENU_ID}
        className={open ? 'slide-menu is-open' : 'slide-menu'}
        style={openBelow}
        inert={!open}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onClose(true);
        }}
      >
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
                    {items.map((item) => (
                      <li key={item._key}>
                        <Link
                          to={item.href}
                          className="slide-menu__link"
                          aria-current={isCurrentItem(item, pathname) ? 'page' : undefined}
                          onClick={() => onClose()}
                        >
                          {item.label}
                        </Link>
                      </li>
                    ))}
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
