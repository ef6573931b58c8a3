import { existsSync } from 'node:fs';

/**
 * The browsers the tests and benches run: Debian's, since Playwright's own builds cannot be
 * downloaded here. CHROMIUM_PATH picks another binary for both, e.g. the one
 * `npx playwright install chromium` put in ~/.cache/ms-playwright.
 */
const FULL_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same engine without the desktop browser around it, what
 * Playwright itself runs headless. On 2 cores the browser suite spends most of its CPU in Chromium;
 * the shell takes 30–45 % less wall time for the same specs (docs/testing.md, "CI").
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

// Without the background-networking flags Chromium keeps trying hosts this closed network refuses.
const args = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The browser tests' Chromium: the headless shell when installed, else the full browser. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM),
  args,
};

/**
 * The full browser, as visitors run it: what Lighthouse and the page-action bench measure. `.ci/run`
 * runs no bench and does not install it.
 */
export function fullChromiumLaunchOptions(): { executablePath: string; args: string[] } {
  const executablePath = process.env.CHROMIUM_PATH ?? FULL_CHROMIUM;
  if (!existsSync(executablePath)) {
    throw new Error(`${executablePath} not found: the benches measure the full browser (apt-get install chromium), or set CHROMIUM_PATH`);
  }
  return { executablePath, args };
}
