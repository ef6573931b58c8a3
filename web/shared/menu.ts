import type { SiteSettingsQueryResult } from '../sanity/sanity.types';

type SiteSettings = NonNullable<SiteSettingsQueryResult>;

export type MenuGroup = NonNullable<SiteSettings['menu']>[number];
export type MenuItem = NonNullable<MenuGroup['items']>[number];

/**
 * The form in which two paths are compared: no trailing slash, no query or hash, lower case.
 * Routes match case-insensitively, so /SalesInfo/StampTax is the menu's /SalesInfo/stampTax.
 */
export function comparablePath(pathOrHref: string): string {
  const path = pathOrHref.split(/[?#]/)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase();
}

/** Whether a menu link points at the page at `path`. */
export function isCurrentItem(item: MenuItem, path: string): boolean {
  return !!item.href && comparablePath(item.href) === comparablePath(path);
}

/** The menu group that holds the page at `path`, if the menu lists it. */
export function menuGroupForPath(menu: SiteSettings['menu'] | undefined, path: string): MenuGroup | undefined {
  return menu?.find((group) => group.items?.some((item) => isCurrentItem(item, path)));
}

/** The links of a group that can be rendered (editors may leave a row half filled in). */
export function linkItems(group: MenuGroup): Array<MenuItem & { href: string; label: string }> {
  return (group.items ?? []).filter((item): item is MenuItem & { href: string; label: string } => !!item.href && !!item.label);
}

/** Whether an href leaves the site (opens in a new tab, no router navigation). */
export function isExternalHref(href: string): boolean {
  return /^https?:\/\//i.test(href);
}

/** The visit-reservation page; every interest-popup opener links here so it works without JS. */
export const CUSTOMER_PATH = '/Promotion/Customer';

/** The privacy policy (개인정보처리방침), linked from the footer. */
export const PRIVACY_PATH = '/privacy';
