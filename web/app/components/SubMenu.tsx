import { Link, useLocation } from 'react-router';
import { useRootData } from '../lib/site-data';
import { isCurrentItem, linkItems, menuGroupForPath } from '../lib/menu';

type SubMenuProps = {
  /**
   * The menu path this page is filed under, when it is not the URL itself (e.g. the press list
   * `/cheonghak/press` passes `/Promotion/Press`). Defaults to the current URL path.
   */
  path?: string;
};

/**
 * The sub-menu list of an inner page: the links of the current page's menu group, the current
 * one marked `aria-current="page"`. Renders nothing for a page the menu does not list.
 */
export function SubMenu({ path }: SubMenuProps) {
  const location = useLocation();
  const menu = useRootData()?.settings?.menu;
  const currentPath = path ?? location.pathname;
  const group = menuGroupForPath(menu, currentPath);
  if (!group) return null;
  const items = linkItems(group);
  return (
    <nav className="sub-menu" aria-label={`${group.title ?? ''} 하위 메뉴`}>
      <ul className="sub-menu__list">
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
