/**
 * Links and redirects built from input, over HTTP against the built server: the lead result
 * page's "back to the form" link and the no-JavaScript lead form's redirect only ever lead to one
 * of the site's own pages, whatever `from` or `sourcePage` says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

const NASTY = [
  '/\\evil.example/x',
  '/\t/evil.com',
  '/\n/evil.com',
  '//evil.example',
  '/.//evil.example',
  'javascript:alert(1)',
  'https://evil.example/',
  '/%09/evil.com',
];

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Where a browser on the result page goes with this href. */
const destination = (href: string) => new URL(href, `${server.url}/leads/result`);

function backLinkOf(html: string): string {
  const match = /<a class="button lead-button--ghost" href="([^"]*)"/.exec(html);
  expect(match, 'the back link').toBeTruthy();
  return match![1].replaceAll('&amp;', '&');
}

describe('links and redirects from input', () => {
  it('the lead result page links back only to our own pages', async () => {
    for (const from of NASTY) {
      const response = await rawRequest(server.url, { path: `/leads/result?status=invalid&from=${encodeURIComponent(from)}` });
      expect(response.status).toBe(200);
      const href = backLinkOf(response.body.toString());
      expect(href, JSON.stringify(from)).toBe('/');
    }
    const kept = await rawRequest(server.url, { path: `/leads/result?status=invalid&from=${encodeURIComponent('/Promotion/Customer?utm_source=naver')}` });
    expect(destination(backLinkOf(kept.body.toString())).href).toBe(`${server.url}/Promotion/Customer?utm_source=naver`);
  });

  it('the no-JavaScript lead form redirects to the result page with a safe way back', async () => {
    for (const sourcePage of [...NASTY, '/Promotion/Customer']) {
      const response = await rawRequest(server.url, {
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ sourcePage, name: '홍길동' }).toString(),
      });
      expect(response.status).toBe(303);
      const location = destination(String(response.headers.location));
      expect(location.origin).toBe(server.url);
      expect(location.pathname).toBe('/leads/result');
      const from = location.searchParams.get('from');
      if (sourcePage === '/Promotion/Customer') expect(from).toBe('/Promotion/Customer');
      else expect(from ?? '/', JSON.stringify(sourcePage)).toBe('/');
    }
  });
});
