/**
 * `npm run bench:main-thread` — what the renderer's main thread does after the first contentful
 * paint (hydration), in CPU time rather than wall time: on a shared 2-core host a task's wall time
 * is 1.5–3 times its CPU time, and Lighthouse's blocking time, built from wall time, moves by
 * hundreds of milliseconds between runs of one build. CPU time compares two builds steadily.
 *
 * Per path, the median of RUNS first visits in Chromium at 412 × 823 (a phone), from a trace:
 * - CPU before FCP: the renderer's main thread from the navigation to the first paint (parsing,
 *   style, layout; the page's scripts load after it);
 * - CPU after FCP: every main-thread task from the first contentful paint on;
 * - compile: V8 compiling functions on the main thread (`V8.CompileCode`);
 * - DevTools' share: V8 collecting source positions (`V8.CollectSourcePositions`), which it does
 *   when a debugging client (Lighthouse, this bench, any CDP session) is attached and an Error is
 *   made; a visitor's browser does not;
 * - longest task, and blocking at 4×: Σ max(0, 4 × CPU − 50 ms) over the tasks, Lighthouse's
 *   blocking time as a phone four times slower than this host would do it.
 *
 * Environment (optional): BENCH_RUNS=5, BENCH_PATHS=/,/FloorPlan/59A (default: one per template),
 * CHROMIUM_PATH.
 */
import { chromium, type Browser } from '@playwright/test';
import { fullChromiumLaunchOptions } from '../e2e/support/chromium';
import { ensureFreshBuild, startServer, type RunningServer } from '../support/built-server';
import { percentile, runToExit, table, TEMPLATE_PATHS } from './report';

const PATHS = (process.env.BENCH_PATHS || TEMPLATE_PATHS).split(',').filter(Boolean);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'disabled-by-default-v8.compile', 'loading'];
/** After `load` and the network's going quiet, the time hydration is given to finish. */
const SETTLE_MS = 2000;

type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string } };
type Sample = { before: number; cpu: number; compile: number; devtools: number; longest: number; blocking: number };

async function measure(browser: Browser, url: string): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle' });
    await page.waitForTimeout(SETTLE_MS);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const paint = traceEvents.find((event) => event.name === 'firstContentfulPaint');
    if (!paint) throw new Error(`${url}: no first contentful paint in the trace`);
    const thread = traceEvents.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === paint.pid);
    if (!thread) throw new Error(`${url}: no renderer main thread in the trace`);
    const onThread = traceEvents.filter((event) => event.pid === thread.pid && event.tid === thread.tid && event.ph === 'X');
    const after = onThread.filter((event) => event.ts >= paint.ts);
    const cpuMs = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
    const total = (name: string) => after.filter((event) => event.name === name).reduce((sum, event) => sum + cpuMs(event), 0);
    const tasks = after.filter((event) => event.name === 'RunTask').map(cpuMs);
    return {
      before: onThread.filter((event) => event.name === 'RunTask' && event.ts < paint.ts).reduce((sum, event) => sum + cpuMs(event), 0),
      cpu: tasks.reduce((sum, ms) => sum + ms, 0),
      compile: total('V8.CompileCode'),
      devtools: total('V8.CollectSourcePositions'),
      longest: Math.max(0, ...tasks),
      blocking: tasks.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0),
    };
  } finally {
    await context.close();
  }
}

async function main(): Promise<void> {
  ensureFreshBuild();
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer();
    const { executablePath, args } = fullChromiumLaunchOptions();
    browser = await chromium.launch({ executablePath, args: ['--headless=new', ...args] });
    const rows: string[][] = [];
    for (const path of PATHS) {
      // One visit unmeasured first: the server encodes each image size on its first request.
      await measure(browser, server.url + path);
      const samples: Sample[] = [];
      for (let run = 0; run < RUNS; run++) samples.push(await measure(browser, server.url + path));
      const median = (key: keyof Sample) =>
        percentile(
          samples.map((sample) => sample[key]).sort((a, b) => a - b),
          50,
        ).toFixed(0);
      rows.push([path, median('before'), median('cpu'), median('compile'), median('devtools'), median('longest'), median('blocking')]);
      console.log(`${path}: ${samples.map((sample) => sample.cpu.toFixed(0)).join(', ')} ms of CPU after the first paint`);
    }
    console.log(`\nMain thread after the first contentful paint, CPU ms, median of ${RUNS} first visits at 412 × 823\n`);
    console.log(table(['path', 'CPU before FCP', 'CPU after FCP', 'compile', "DevTools' share", 'longest task', 'blocking at 4×'], rows));
  } finally {
    await browser?.close();
    await server?.stop();
  }
}

await runToExit(main);
