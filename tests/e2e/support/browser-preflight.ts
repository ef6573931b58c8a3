/**
 * Before any browser test: says which Chromium the run uses and stops the run at once, with the
 * reason, when that browser cannot run the tests as written — rather than 15 failures after ten
 * minutes. Playwright's global setup; `.ci/run` also runs it on its own right after the install
 * (`npx tsx tests/e2e/support/browser-preflight.ts`).
 *
 * What the tests rely on and is checked here: the browser starts with the suite's options, is not
 * older than the oldest version the suite has passed on, reports paint timing (the page pipeline's
 * "nothing before the first paint"), emulates forced colours and reduced motion (the accessibility
 * runs), and has a Korean font (screenshots and text measurements).
 */
import { chromium } from '@playwright/test';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { chromiumLaunchOptions } from './chromium';

/** Debian 12's Chromium 150 is the oldest the whole suite has passed on. */
const OLDEST_MAJOR_VERSION = 150;

const PAGE = '<!doctype html><html lang="ko"><title>점검</title><p id="text">청학 파크 에디션 분양 안내</p></html>';

class PreflightFailure extends Error {}

function refuse(version: string, reason: string): never {
  throw new PreflightFailure(`[e2e] Chromium ${version} (${chromiumLaunchOptions.executablePath}) cannot run the browser tests as written: ${reason}`);
}

export default async function browserPreflight(): Promise<void> {
  let browser;
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
  } catch (error) {
    refuse(
      '?',
      `it does not start (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); apt-get install chromium-headless-shell, or set CHROMIUM_PATH`,
    );
  }
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const version = browser.version();
  try {
    console.log(`[e2e] Chromium ${version} (${chromiumLaunchOptions.executablePath})`);
    const major = Number(version.split('.')[0]);
    if (!(major >= OLDEST_MAJOR_VERSION)) refuse(version, `older than ${OLDEST_MAJOR_VERSION}, the oldest the suite has passed on`);
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const painted = await page
      .waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 })
      .then(() => true)
      .catch(() => false);
    if (!painted) refuse(version, 'it reports no first-contentful-paint entry (paint timing)');
    await page.emulateMedia({ forcedColors: 'active', reducedMotion: 'reduce' });
    const emulated = await page.evaluate(() => ({
      forcedColors: matchMedia('(forced-colors: active)').matches,
      reducedMotion: matchMedia('(prefers-reduced-motion: reduce)').matches,
    }));
    if (!emulated.forcedColors) refuse(version, 'it does not emulate forced colours');
    if (!emulated.reducedMotion) refuse(version, 'it does not emulate reduced motion');
    // A missing glyph is drawn as the same box whatever the character: Hangul as wide as boxes has no font.
    const hangulDrawn = await page.evaluate(() => {
      const context = document.createElement('canvas').getContext('2d');
      if (!context) return false;
      context.font = '20px sans-serif';
      const [hangul, missing] = ['청학', '\u{10FFFD}\u{10FFFD}'].map((text) => context.measureText(text).width);
      return hangul !== missing;
    });
    if (!hangulDrawn) refuse(version, 'no Korean font draws Hangul (apt-get install fonts-nanum)');
  } finally {
    server.close();
    await browser.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  browserPreflight().catch((error: unknown) => {
    console.error(error instanceof PreflightFailure ? error.message : error);
    process.exit(1);
  });
}
