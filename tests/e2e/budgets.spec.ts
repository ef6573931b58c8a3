import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { discoverPages } from './support/site-pages';

/**
 * Exact size budgets on the build as served, per page the crawl finds:
 * - first-load JS: every /assets/*.js the page loads (entry, shared chunks, route modules; all
 *   loaded after the first paint, web/server/pages/deferred-hydration.ts), in two parts: the
 *   framework (the client entry chunk, which holds React, React DOM and React Router, and React
 *   Router's generated route manifest if a page loads it), about 110 KB gzip, which only an
 *   upgrade or a React Router API we start to use changes (the lead form's `useFetcher` added
 *   0.35 KB); and our own code, ≤ 20 KB gzip per page. The total holds the line at 131 KB (the
 *   largest page, `/`, is 130.9 KB) so it cannot grow unnoticed;
 * - every script a page hydrates with starts with V8's compile hint (vite.config.ts);
 * - CSS ≤ 25 KB gzip: every stylesheet the page carries inline (inline-stylesheets.ts) or links;
 * - no font preloaded (a preload would compete with the LCP image before the first paint);
 * - no image file in content/images or public over 200 KB;
 * - the home hero: WebP/AVIF with srcset and sizes, fetchpriority="high", not lazy; other
 *   content images below it are lazy.
 */
const KB = 1024;
const BUDGETS = { firstLoadJs: 131 * KB, ownJs: 20 * KB, css: 25 * KB, image: 200 * KB };
/** The framework's files: the client entry chunk (React, React DOM, React Router) and the route manifest. */
const FRAMEWORK = /\/assets\/(entry\.client|manifest)-[^/]+\.js$/;

/**
 * The modules a page loads: those its hydration loader preloads and those its module script
 * imports. Not every `/assets/*.js` in the HTML: the inline route manifest also names the modules
 * of routes the page may navigate to (the home page, the 404), which load only then.
 */
