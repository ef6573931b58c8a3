import { chromium } from '@playwright/test';
import { fullChromiumLaunchOptions } from '../tests/e2e/support/chromium';
const path = process.argv[2] ?? '/';
const browser = await chromium.launch(fullChromiumLaunchOptions);
const page = await browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, deviceScaleFactor: 1.75 });
await page.goto('http://127.0.0.1:4600/robots.txt');
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
await page.goto('http://127.0.0.1:4600' + path, { waitUntil: 'networkidle' });
await page.waitForTimeout(1000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close();
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<number, number>();
const dt = profile.timeDeltas!;
profile.samples!.forEach((id: number, i: number) => self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0)));
const agg = new Map<string, number>();
for (const [id, t] of self) {
  const n: any = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  agg.set(key, (agg.get(key) ?? 0) + t);
}
const total = [...agg.values()].reduce((a, b) => a + b, 0);
console.log('total ms', (total / 1000).toFixed(1));
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(1), k);
// by file
const byFile = new Map<string, number>();
for (const [id, t] of self) { const n: any = byId.get(id); const f = n.callFrame.url.split('/').pop() || n.callFrame.functionName; byFile.set(f, (byFile.get(f) ?? 0) + t); }
console.log('--- by file');
for (const [k, v] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log((v / 1000).toFixed(1), k);
