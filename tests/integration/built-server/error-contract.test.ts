import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

/**
 * Every JSON error the API answers is `{ error: <machine code>, message: <Korean> }`: clients
 * branch on the code and show the message, never the other way round.
 */
describe('API error contract (built server)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  const origin = () => ({ Origin: server.url });
  const cases: Array<{ what: string; method?: string; path: string; headers?: () => Record<string, string>; body?: string }> = [
    { what: 'press list, bad site', path: '/api/press?site=Bad%20Site' },
    { what: 'press list, unknown site', path: '/api/press?site=other-site' },
    { what: 'press list, bad cursor', path: '/api/press?site=cheonghak&cursor=garbage' },
    { what: 'view, undecodable id', method: 'POST', path: '/api/press/%ZZ/view?site=cheonghak', headers: origin },
    { what: 'view, foreign origin', method: 'POST', path: '/api/press/x/view?site=cheonghak', headers: () => ({ Origin: 'https://evil.example' }) },
    { what: 'unknown API path', path: '/api/nothing-here' },
    { what: 'unknown method', method: 'PUT', path: '/api/leads' },
    { what: 'lead, wrong content type', method: 'POST', path: '/api/leads', headers: () => ({ 'Content-Type': 'text/plain' }), body: 'x' },
    { what: 'lead export without a session', path: '/admin/leads/export.csv' },
    { what: 'webhook not configured', method: 'POST', path: '/api/sanity/webhook', headers: () => ({ 'Content-Type': 'application/json' }), body: '{}' },
  ];

  for (const { what, method = 'GET', path, headers, body } of cases) {
    it(`${what}: 4xx { error: code, message: 한국어 }`, async () => {
      const response = await rawRequest(server.url, { method, path, headers: headers?.(), body });
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(JSON.parse(response.body.toString())).toEqual({
        error: expect.stringMatching(/^[a-z][A-Za-z]+$/),
        message: expect.stringMatching(/[가-힣]/),
      });
    });
  }

  it('a lead refusal reads the same with JavaScript (JSON) and without (the result page)', async () => {
    const json = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/leads',
      headers: { ...origin(), 'Content-Type': 'application/json' },
      body: '{"name":"홍길동"}',
    });
    const { error, message } = JSON.parse(json.body.toString()) as { error: string; message: string };
    const form = await rawRequest(server.url, {
      method: 'POST',
      path: '/api/leads',
      headers: { ...origin(), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'name=%ED%99%8D',
    });
    expect(form.status).toBe(303);
    expect(form.headers.location).toBe(`/leads/result?status=${error}`);
    const page = await rawRequest(server.url, { path: form.headers.location! });
    expect(page.body.toString()).toContain(message);
  });
});
