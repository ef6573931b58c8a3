import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { FORBIDDEN_PATTERNS, secretValues } from './support/canary-secrets';

/**
 * No secret reaches the browser.
 *
 * 1. Every file under build/client (JS, CSS, prerendered HTML / .data, images, fonts …) is read and
 *    searched for the secret values and for generic signs of server-only code.
 * 2. The pages and their loader payloads (`*.data`, React Router single fetch) as served by the
 *    running server are searched for the secret values.
 *
 * `npm test` builds via tests/e2e/support/with-canary-secrets.ts and Playwright starts the server with the
 * same canary values (see canary-secrets.ts), so both checks can fail on a machine with no real
 * secrets: a leak puts a recognisable canary string where this test looks.
 */

const CLIENT_DIR = 'build/client';
const PAGES = ['/cheonghak/press', '/cheonghak/press/press-sample-01', '/', '/BusinessGuide/intro', '/nope'];
const DATA_URLS = ['/cheonghak/press.data', '/_root.data', '/BusinessGuide/intro.data'];

type Finding = { file: string; what: string; excerpt: string };

function listFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...listFiles(path));
    else files.push(path);
  }
  return files;
}

function excerptAround(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 40), index + length + 40).replace(/\s+/g, ' ');
}

/** Searches one text for every secret value and forbidden pattern. */
function scan(file: string, text: string): Finding[] {
  const findings: Finding[] = [];
  for (const { name, value } of secretValues()) {
    const index = text.indexOf(value);
    if (index >= 0) findings.push({ file, what: `secret value of ${name}`, excerpt: excerptAround(text, index, value.length) });
  }
  for (const { name, re } of FORBIDDEN_PATTERNS) {
    const match = re.exec(text);
    if (match) findings.push({ file, what: name, excerpt: excerptAround(text, match.index, match[0].length) });
  }
  return findings;
}

test('the scanner itself finds a planted secret (guards against a vacuous pass)', () => {
  const secrets = secretValues().map((s) => s.value);
  const planted = `${secrets.map((value, i) => `var s${i}=${JSON.stringify(value)};`).join('')}import "better-sqlite3"`;
  const whats = scan('planted.js', planted).map((f) => f.what);
  expect(whats.filter((w) => w.startsWith('secret value'))).toHaveLength(secrets.length);
  expect(secrets.length).toBeGreaterThanOrEqual(5);
  expect(whats).toContain('better-sqlite3 (server-only module)');
  expect(whats).toContain('Sanity-token-like string');
  expect(whats).toContain('scrypt password hash');
  expect(scan('clean.js', 'export const a = "청학 파크 에디션"; const sky = "skyline";')).toEqual([]);
});

test('no file under build/client contains a secret or server-only code', () => {
  const files = listFiles(CLIENT_DIR);
  const scripts = files.filter((f) => f.endsWith('.js'));
  expect(scripts.length, `no JavaScript under ${CLIENT_DIR}: was the app built?`).toBeGreaterThan(0);

  const findings: Finding[] = [];
  for (const file of files) {
    // latin1 keeps every byte, so binary files are searched too (secrets are ASCII).
    const text = readFileSync(file).toString('latin1');
    findings.push(...scan(relative('.', file), text));
  }
  expect(findings, `${files.length} files scanned`).toEqual([]);
});

test('served pages and loader data contain no secret value', async ({ request }) => {
  const findings: Finding[] = [];
  let scanned = 0;
  for (const url of [...PAGES, ...DATA_URLS]) {
    const response = await request.get(url, { maxRedirects: 0 });
    const body = await response.text();
    if (url.endsWith('.data')) expect(response.status(), `${url} status`).toBeLessThan(500);
    scanned += body.length;
    // Only the concrete secrets here: page HTML may legitimately contain e.g. "sk…" ids.
    for (const { name, value } of secretValues()) {
      const index = body.indexOf(value);
      if (index >= 0) findings.push({ file: url, what: `secret value of ${name}`, excerpt: excerptAround(body, index, value.length) });
    }
  }
  expect(scanned).toBeGreaterThan(0);
  expect(findings).toEqual([]);
});
