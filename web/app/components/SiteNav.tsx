import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { linkItems, menuGroupForPath, type MenuGroup } from '../../shared/menu';
import { shellLabels } from '../../shared/messages';
import { MenuGroupLinks } from './MenuGroupLinks';
import './SiteNav.css';

/**
 * The desktop navigation (above 900px): one top-level link per menu group, its sub-links in a
 * dropdown that opens on hover and on keyboard focus (CSS :hover/:focus-within, so it works before
 * hydration too) and closes on Escape wherever focus is, and when focus leaves it. The top-level
 * links navigate, so they carry no disclosure state: the dropdown's links follow each one in the
 * tab order.
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

  const openGroup = [hovered, focused].find((key) => key !== null && key !== dismissed) ?? null;
  useEffect(() => {
    if (openGroup === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDismissed(openGroup);
      const top = topLinks.current.get(openGroup);
      if (top?.parentElement?.contains(document.activeElement)) top.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [openGroup]);

  return (
    <nav className="site-nav" aria-label={shellLabels.mainMenu}>
      <ul className="site-nav__groups">
        {menu.map((group) => {
          const items = linkItems(group);
          const first = items[0];
          if (!first) return null;
          const key = group._key;
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
            >
              <Link
                ref={(element) => {
                  if (element) topLinks.current.set(key, element);
                  else topLinks.current.delete(key);
                }}
                to={first.href}
                className="site-nav__top"
              >
                {group.title}
              </Link>
              <ul className="site-nav__panel">
                <MenuGroupLinks items={items} pathname={pathname} linkClassName="site-nav__link" onFollow={() => setDismissed(key)} />
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
