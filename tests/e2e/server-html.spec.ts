import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { discoverPages } from './support/site-pages';

/**
 * The HTML as the server sends it (what Naver, Google and Kakao's link previews read): status,
 * language, per-route metadata, and validity per the W3C Nu HTML Checker (vnu.jar, Java 11+).
 */

const PAGES = [
  { path: '/', status: 200 },
  { path: '/BusinessGuide/intro', status: 200 },
  { path: '/nope', status: 404 },
];

const require = createRequire(import.meta.url);
const VNU_JAR: string = require('vnu-jar');
const run = promisify(execFile);

type VnuMessage = {
  type: 'error' | 'info' | 'non-document-error';
  subType?: string;
  url?: string;
  lastLine?: number;
  lastColumn?: number;
  message: string;
  extract?: string;
};

async function fetchHtml(request: import('@playwright/test').APIRequestContext, path: string) {
  const response = await request.get(path, { maxRedirects: 0 });
  return { response, html: await response.text() };
}

/** The attributes of every `<meta>` and `<link>` tag of the document head. */
function headTags(html: string): Array<{ tag: string; attrs: Record<string, string> }> {
  const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
  return [...head.matchAll(/<(meta|link)\b([^>]*)>/gi)].map(([, tag, rest]) => ({
    tag: tag.toLowerCase(),
    attrs: Object.fromEntries([...rest.matchAll(/([\w:-]+)="([^"]*)"/g)].map(([, k, v]) => [k.toLowerCase(), v])),
  }));
}

function headValue(html: string, tag: 'meta' | 'link', key: string, value: string, read: string): string | undefined {
  return headTags(html).find((t) => t.tag === tag && t.attrs[key] === value)?.attrs[read];
}

for (const { path, status } of PAGES) {
  test(`server HTML of ${path}: status ${status}, lang, metadata`, async ({ request }) => {
    const { response, html } = await fetchHtml(request, path);
    expect(response.status()).toBe(status);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(html.slice(0, 15), 'doctype').toMatch(/^<!DOCTYPE html>/i);
    expect(/<html[^>]*>/.exec(html)?.[0], '<html> tag').toMatch(/\slang="ko"/);
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
    expect(title?.trim(), '<title>').toBeTruthy();
    expect(/<h1[\s>]/.test(html), 'an <h1> in the server HTML').toBe(true);
    const robots = headValue(html, 'meta', 'name', 'robots', 'content');
    expect(robots, 'meta robots').toBeTruthy();

    if (status === 200) {
      expect(headValue(html, 'link', 'rel', 'canonical', 'href'), 'link canonical').toMatch(/^https?:\/\/[^/]+\//);
      expect(headValue(html, 'meta', 'name', 'description', 'content'), 'meta description').toBeTruthy();
      expect(headValue(html, 'meta', 'property', 'og:title', 'content'), 'og:title').toBeTruthy();
    } else {
      // An error page must not be indexed; a canonical URL would point search engines at a 404.
      expect(robots, 'meta robots of an error page').toMatch(/noindex/);
      expect(headValue(html, 'link', 'rel', 'canonical', 'href'), 'no canonical on an error page').toBeUndefined();
    }
    if (path === '/') expect(title).toContain('청학 파크 에디션');
    if (path === '/nope') expect(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]).toContain('Not Found');
  });
}

test('W3C Nu HTML Checker: no errors on any page (one JVM for all pages)', async ({ request }) => {
  // The checker starts a JVM (several seconds on 2 cores) and validates every page in one go.
  test.setTimeout(120_000);
  const dir = mkdtempSync(join(tmpdir(), 'vnu-'));
  try {
    const files: Record<string, string> = {};
    for (const [index, { path }] of PAGES.entries()) {
      const { html } = await fetchHtml(request, path);
      const file = join(dir, `page-${index}.html`);
      writeFileSync(file, html);
      files[`file:${file}`] = path;
    }
    const java = process.env.JAVA ?? 'java';
    // vnu prints its JSON report on stderr; --exit-zero-always so errors are read from the report.
    const { stderr } = await run(java, ['-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', ...Object.keys(files).map((u) => u.slice(5))], {
      maxBuffer: 32 * 1024 * 1024,
    });
    const report = JSON.parse(stderr) as { messages: VnuMessage[] };
    const errors = report.messages
      .filter((m) => m.type !== 'info')
      .map((m) => ({
        page: (m.url && files[m.url]) ?? m.url,
        line: m.lastLine,
        message: m.message,
        extract: m.extract?.slice(0, 160),
      }));
    const warnings = report.messages.filter((m) => m.type === 'info' && m.subType === 'warning');
    if (warnings.length) {
      console.log(
        `vnu: ${warnings.length} warning(s), e.g. ${warnings
          .slice(0, 3)
          .map((w) => w.message)
          .join(' | ')}`,
      );
    }
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Class names a stylesheet gives rules to (`.name` outside url(…)). */
function classesStyledBy(css: string): Set<string> {
  return new Set([...css.replace(/url\([^)]*\)/g, '').matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]));
}

test('each page carries in its head, for its first paint, the stylesheets for every class its markup uses; global first, focus ring last', async ({
  request,
}) => {
  const builtCss = readdirSync('build/client/assets').filter((file) => file.endsWith('.css'));
  const styledAnywhere = new Set(builtCss.flatMap((file) => [...classesStyledBy(readFileSync(`build/client/assets/${file}`, 'utf8'))]));
  const pages = [...(await discoverPages(request)), '/nope', '/leads/result'];
  const unstyled: string[] = [];
  for (const path of pages) {
    const { html } = await fetchHtml(request, path);
    const head = /<head[^>]*>([\s\S]*?)<\/head>/i.exec(html)?.[1] ?? '';
    // No stylesheet file is named in the document (no browser fetches one before the first paint):
    // each of the page's stylesheets is there as the file's text.
    const links = headTags(html).filter((t) => t.tag === 'link' && t.attrs.rel === 'stylesheet');
    expect(
      links.map((t) => t.attrs.href),
      `${path}: no stylesheet link in the document`,
    ).toEqual([]);
    const sheets = [...head.matchAll(/<style data-inlined="([^"]+)"(?: data-font-faces="")?>([\s\S]*?)<\/style>/g)].map(([, href, css]) => {
      expect(css, `${path}: ${href} is the built file`).toBe(readFileSync(`build/client${href}`, 'utf8'));
      return css;
    });
    expect(html.match(/<style\b/g)?.length, `${path}: no other <style> element`).toBe(sheets.length);
    expect(sheets.length, `${path}: stylesheets in the head (no unstyled first paint)`).toBeGreaterThan(0);
    expect(sheets[0], `${path}: the tokens and reset (global.css) come first`).toContain('--navy:');
    expect(sheets.at(-1), `${path}: the focus ring comes last`).toContain('--focus-ring-light)');
    expect(sheets.slice(0, -1).join('').includes('var(--focus-ring-light)'), `${path}: the focus ring is only in the last sheet`).toBe(false);
    const linked = new Set(sheets.flatMap((css) => [...classesStyledBy(css)]));
    const used = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((m) => m[1].split(/\s+/).filter(Boolean)));
    for (const name of used) if (styledAnywhere.has(name) && !linked.has(name)) unstyled.push(`${path}: .${name}`);
  }
  expect(unstyled, 'classes used in the server HTML whose styles the page does not link').toEqual([]);
});
