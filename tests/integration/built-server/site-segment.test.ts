import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

/**
 * The `:site` segment of /:site/press, /:site/press/:id and /:site/customer names a configured
 * press site only (the seeded settings' `cheonghak`): any other first segment, `api` and `admin`
 * included, is answered as if those routes did not exist.
 */
describe(':site matches configured site slugs only (built server)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const request = (method: string, path: string) =>
    rawRequest(server.url, {
      method,
      path,
      headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: method === 'POST' ? 'intent=create' : undefined,
    });

  it('POST /api/press gets the API’s own JSON error, not a page', async () => {
    const response = await request('POST', '/api/press');
    expect([404, 405]).toContain(response.status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(response.body.toString())).toEqual({ error: expect.stringMatching(/^[a-z][A-Za-z]+$/), message: expect.stringMatching(/[가-힣]/) });
  });

  for (const path of ['/api/press/x', '/api/customer']) {
    it(`POST ${path} gets the API’s JSON 404/405`, async () => {
      const response = await request('POST', path);
      expect([404, 405]).toContain(response.status);
      expect(JSON.parse(response.body.toString())).toMatchObject({ error: expect.any(String), message: expect.stringMatching(/[가-힣]/) });
    });
  }

  for (const path of ['/admin/press', '/other-site/press', '/other-site/press/press-sample-01', '/admin/customer']) {
    it(`${path} is answered like a path no route claims`, async () => {
      const [page, unclaimed] = await Promise.all([request('GET', path), request('GET', '/no-such-page')]);
      expect(page.status).toBe(404);
      expect(page.body.toString()).toContain('<h1');
      expect(mainOf(page.body.toString())).toBe(mainOf(unclaimed.body.toString()));
      // No route there has an action: a POST is refused before any page code runs.
      const post = await request('POST', path);
      expect(post.status).toBe(405);
      expect(post.headers.allow).toBe('GET, HEAD');
    });
  }

  it('the configured slug still serves its pages', async () => {
    for (const path of ['/cheonghak/press', '/cheonghak/press/press-sample-01', '/cheonghak/customer']) {
      expect((await request('GET', path)).status, path).toBe(200);
    }
    expect((await request('OPTIONS', '/cheonghak/press')).headers.allow).toBe('GET, HEAD, POST');
  });
});

/** The page's main content, without per-request parts (nonces, tokens) elsewhere in the HTML. */
function mainOf(html: string): string {
  return /<main[\s\S]*<\/main>/.exec(html)?.[0] ?? '';
}
