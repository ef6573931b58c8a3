import { Link } from 'react-router';
import { useRootData } from '../lib/site-data';
import { telHref } from '../lib/phone';

export function SiteHeader() {
  const settings = useRootData()?.settings;
  if (!settings) return null;
  return (
    <header className="site-header">
      <div className="site-header__inner">
        <Link to="/" className="site-header__logo">
          {settings.brandName}
        </Link>
        <nav className="site-header__nav" aria-label="주 메뉴">
          <ul>
            {settings.menu?.map((group) => {
              const first = group.items?.[0];
              return first?.href ? (
                <li key={group._key}>
                  <Link to={first.href}>{group.title}</Link>
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        {settings.phone ? (
          <a className="site-header__phone" href={telHref(settings.phone)}>
            <span className="visually-hidden">전화상담 </span>
            {settings.phone}
          </a>
        ) : null}
      </div>
    </header>
  );
}