function firstLoadScripts(html: string): string[] {
  const moduleText = /<script type="text\/x-deferred-module">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const imported = [...moduleText.matchAll(/\bimport\b[^"']*["'](\/assets\/[^"']+\.js)["']/g)].map((m) => m[1]);
  const preloaded = [...html.matchAll(/\[("\/assets\/[^\]]+\.js")\]\.forEach/g)].flatMap((m) => JSON.parse(`[${m[1]}]`) as string[]);
  return unique([...imported, ...preloaded]);
}

/** V8's explicit compile hint: compile every function of the file when the file is compiled. */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const gzipSize = (file: string) => gzipSync(readFileSync(file)).length;
const builtFile = (url: string) => join('build/client', url.split('?')[0]);
const unique = (values: string[]) => [...new Set(values)];
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

test('first-load JS (own code and framework), CSS and font preloads of every page are within budget', async ({ request }) => {
  const pages = await discoverPages(request);
  expect(pages.length, 'pages found by the crawl').toBeGreaterThan(10);
  const report: string[] = [];
  const overBudget: string[] = [];
  for (const page of pages) {
    const html = await (await request.get(page)).text();
    const scripts = firstLoadScripts(html);
    // The page's stylesheets are in it as text (inline-stylesheets.ts), each naming its file.
    const styles = unique(
      [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g), ...html.matchAll(/<style data-inlined="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(styles.length, `${page}: its stylesheets`).toBeGreaterThan(0);
    const fonts = unique([...html.matchAll(/<link[^>]+rel="preload"[^>]*as="font"[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]));
    expect(scripts.length, `${page}: no scripts found in the HTML`).toBeGreaterThan(2);
    const framework = scripts.filter((url) => FRAMEWORK.test(url)).reduce((sum, url) => sum + gzipSize(builtFile(url)), 0);
    const own = scripts.filter((url) => !FRAMEWORK.test(url)).reduce((sum, url) => sum + gzipSize(builtFile(url)), 0);
    const css = styles.reduce((sum, url) => sum + gzipSize(builtFile(url)), 0);
    report.push(`${page}: JS ${kb(framework + own)} = framework ${kb(framework)} + own ${kb(own)} (${scripts.length} files), CSS ${kb(css)}`);
    if (framework + own > BUDGETS.firstLoadJs) overBudget.push(`${page}: first-load JS ${kb(framework + own)} > ${kb(BUDGETS.firstLoadJs)}`);
    if (own > BUDGETS.ownJs) overBudget.push(`${page}: own JS ${kb(own)} > ${kb(BUDGETS.ownJs)}`);
    if (css > BUDGETS.css) overBudget.push(`${page}: CSS ${kb(css)} > ${kb(BUDGETS.css)}`);
    if (fonts.length > 0) overBudget.push(`${page}: fonts preloaded: ${fonts.join(', ')}`);
  }
  console.log(report.join('\n'));
  expect(overBudget).toEqual([]);
});

test('every script a page hydrates with has V8 compile its functions as it streams in, off the main thread', async ({ request }) => {
  for (const page of await discoverPages(request)) {
    const scripts = firstLoadScripts(await (await request.get(page)).text());
    const withoutHint = scripts.filter((url) => !readFileSync(builtFile(url), 'utf8').startsWith(`${COMPILE_HINT}\n`));
    expect(withoutHint, `${page}: scripts V8 would compile on the main thread, a function at a time during hydration`).toEqual([]);
  }
  // Not the preview's overlay, which a visitor never runs: compiling all of it would be work for nothing.
  const overlay = readdirSync('build/client/assets').filter((file) => /^renderVisualEditing-.+\.js$/.test(file));
  expect(overlay.length).toBeGreaterThan(0);
  for (const file of overlay) expect(readFileSync(join('build/client/assets', file), 'utf8').startsWith(COMPILE_HINT)).toBe(false);
});

test("no page loads the preview's visual-editing overlay, stega code or the ad tags' loader", async ({ request }) => {
  const loaded = new Set<string>();
  for (const page of await discoverPages(request)) for (const script of firstLoadScripts(await (await request.get(page)).text())) loaded.add(script);
  const offenders = [...loaded].filter((url) =>
    /sanity-visual-editing|enableVisualEditing|@vercel\/stega|wcslog|fbevents/.test(readFileSync(builtFile(url), 'utf8')),
  );
  expect(offenders).toEqual([]);
  // The overlay exists, as a bundle of its own, loaded by URL in a Sanity preview only.
  expect(readdirSync('build/client/assets').some((file) => /^visual-editing-overlay-.+\.js$/.test(file))).toBe(true);
});

test('no image in content/images or public is over 200 KB', () => {
  const list = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? list(path) : /\.(webp|avif|png|jpe?g|gif|svg)$/i.test(entry) ? [path] : [];
    });
  const images = ['content/images', 'public'].flatMap(list);
  expect(images.length).toBeGreaterThan(3);
  const oversized = images.filter((file) => statSync(file).size > BUDGETS.image).map((file) => `${file}: ${kb(statSync(file).size)}`);
  expect(oversized).toEqual([]);
});

test('the home hero is responsive, AVIF/WebP as the browser accepts (auto=format), with high fetch priority; later images are lazy', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
  const hero = images.find((img) => /fetchPriority="high"/i.test(img));
  expect(hero, 'an <img fetchpriority="high"> on the home page').toBeTruthy();
  expect(hero).toMatch(/srcSet="[^"]*auto=format[^"]* \d+w/i);
  expect(hero).not.toMatch(/fm=/);
  const heroUrl = /src="([^"]+)"/.exec(hero!)![1].replaceAll('&amp;', '&');
  expect((await request.get(heroUrl, { headers: { Accept: 'image/avif,image/webp,*/*' } })).headers()['content-type']).toBe('image/avif');
  expect(hero).toMatch(/sizes="[^"]+"/);
  expect(hero).not.toMatch(/loading="lazy"/);
  expect(
    images.filter((img) => /fetchPriority="high"/i.test(img)),
    'one LCP candidate',
  ).toHaveLength(1);
  const later = images.slice(images.indexOf(hero!) + 1);
  for (const img of later) expect(img, 'images after the hero load lazily').toMatch(/loading="lazy"/);
});
