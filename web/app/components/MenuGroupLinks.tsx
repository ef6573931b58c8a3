import { Link } from 'react-router';
import { isCurrentItem, type linkItems } from '../../shared/menu';

type MenuGroupLinksProps = {
  items: ReturnType<typeof linkItems>;
  pathname: string;
  linkClassName: string;
  /** Called when a link is followed (the menu closes). */
  onFollow: () => void;
};

/** A menu group's links as list items, the current page's link marked as such. */
export function MenuGroupLinks({ items, pathname, linkClassName, onFollow }: MenuGroupLinksProps) {
  return items.map((item) => (
    <li key={item._key}>
      <Link to={item.href} className={linkClassName} aria-current={isCurrentItem(item, pathname) ? 'page' : undefined} onClick={onFollow}>
        {item.label}
      </Link>
    </li>
  ));
}
