/**
 * The shell reads siteSettings on every request: a change in the embedded store (here the phone
 * number, as staff would make it in the Studio) shows on every page on the next request, with no
 * restart and no stale cache. The app runs in-process: React Router's server build loaded through
 * Vite, the real content sources on a temporary DATA_DIR.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { createContentSources, type ContentSources } from '../../web/server/content/index';
import { AdminAuth } from '../../web/server/auth/admin-auth';
import { createLeadServiceFromEnv } from '../../web/server/leads/index';

const PAGES = ['/', '/BusinessGuide/intro', '/Brand/intro', '/FloorPlan/59A', '/Promotion/Customer', '/privacy', '/nope'];

let dataDir: string;
let sources: ContentSources;
let vite: ViteDevServer;
let render: (path: string) => Promise<string>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shell-settings-'));
  sources = await createContentSources({ DATA_DIR: dataDir });
  const auth = await AdminAuth.start({ dataDir, allowLocalAdmin: true });
  const leadForms = createLeadServiceFromEnv(sources, {});
  vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: 'custom',
    logLevel: 'error',
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  const handler = createRequestHandler(build, 'production');
  // What the pages rendered here read from the context; services of other pages (press) stay out.
  const context = {
    content: sources.content,
    leads: sources.leads,
    imageConfig: sources.imageConfig,
    auth,
    clientIp: '127.0.0.1',
    leadForms,
  } as Partial<AppLoadContext> as AppLoadContext;
  render = async (pagePath) => {
    const response = await handler(new Request(`http://localhost${pagePath}`), context);
    return response.text();
  };
}, 120_000);

afterAll(async () => {
  await vite?.close();
  await Promise.all([sources?.content.close(), sources?.leads.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

it('a new siteSettings.phone shows in header, footer and bottom bar of every page on the next request', async () => {
  for (const page of PAGES) {
    const html = await render(page);
    expect(html, page).toContain('href="tel:16000000"');
    expect(html, page).toContain('1600-0000');
  }

  await sources.content.mutate([{ patch: { id: 'siteSettings', set: { phone: '1588-1234' } } }]);

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
