/**
 * The console downloads' session check on a Fetch request: a signed-out browser goes to the
 * sign-in (303), any other client gets 401 JSON, decided from the Accept header as Express's
 * `req.accepts(['json', 'html'])` decided it before the downloads became resource routes (each
 * header's answer below is Express's); a signed-in staff member with a 사유 gets through.
 */
import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { staffOfExport } from '../../web/app/lib/download-session.server';

const signedOut = { auth: { session: () => null }, clientIp: '127.0.0.1' } as unknown as AppLoadContext;

/** Accept headers, and whether Express answered them as a browser (html) rather than JSON. */
const EXPRESS_CHOICES: Array<[accept: string | null, html: boolean]> = [
  [null, false],
  ['*/*', false],
  ['text/html', true],
  ['application/json', false],
  ['text/csv', false],
  ['text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', true],
  ['application/json, text/plain, */*', false],
  ['text/*', true],
  ['application/*, text/html;q=0.5', false],
  ['text/html;q=0.5, application/json;q=0.5', true],
  ['application/json;q=0.5, text/html;q=0.5', false],
  ['text/html;level=1', false],
  ['text/html;q=0', false],
  ['*/*;q=0.1, text/html;q=0.1', true],
  ['TEXT/HTML', true],
  ['text/html;q=0.8;level=1, application/json;q=0.7', false],
  ['image/avif,image/webp,*/*', false],
];

describe('the download session check', () => {
  it.each(EXPRESS_CHOICES)('signed out, Accept %j: the sign-in for a browser (%s), else 401 JSON', async (accept, html) => {
    const request = new Request('http://localhost/admin/stats.csv?from=2026-11-01&reason=x', { headers: accept === null ? {} : { accept } });
    const refusal = staffOfExport({ request, url: new URL(request.url) }, signedOut, { page: '/admin/stats' });
    expect(refusal).toBeInstanceOf(Response);
    const response = refusal as Response;
    expect(response.headers.get('cache-control')).toBe('no-store');
    if (html) {
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(`/admin?next=${encodeURIComponent('/admin/stats?from=2026-11-01')}`);
    } else {
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await response.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/로그인/) });
    }
  });

  it('signed in with a 사유: the staff member as the record names them, the 사유 and the other parameters', () => {
    const staff = { email: 'boss@example.com', name: '박팀장', role: 'manager' as const };
    const context = { auth: { session: () => staff }, clientIp: '10.0.0.1' } as unknown as AppLoadContext;
    const request = new Request('http://localhost/admin/stats.csv?from=2026-11-01&reason=%20주간%0A보고');
    const allowed = staffOfExport({ request, url: new URL(request.url) }, context, { page: '/admin/stats' });
    expect(allowed).toEqual({ actor: { ...staff, ip: '10.0.0.1' }, reason: '주간 보고', query: new URLSearchParams({ from: '2026-11-01' }) });
  });
});
