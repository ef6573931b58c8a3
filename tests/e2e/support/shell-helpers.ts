/** Shared by the shell specs: the seed's menu and phone, navigation checks. */
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export type MenuGroup = { title: string; items: Array<{ label: string; href: string }> };
type Settings = { phone: string; brandName: string; menu: MenuGroup[] };

/** The seed's siteSettings: what the shell must show. */
export const settings: Settings = readFileSync('content/production.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .find((doc) => doc._id === 'siteSettings');

export const START_PAGE = '/BusinessGuide/intro';

/**
 * Where following each menu link lands: the href itself, or its redirect target. Asked in one
 * burst before the slow browser steps, so no keep-alive connection sits idle long enough for the
 * server to close it under the request.
 */
export async function landingPaths(request: APIRequestContext): Promise<Map<string, string>> {
  const hrefs = settings.menu.flatMap((group) => group.items.map((item) => item.href));
  const landings = new Map<string, string>();
  for (const href of hrefs) {
    const location = (await request.get(href, { maxRedirects: 0 })).headers()['location'];
    landings.set(href, location ? new URL(location, 'http://x').pathname : href);
  }
  return landings;
}

/** The top-level link of a menu group in the desktop header. */
export function topLink(page: Page, title: string) {
  return page.locator('.site-nav__top').filter({ hasText: new RegExp(`^${title}$`) });
}

/** The dropdown of a menu group in the desktop header (the list after its top-level link). */
export function dropdownOf(page: Page, title: string) {
  return page.locator('.site-nav__group', { has: topLink(page, title) }).locator('.site-nav__panel');
}

export async function expectAt(page: Page, path: string): Promise<void> {
  await expect.poll(() => decodeURI(new URL(page.url()).pathname).toLowerCase()).toBe(path.toLowerCase());
}
