import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';

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
      console.log(`vnu: ${warnings.length} warning(s), e.g. ${warnings.slice(0, 3).map((w) => w.message).join(' | ')}`);
    }
    expect(errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
