import { chromium } from '@playwright/test';
import { fullChromiumLaunchOptions } from '../tests/e2e/support/chromium';
const browser = await chromium.launch(fullChromiumLaunchOptions);
for (const vp of [{ width: 375, height: 812 }, { width: 412, height: 823 }, { width: 1440, height: 900 }]) {
  const page = await browser.newPage({ viewport: vp, isMobile: true, deviceScaleFactor: 2 });
  await page.goto('http://127.0.0.1:4600/Interior/59A', { waitUntil: 'load' });
  console.log(vp.width, await page.locator('img').evaluateAll((els) => els.slice(0, 4).map((e) => { const b = e.getBoundingClientRect(); return [e.className, Math.round(b.top), Math.round(b.bottom), Math.round(b.width)]; })));
}
await browser.close();
