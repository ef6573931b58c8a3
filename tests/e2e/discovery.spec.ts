import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/** /sitemap.xml and /robots.txt as crawlers read them (server project: no browser). */

const settings: { siteUrl: string; menu: Array<{ items: Array<{ href: string }> }> } = readFileSync('content/production.ndjson', 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line))
  .find((doc) => doc._id === 'siteSettings');

test('sitemap.xml: absolute URLs on the site URL, every menu page the app answers, each URL reachable', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  expect(response.headers()['cache-control']).toMatch(/max-age=\d+/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc);
  for (const loc of locs) expect(loc.startsWith(`${settings.siteUrl}/`), loc).toBe(true);
  const paths = locs.map((loc) => new URL(loc).pathname);
  expect(new Set(paths).size).toBe(paths.length);
  expect(paths).toContain('/');

  // A menu link that answers 200 must be listed; one that redirects (/Promotion/Press) or answers
  // 404 (a page still being built) must not be: a sitemap names pages, not detours.
  const menuPaths = settings.menu.flatMap((group) => group.items.map((item) => item.href));
  expect(menuPaths.length).toBeGreaterThan(20);
  for (const path of menuPaths) {
    const status = (await request.get(path, { maxRedirects: 0 })).status();
    if (status === 200) expect(paths, `${path} answers 200`).toContain(path);
    else expect(paths, `${path} answers ${status}`).not.toContain(path);
  }
  expect(paths).not.toContain('/Promotion/Press');
  expect(paths).toContain('/cheonghak/press');
  for (const path of paths) {
    const status = (await request.get(path, { maxRedirects: 0 })).status();
    expect(status, `${path} answers ${status}`).toBe(200);
  }
});

test('robots.txt: allows all, names Yeti and Daumoa, points to the sitemap', async ({ request }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await response.text();
  for (const agent of ['Yeti', 'Daumoa', '*']) {
    expect(text).toContain(`User-agent: ${agent}\nAllow: /\n`);
  }
  expect(text).not.toMatch(/^Disallow: \/\s*$/m);
  expect(text).toContain(`Sitemap: ${settings.siteUrl}/sitemap.xml`);
});
