import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSiteData } from '../lib/site-data';
import { isCurrentItem, linkItems, menuGroupForPath } from '../../shared/menu';
import './SubMenu.css';

type SubMenuProps = {
  /**
   * The menu path this page is filed under, when it is not the URL itself (e.g. the press list
   * `/cheonghak/press` passes `/Promotion/Press`). Defaults to the current URL path.
   */
  path?: string;
};

/** Scroll positions closer than this to an end count as at the end (sub-pixel layout). */
const END_TOLERANCE_PX = 2;

/**
 * Where a horizontally scrolling strip has more to show: the strip hides its scrollbar, so a fading
 * edge on each side with more tells that it scrolls. On mount the current item is scrolled to the
 * middle of the strip (not with scrollIntoView, which would scroll the page too).
 */
function useScrollCue(path: string) {
  const list = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const current = strip.querySelector<HTMLElement>('[aria-current="page"]');
    if (current) {
      const stripBox = strip.getBoundingClientRect();
      const itemBox = current.getBoundingClientRect();
      strip.scrollLeft += itemBox.left + itemBox.width / 2 - (stripBox.left + stripBox.width / 2);
    }
    const update = () => {
      const start = strip.scrollLeft > END_TOLERANCE_PX;
      const end = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - END_TOLERANCE_PX;
      setMore((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    update();
    strip.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      strip.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [path]);
  return { list, more };
}

/**
 * The sub-menu list of an inner page: the links of the current page's menu group, the current
 * one marked `aria-current="page"`. Renders nothing for a page the menu does not list.
 */
export function SubMenu({ path }: SubMenuProps) {
  const location = useLocation();
  const menu = useSiteData()?.settings?.menu;
  const currentPath = path ?? location.pathname;
  const group = menuGroupForPath(menu, currentPath);
  const { list, more } = useScrollCue(currentPath);
  if (!group) return null;
  const items = linkItems(group);
  return (
    <nav className="sub-menu" aria-label={`${group.title ?? ''} 하위 메뉴`} data-more-start={more.start} data-more-end={more.end}>
      <ul ref={list} className="sub-menu__list">
        {items.map((item) => {
          const current = isCurrentItem(item, currentPath);
          return (
            <li key={item._key} className="sub-menu__item">
              <Link
                to={item.href}
                className={current ? 'sub-menu__link sub-menu__link--current' : 'sub-menu__link'}
                aria-current={current ? 'page' : undefined}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
