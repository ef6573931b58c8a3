import { useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { isCurrentItem, linkItems, menuGroupForPath, type MenuGroup } from '../lib/menu';
import { shellLabels } from '../lib/messages';

/**
 * The desktop navigation (above 900px): one top-level link per menu group, its sub-links in a
 * dropdown that opens on hover and on keyboard focus (CSS :hover/:focus-within, so it works before
 * hydration too) and closes on Escape.
 */
export function SiteNav({ menu }: { menu: MenuGroup[] }) {
  const { pathname } = useLocation();
  const [hovered, setHovered] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  // A group closed with Escape (or by following one of its links) stays closed until the
  // pointer and the focus have both left it.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const topLinks = useRef(new Map<string, HTMLAnchorElement>());
  const currentGroup = menuGroupForPath(menu, pathname);

  function leave(key: string, stillInside: boolean) {
    if (!stillInside && dismissed === key) setDismissed(null);
  }

  return (
    <nav className="site-nav" aria-label={shellLabels.mainMenu}>
      <ul className="site-nav__groups">
        {menu.map((group) => {
          const items = linkItems(group);
          const first = items[0];
          if (!first) return null;
          const key = group._key;
          const panelId = `site-nav-panel-${key}`;
          const open = (hovered === key || focused === key) && dismissed !== key;
          const classes = ['site-nav__group'];
          if (open) classes.push('is-open');
          if (dismissed === key) classes.push('is-dismissed');
          if (currentGroup?._key === key) classes.push('is-current');
          return (
            <li
              key={key}
              className={classes.join(' ')}
              onMouseEnter={() => setHovered(key)}
              onMouseLeave={() => {
                setHovered(null);
                leave(key, focused === key);
              }}
              onFocus={() => setFocused(key)}
              onBlur={(event: FocusEvent<HTMLLIElement>) => {
                if (event.currentTarget.contains(event.relatedTarget)) return;
                setFocused(null);
                leave(key, hovered === key);
              }}
              onKeyDown={(event: KeyboardEvent<HTMLLIElement>) => {
                if (event.key !== 'Escape' || !open) return;
                setDismissed(key);
                topLinks.current.get(key)?.focus();
              }}
            >
              <Link
                ref={(element) => {
                  if (element) topLinks.current.set(key, element);
                  else topLinks.current.delete(key);
                }}
                to={first.href}
                className="site-nav__top"
                aria-expanded={open}
                aria-controls={panelId}
              >
                {group.title}
              </Link>
              <ul id={panelId} className="site-nav__panel">
                {items.map((item) => {
                  const current = isCurrentItem(item, pathname);
                  return (
                    <li key={item._key}>
                      <Link
                        to={item.href}
                        className="site-nav__link"
                        aria-current={current ? 'page' : undefined}
                        onClick={() => setDismissed(key)}
                      >
                        {item.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
