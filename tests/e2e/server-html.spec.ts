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

for (const { path, status } of PAGES) {
  test(`server HTML of ${path}: status ${status}, lang, metadata`, async ({ request }) => {
    const { response, html } = await fetchHtml(request, path);
    expect(response.status()).toBe(status);
    expect(response.headers()['content-type']).toMatch(/^text\/html/);
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html).toMatch(/<html[^>]*\slang="ko"/);
    expect(html).toMatch(/<title>[^<]*\S[^<]*<\/title>/);
    expect(html).toMatch(/<h1[\s>]/);
    expect(html, 'canonical link').toMatch(/<link[^>]*rel="canonical"[^>]*>/);
    expect(html, 'meta description').toMatch(/<meta[^>]*name="description"[^>]*content="[^"]+"/);
    expect(html, 'meta robots').toMatch(/<meta[^>]*name="robots"[^>]*content="[^"]+"/);
    expect(html, 'og:title').toMatch(/<meta[^>]*property="og:title"[^>]*content="[^"]+"/);
    if (path === '/') expect(html).toMatch(/<title>[^<]*청학 파크 에디션[^<]*<\/title>/);
    if (path === '/nope') expect(html).toContain('Not Found');
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
