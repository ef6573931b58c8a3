/**
 * The shell reads siteSettings on every request: a change in the embedded store (here the phone
 * number, as staff would make it in the Studio) shows on every page on the next request, with no
 * restart and no stale page from the page cache. The app is the server's own (createApp, loaded
 * through Vite) on a temporary DATA_DIR, mounted as server.js mounts it (cached pages first),
 * answering HTTP on a loopback port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../../web/server/app';
import { appFromSources } from '../../support/source-modules';

const PAGES = ['/', '/BusinessGuide/intro', '/Brand/intro', '/FloorPlan/59A', '/Promotion/Customer', '/privacy', '/nope'];

let dataDir: string;
let app: App;
let server: Server;
let render: (path: string) => Promise<string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shell-settings-'));
  const { createApp, loadConfig } = await appFromSources();
  app = await createApp(loadConfig({ DATA_DIR: dataDir }));
  const handler = express();
  handler.use(app.handler);
  server = createServer((req, res) => {
    if (!app.answerFromCache(req, res)) handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  render = async (pagePath) => (await fetch(`${origin}${pagePath}`)).text();
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await app?.shutdown();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a new siteSettings.phone shows in header, footer and bottom bar of every page on the next request', async () => {
  for (const page of PAGES) {
    const html = await render(page);
    expect(html, page).toContain('href="tel:16000000"');
    expect(html, page).toContain('1600-0000');
  }

  await app.loadContext.content.mutate([{ patch: { id: 'siteSettings', set: { phone: '1588-1234' } } }]);

  for (const page of PAGES) {
    const html = await render(page);
    // Page text may quote a number of its own (the privacy officer's line); the shell may not.
    const shell = html.replace(/<main\b[\s\S]*<\/main>/, '').replace(/<script\b[\s\S]*$/, '');
    expect(shell, page).not.toContain('1600-0000');
    expect(html, page).not.toContain('tel:16000000');
    // Header call link, footer, bottom bar and slide menu: every call link dials the new number.
    const telLinks = html.match(/href="tel:[^"]*"/g) ?? [];
    expect(telLinks.length, page).toBeGreaterThanOrEqual(3);
    for (const link of telLinks) expect(link, page).toBe('href="tel:15881234"');
    expect(html, page).toContain('1588-1234');
  }
  // The customer page shows the number in its own content too.
  const customerMain = /<main\b[\s\S]*<\/main>/.exec(await render('/Promotion/Customer'))?.[0] ?? '';
  expect(customerMain).toContain('1588-1234');
  expect(customerMain).not.toContain('1600-0000');
});
