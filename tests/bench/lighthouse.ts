/**
 * `npm run lighthouse` — Lighthouse (mobile form factor, default simulated throttling) against the
 * built server on loopback, RUNS times per URL after one unmeasured run, printing the median of each category score, of
 * FCP, LCP, CLS and TBT, and of the bytes and requests the browser asked for before its first
 * contentful paint, under the targets.
 *
 * Environment (all optional):
 *   CHROMIUM_PATH=/usr/bin/chromium
 *   LIGHTHOUSE_RUNS=3
 *   LIGHTHOUSE_PATHS=/,/FloorPlan/59A           comma-separated paths (default: one per page template)
 *   LIGHTHOUSE_JSON=dir                           also write each run's report as JSON there
 *   LIGHTHOUSE_CPU_MULTIPLIER=4                   CPU slowdown of the simulation (Lighthouse's default 4)
 *   LIGHTHOUSE_FLOOR=1                            also audit each path with every script file and web
 *                                                 font blocked: the floor no hydration work can beat
 *
 * Also prints the host's BenchmarkIndex: Lighthouse's 4× CPU slowdown assumes a host above 1000
 * and warns below it (a slower host scores lower for the same page), so compare runs on one host.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { fullChromiumLaunchOptions } from '../e2e/support/chromium';
import { ensureFreshBuild, startServer, type RunningServer } from '../support/built-server';
import { percentile, runToExit, table, TEMPLATE_PATHS } from './report';

const PATHS = (process.env.LIGHTHOUSE_PATHS || TEMPLATE_PATHS).split(',').filter(Boolean);
/** The targets, printed under the medians. */
const TARGETS = ['100', '100', '100', '100', '≤ 1000', '≤ 1200', '0', '≤ 50', '', ''];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const JSON_DIR = process.env.LIGHTHOUSE_JSON;
const CPU_MULTIPLIER = process.env.LIGHTHOUSE_CPU_MULTIPLIER ? Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER) : undefined;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** The floor's blocked requests: script files (the page then stays server HTML) and web fonts. */
const FLOOR_BLOCKED = ['*.js', '*.woff2'];
const VARIANTS = process.env.LIGHTHOUSE_FLOOR === '1' ? [[], FLOOR_BLOCKED] : [[]];

type Sample = Record<(typeof CATEGORIES)[number], number> & {
  fcp: number;
  lcp: number;
  cls: number;
  tbt: number;
  bytesBeforePaint: number;
  requestsBeforePaint: number;
};

type NetworkRequest = { networkRequestTime?: number; transferSize?: number };

/**
 * What the browser asked for before its first contentful paint (observed, unthrottled times):
 * the bytes a phone must receive before anything shows, on the simulated connection too.
 */
function beforeFirstPaint(lhr: { audits: Record<string, { details?: unknown } | undefined> }): { bytes: number; requests: number } {
  const paint = (lhr.audits.metrics?.details as { items?: Array<{ observedFirstContentfulPaint?: number }> } | undefined)?.items?.[0]
    ?.observedFirstContentfulPaint;
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items ?? [];
  if (paint === undefined) return { bytes: Number.NaN, requests: Number.NaN };
  const early = requests.filter((request) => (request.networkRequestTime ?? Infinity) < paint);
  return { bytes: early.reduce((sum, request) => sum + (request.transferSize ?? 0), 0), requests: early.length };
}

