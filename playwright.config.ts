import { defineConfig } from '@playwright/test';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { secretEnv } from './tests/e2e/support/canary-secrets';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium';

/**
 * End-to-end tests against the *built* app (`npm run build` first; `npm test` does it).
 *
 * Browser: Debian's Chromium (`apt-get install chromium fonts-nanum`; tests/e2e/support/chromium.ts), checked
 * by tests/e2e/support/browser-preflight.ts before any test runs.
 *
 * Server: tests/e2e/support/serve.mjs runs `node server.js` on E2E_PORT (default 4391) with a fresh
 * temporary DATA_DIR (seeded from content/ on start, deleted on stop) and the canary secrets of
 * tests/e2e/support/canary-secrets.ts in its environment.
 */
const port = Number(process.env.E2E_PORT ?? 4391);
const baseURL = `http://127.0.0.1:${port}`;
/**
 * The server's DATA_DIR, fixed per port so that tests can read what the server stored (the lead
 * export CLI); set here at the top level, which every worker evaluates too.
 */
const dataDir = process.env.E2E_DATA_DIR ?? path.join(tmpdir(), `cheonghak-e2e-data-${port}`);
process.env.E2E_DATA_DIR = dataDir;
/**
 * Specs that test the browser-rendered pages run at each viewport. A test tagged `@mobile` or
 * `@desktop` is about one layout (e.g. the phone-only slider, wide-screen step scrolling) and is
 * listed only in that project.
 */
const browserSpecs =
  /(platform|page-pipeline|leads|home|routes|a11y|shell|shell-mobile|shell-desktop|press|open-redirect|console-staff|console-leads|console-visits|console-messages|console-group-messages|console-today|console-calls|console-bookings|console-assignment|console-team-stats|console-customers|console-drafts|console-team|measurement|tags|preview)\.spec\.ts$/;
/** Specs that need no browser (server HTML, built files) run once, in the `server` project. */
const serverSpecs = /(client-assets|server-html|budgets|discovery|press-shutdown)\.spec\.ts$/;

/**
 * Each worker's browsers come from an address of their own, as visitors behind the load balancer
 * do: one worker's sign-ins and requests never count against another's per-address limits (two
 * password checks at once per address, the failed sign-ins). The config is read in every worker.
 */
const workerAddress = `198.51.100.${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 250) + 1}`;

const serverEnv: Record<string, string> = {};
for (const [key, value] of Object.entries(process.env)) if (value !== undefined) serverEnv[key] = value;

export default defineConfig({
  testDir: './tests/e2e',
  globalSetup: './tests/e2e/support/browser-preflight.ts',
  outputDir: './test-results/playwright',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // `list` for humans; the summary reporter adds a plain "e2e: N passed, N failed" closing line.
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    extraHTTPHeaders: { 'X-Forwarded-For': workerAddress },
    // Recording a trace for every test costs about 40 % of the suite's time (routes.spec.ts at
    // 1440: 88 s with, 50 s without); CI keeps no artifacts, so it records none and relies on the
    // failure screenshot and the log. Locally a failed test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'mobile',
      testMatch: browserSpecs,
      grepInvert: /@desktop/,
      use: {
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 2,
      },
    },
    {
      name: 'desktop',
      testMatch: browserSpecs,
      grepInvert: /@mobile/,
      use: { viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'server',
      testMatch: serverSpecs,
    },
  ],
  webServer: {
    command: 'node tests/e2e/support/serve.mjs',
    url: `${baseURL}/`,
    env: {
      ...serverEnv,
      ...secretEnv(),
      PORT: String(port),
      NODE_ENV: 'production',
      // The browsers' proxy header (workerAddress) is believed from loopback only.
      TRUST_PROXY: 'loopback',
      E2E_DATA_DIR: dataDir,
      // The form's minimum fill time is a bot check with its own tests (leads-api.test.ts on the
      // server, lead-errors-a11y.spec.ts for the form's wait-and-resend); the other browser tests
      // register hundreds of leads and would each wait it out.
      LEAD_MIN_FILL_MS: '0',
      // Every lead test posts from 127.0.0.1; reruns against a reused server must not hit the limits.
      LEAD_RATE_LIMIT_IP: '1000/600',
      LEAD_BOOKING_LIMIT_IP: '1000/86400',
      LEAD_BOOKING_LIMIT_SLOT_NETWORK: '1000/3024000',
      // Every browser test's page views come from 127.0.0.1 too.
      PAGE_VIEW_COMBINATIONS_PER_ADDRESS: '100000',
      // All browsers render from one address; tests/integration/built-server/render-limit.test.ts covers the limit.
      PAGE_RENDER_LIMIT_IP: '100000/60',
      // A 상담사's own device (자주 쓰는 기기): a working day, as a site that offers it sets it.
      STAFF_SESSION_KNOWN_DEVICE_IDLE_MINUTES: '540',
    },
    reuseExistingServer: !process.env.CI,
    // First start seeds SQLite from content/ (and may process images): allow time on 2 cores.
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 8_000 },
  },
});
