/**
 * The browser every browser test and the preflight run: Debian's Chromium, since Playwright's own
 * builds cannot be downloaded here. CHROMIUM_PATH picks another binary, e.g. the one
 * `npx playwright install chromium` put in ~/.cache/ms-playwright.
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Without the background-networking flags Chromium keeps trying hosts this closed network refuses.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};
