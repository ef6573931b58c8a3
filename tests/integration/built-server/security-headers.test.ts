/**
 * Security and cache headers on every kind of response of the built server (`node server.js`):
 * pages, loader data, 404s, API, static files, hashed assets, images, malformed requests; the
 * CSP allows no inline script or style but a page's own, by hash. HSTS only in production.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { IncomingHttpHeaders } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_CACHE, NO_STORE, cacheHeaders } from '../../../web/server/http/cache-headers';
import { securityHeaders } from '../../../web/server/http/security-headers';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

let server: RunningServer;
const get = (path: string, headers: Record<string, string> = {}) => rawRequest(server.url, { path, headers });

beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function expectSecurityHeaders(headers: IncomingHttpHeaders, what: string) {
  const csp = String(headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')*;/);
  expect(csp, `${what}: CSP`).not.toContain('nonce');
  expect(csp, what).not.toContain('unsafe-inline');
  expect(csp, what).not.toContain('unsafe-eval');
  for (const directive of ["object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"]) {
    expect(csp, `${what}: ${directive}`).toContain(directive);
  }
  expect(csp, `${what}: frame-src`).toMatch(/frame-src https:\/\/www\.youtube-nocookie\.com( https:\/\/[^ ;*]+)*(;|$)/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy'], what).toBe('camera=(), microphone=(), geolocation=()');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  // The test server runs with NODE_ENV=production.
  expect(headers['strict-transport-security'], what).toBe('max-age=31536000; includeSubDomains');
  expect(headers['x-powered-by'], what).toBeUndefined();
}

describe('every kind of response carries the security headers', () => {
  it('pages, data, 404, API, static, assets, images and malformed requests', async () => {
    const home = await get('/');
    const imageSrc = /<img[^>]+src="(\/images\/[^"]+)"/.exec(home.body.toString())?.[1]?.replaceAll('&amp;', '&');
    expect(imageSrc, 'the home page shows an image served by /images').toBeTruthy();
    const css = readdirSync('build/client/assets').find((file) => file.endsWith('.css'));
    const cases: Array<[string, () => ReturnType<typeof get>, number[]]> = [
      ['home page', () => Promise.resolve(home), [200]],
      ['inner page', () => get('/BusinessGuide/intro'), [200]],
      ['loader data', () => get('/_root.data'), [200]],
      ['404 page', () => get('/no-such-page'), [404]],
      // 401 with a webhook secret configured, 404 (endpoint off) without.
      [
        'API write without signature',
        () => rawRequest(server.url, { method: 'POST', path: '/api/sanity/webhook', body: '{}', headers: { 'content-type': 'application/json' } }),
        [401, 404],
      ],
      ['static file', () => get('/favicon.svg'), [200]],
      ['hashed asset', () => get(`/assets/${css}`), [200]],
      ['image', () => get(imageSrc!), [200]],
      ['bad image parameters', () => get(`${imageSrc!.split('?')[0]}?w=abc`), [400]],
      ['missing image', () => get('/images/embedded/production/nope.webp'), [404]],
      ['malformed URL', () => get('/assets/%E0%A4%A'), [400, 404]],
    ];
    for (const [what, send, statuses] of cases) {
      const response = await send();
      expect(statuses, `${what}: status ${response.status}`).toContain(response.status);
      expectSecurityHeaders(response.headers, what);
    }
  });

  it('each is sent exactly once: a cached page (from memory, before Express), a page rendered for its request, and other answers', async () => {
    const once = [
      'content-security-policy',
      'x-content-type-options',
      'referrer-policy',
      'permissions-policy',
      'cross-origin-opener-policy',
      'x-frame-options',
      'strict-transport-security',
    ];
    const rendersSoFar = async (): Promise<number> => JSON.parse((await get('/readyz')).body.toString()).pageCache.renders;
    await get('/BusinessGuide/intro');
    const rendersBefore = await rendersSoFar();
    const expectOnce = async (what: string, response: ReturnType<typeof get>) => {
      const names = (await response).rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
      for (const header of once)
        expect(
          names.filter((name) => name === header),
          `${what}: ${header}`,
        ).toHaveLength(1);
    };
    await expectOnce('cached page', get('/BusinessGuide/intro'));
    await expectOnce('cached page, brotli', get('/BusinessGuide/intro', { 'accept-encoding': 'br' }));
    await expectOnce('cached page, 304', get('/BusinessGuide/intro', { 'if-none-match': '*' }));
    expect(await rendersSoFar(), 'the page came from the cache').toBe(rendersBefore);
    await expectOnce('page rendered for a signed-in visitor', get('/BusinessGuide/intro', { cookie: 'staff_session=anything' }));
    await expectOnce('loader data', get('/BusinessGuide/intro.data'));
    await expectOnce('404 page', get('/no-such-page'));
    await expectOnce('JSON', get('/healthz'));
    await expectOnce('static file', get('/favicon.svg'));
  });

  it('pages have no inline script or style element but those their CSP hashes, and no style attribute', async () => {
    const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
    for (const path of ['/', '/BusinessGuide/intro', '/no-such-page']) {
      const response = await get(path);
      const html = response.body.toString();
      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      const styleSrc = /style-src ([^;]+)/.exec(csp)?.[1] ?? '';
      const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(([, body]) => body);
      expect(inline.length, `${path}: React Router writes inline scripts`).toBeGreaterThan(2);
      for (const body of inline) expect(scriptSrc, path).toContain(hash(body));
      const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => body);
      expect(styles.length, `${path}: the page's stylesheets are inline`).toBeGreaterThan(0);
      for (const body of styles) expect(styleSrc, path).toContain(hash(body));
      expect(styleSrc, path).not.toContain('unsafe-inline');
      // Inline style attributes would need 'unsafe-inline' in style-src.
      expect(html, path).not.toMatch(/<[a-z][^>]*\sstyle="/i);
    }
  });
});

describe('cache headers', () => {
  it('anonymous pages may be cached briefly by a CDN; personal, failed and written ones never', async () => {
    expect((await get('/')).headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect((await get('/_root.data')).headers['cache-control']).toBe(PUBLIC_PAGE_CACHE);
    expect((await get('/', { cookie: 'staff_session=anything' })).headers['cache-control']).toBe(NO_STORE);
    expect((await get('/no-such-page')).headers['cache-control']).toBe(NO_STORE);
    const write = await rawRequest(server.url, { method: 'POST', path: '/api/sanity/webhook', body: '{}' });
    expect(write.headers['cache-control']).toBe(NO_STORE);
  });

  it('hashed assets are immutable for a year and static files have ETags', async () => {
    const asset = readdirSync('build/client/assets').find((file) => file.endsWith('.js'));
    const response = await get(`/assets/${asset}`);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers.etag).toBeTruthy();
    const revalidated = await get(`/assets/${asset}`, { 'if-none-match': String(response.headers.etag) });
    expect(revalidated.status).toBe(304);
  });

  it('text is compressed: brotli when accepted, else gzip', async () => {
    expect((await get('/', { 'accept-encoding': 'gzip, deflate, br' })).headers['content-encoding']).toBe('br');
    expect((await get('/', { 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
    const css = readdirSync('build/client/assets').find((file) => file.startsWith('root-') && file.endsWith('.css'));
    expect((await get(`/assets/${css}`, { 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  });

  it("hashed text assets go out as the build's brotli/gzip copies, decoding to the file itself", async () => {
    const script = readdirSync('build/client/assets').find((file) => file.startsWith('entry.client') && file.endsWith('.js'))!;
    const original = readFileSync(`build/client/assets/${script}`);
    const cases: Array<[string, string | undefined, (body: Buffer) => Buffer]> = [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['identity', undefined, (body) => body],
    ];
    for (const [acceptEncoding, encoding, decode] of cases) {
      const response = await get(`/assets/${script}`, { 'accept-encoding': acceptEncoding });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type'], acceptEncoding).toBe('text/javascript; charset=utf-8');
      expect(response.headers['cache-control'], acceptEncoding).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, acceptEncoding).toMatch(/Accept-Encoding/i);
      expect(decode(response.body).equals(original), `${acceptEncoding}: the decoded body is the file`).toBe(true);
      // The precompressed copy is what the build wrote, not compressed again per request.
      if (encoding) expect(response.body.equals(readFileSync(`build/client/assets/${script}.${encoding === 'br' ? 'br' : 'gz'}`))).toBe(true);
      const revalidated = await get(`/assets/${script}`, { 'accept-encoding': acceptEncoding, 'if-none-match': String(response.headers.etag) });
      expect(revalidated.status, acceptEncoding).toBe(304);
    }
  });
});

describe('HSTS', () => {
  async function hstsOf(production: boolean, forwardedHttps: boolean) {
    const app = express();
    // Behind a TLS-terminating proxy, Express learns of https from X-Forwarded-Proto.
    app.set('trust proxy', true);
    app.use(securityHeaders({ production, frameOrigins: () => [], tags: () => [] }), cacheHeaders());
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    const listener = app.listen(0, '127.0.0.1');
    await new Promise((resolveListen) => listener.once('listening', resolveListen));
    const address = listener.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const response = await rawRequest(`http://127.0.0.1:${port}`, {
        path: '/',
        headers: forwardedHttps ? { 'x-forwarded-proto': 'https' } : {},
      });
      return response.headers['strict-transport-security'];
    } finally {
      listener.close();
    }
  }

  it('is sent in production or over https only', async () => {
    expect(await hstsOf(true, false)).toBe('max-age=31536000; includeSubDomains');
    expect(await hstsOf(false, true)).toBe('max-age=31536000; includeSubDomains');
    expect(await hstsOf(false, false)).toBeUndefined();
  });
});
