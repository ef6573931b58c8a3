import { chromium } from '@playwright/test';
import { fullChromiumLaunchOptions } from '../tests/e2e/support/chromium';
const path = process.argv[2] ?? '/FloorPlan/59A';
const browser = await chromium.launch(fullChromiumLaunchOptions);
const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
const page = await ctx.newPage();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
await page.goto('http://127.0.0.1:4600' + path, { waitUntil: 'networkidle' });
await page.waitForTimeout(1500);
const buf = await browser.stopTracing();
await browser.close();
const events = JSON.parse(buf.toString()).traceEvents as any[];
const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
const count = (m: any) => events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X').length;
const main = mains.sort((a, b) => count(b) - count(a))[0];
const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 8000).sort((a, b) => a.ts - b.ts);
const t0 = Math.min(...onMain.map((e) => e.ts));
for (const t of tasks) {
  const inside = onMain.filter((e) => e.ts >= t.ts && e.ts + e.dur <= t.ts + t.dur && e !== t && e.name !== 'RunTask');
  const by: Record<string, number> = {};
  for (const e of inside) {
    const key = e.name + (e.args?.data?.url ? ' ' + String(e.args.data.url).split('/').pop() : '') + (e.args?.data?.functionName ? ' ' + e.args.data.functionName : '');
    by[key] = (by[key] ?? 0) + e.dur;
  }
  const top = Object.entries(by).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k}=${(v / 1000).toFixed(1)}`);
  console.log(`${((t.ts - t0) / 1000).toFixed(0)}ms dur=${(t.dur / 1000).toFixed(1)}ms cpu=${((t.tdur ?? 0) / 1000).toFixed(1)} | ${top.join(' | ')}`);
}