/** One Lighthouse run; a run whose trace failed (NO_NAVSTART on a busy machine) is repeated twice. */
async function audit(url: string, port: number, blockedUrlPatterns: string[], attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    // Default config = mobile form factor, simulated (Lantern) throttling.
    const throttling = CPU_MULTIPLIER ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_MULTIPLIER } } : {};
    // Every run a first visit: local storage too (the web font's note, lib/web-font.ts) is cleared with the cache.
    const clearStorageTypes = [...constants.defaultSettings.clearStorageTypes, 'local_storage'];
    const flags = { port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: [...CATEGORIES], blockedUrlPatterns, clearStorageTypes };
    const result = await lighthouse(url, { ...flags, ...throttling });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    console.log(`${url}: ${lhr.runtimeError.code}, running again`);
  }
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function main(): Promise<void> {
  const fullChromium = fullChromiumLaunchOptions();
  ensureFreshBuild();
  let server: RunningServer | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    server = await startServer();
    chrome = await chromeLauncher.launch({
      chromePath: fullChromium.executablePath,
      chromeFlags: ['--headless=new', '--disable-dev-shm-usage', ...fullChromium.args],
      logLevel: 'error',
    });

    const rows: Array<Array<string | number>> = [];
    const benchmarkIndexes: number[] = [];
    for (const [path, blocked] of PATHS.flatMap((path) => VARIANTS.map((blocked) => [path, blocked] as const))) {
      const url = server.url + path;
      const label = blocked.length > 0 ? `${path} (floor)` : path;
      const samples: Sample[] = [];
      // One run unmeasured first: the server encodes each image size on its first request (kept
      // after), which the first visitor waits for once and the runs must not each count.
      await audit(url, chrome.port, blocked);
      for (let run = 0; run < RUNS; run++) {
        const lhr = await audit(url, chrome.port, blocked);
        benchmarkIndexes.push(lhr.environment.benchmarkIndex);
        if (JSON_DIR) {
          mkdirSync(JSON_DIR, { recursive: true });
          const name = `${label.replace(/[^a-zA-Z0-9]+/g, '_') || 'root'}-${run + 1}.json`;
          writeFileSync(join(JSON_DIR, name), JSON.stringify(lhr));
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? NaN) * 100);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const early = beforeFirstPaint(lhr);
        const sample = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          'best-practices': score('best-practices'),
          seo: score('seo'),
          fcp: metric('first-contentful-paint'),
          lcp: metric('largest-contentful-paint'),
          cls: metric('cumulative-layout-shift'),
          tbt: metric('total-blocking-time'),
          bytesBeforePaint: early.bytes,
          requestsBeforePaint: early.requests,
        };
        samples.push(sample);
        console.log(
          `${label} run ${run + 1}/${RUNS}: perf ${sample.performance}, a11y ${sample.accessibility}, ` +
            `bp ${sample['best-practices']}, seo ${sample.seo}, FCP ${sample.fcp.toFixed(0)} ms, LCP ${sample.lcp.toFixed(0)} ms, TBT ${sample.tbt.toFixed(0)} ms, ` +
            `before first paint ${(sample.bytesBeforePaint / 1024).toFixed(1)} KB in ${sample.requestsBeforePaint} requests`,
        );
      }
      const m = (key: keyof Sample) => median(samples.map((s) => s[key]));
      rows.push([
        label,
        m('performance'),
        m('accessibility'),
        m('best-practices'),
        m('seo'),
        m('fcp').toFixed(0),
        m('lcp').toFixed(0),
        m('cls').toFixed(3),
        m('tbt').toFixed(0),
        (m('bytesBeforePaint') / 1024).toFixed(1),
        m('requestsBeforePaint'),
      ]);
    }
    const cpu = `${CPU_MULTIPLIER ?? constants.throttling.mobileSlow4G.cpuSlowdownMultiplier}× CPU slowdown`;
    console.log(`\nLighthouse ${RUNS} run(s) per URL, mobile, simulated throttling (${cpu}) — medians`);
    console.log(`Host BenchmarkIndex ${median(benchmarkIndexes).toFixed(0)} (Lighthouse warns below 1000: the host is slower than its 4× slowdown assumes)\n`);
    console.log(
      table(['path', 'perf', 'a11y', 'best-pr.', 'seo', 'FCP ms', 'LCP ms', 'CLS', 'TBT ms', 'KB before FCP', 'requests'], [...rows, ['target', ...TARGETS]]),
    );
  } finally {
    chrome?.kill();
    await server?.stop();
  }
}

await runToExit(main);
