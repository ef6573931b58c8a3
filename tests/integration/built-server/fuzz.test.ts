/**
 * Robustness of the built server (`node server.js`, temporary DATA_DIR): 5,000 random requests
 * (methods, paths built from every route of web/app/routes.ts and every API endpoint, headers,
 * bodies) must all get an answer below 500, and the server must still serve `/` afterwards.
 * Path traversal on /images, /assets and the static root is refused without leaking a file.
 *
 * FUZZ_SEED=… reproduces a run (the seed is printed with any failure); FUZZ_RUNS changes the count.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import routes from '../../../web/app/routes';
import { routePaths } from '../../support/route-paths';
import { LEAD_FIELDS } from '../../../web/shared/lead-validation';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest, type RawResponse } from '../../support/http';

const RUNS = Number(process.env.FUZZ_RUNS ?? 5000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const CONCURRENCY = 12;

/** Endpoints outside React Router (web/server/app.ts and the routers it mounts). */
const API_PATHS = [
  '/api/leads',
  '/api/leads/form',
  '/api/sanity/webhook',
  '/api/press',
  '/api/press?site=cheonghak',
  '/api/press/press-sample-01/view',
  '/api/press/press-sample-01/view?site=cheonghak',
  '/api/press/',
  '/api/',
  '/api/nope',
];
const STATIC_PATHS = ['/favicon.svg', '/assets/', '/images/embedded/production/', '/images/'];

const ROUTE_PATTERNS = [...new Set(routePaths(routes).map((path) => `/${path}`))];

const TRICKY_SEGMENTS = [
  '..',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f',
  '..%5c',
  '%252e%252e',
  '%00',
  '%',
  '%E0%A4%A',
  '%ff',
  '.',
  '',
  '~',
  '.env',
  'etc',
  'passwd',
  'package.json',
  'server.js',
  '%20',
  '%0d%0aSet-Cookie:%20x=y',
  'a'.repeat(300),
  '59A',
  '59B',
  '40',
  'cheonghak',
  '..;',
  '\\..\\',
  '%c0%ae%c0%ae',
  'index.html',
  '.data',
  '_root.data',
];

const printable = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength });
const urlChars = (maxLength: number) => fc.string({ unit: fc.constantFrom(..."abcAZ09-_.~!$&'()*+,;=:@/%?#".split('')), maxLength });
const segment = fc.oneof(
  fc.constantFrom(...TRICKY_SEGMENTS),
  printable(30).map(encodeURIComponent),
  fc.string({ maxLength: 12 }).map(encodeURIComponent),
  urlChars(20).map((text) => text.replaceAll('?', '%3F').replaceAll('#', '%23')),
);

const routePath = fc.tuple(fc.constantFrom(...ROUTE_PATTERNS), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([pattern, values]) => {
  let next = 0;
  const take = () => values[next++ % values.length];
  return pattern.replace(/:[^/]+/g, take).replace('*', () => values.join('/'));
});
const path = fc
  .tuple(
    fc.oneof(
      routePath,
      fc.constantFrom(...API_PATHS, ...STATIC_PATHS),
      fc.tuple(fc.constantFrom(...STATIC_PATHS, ...API_PATHS, '/'), fc.array(segment, { maxLength: 5 })).map(([base, parts]) => base + parts.join('/')),
      routePath.map((page) => `${page === '/' ? '/_root' : page}.data`),
    ),
    fc.option(fc.dictionary(printable(10).map(encodeURIComponent), segment, { maxKeys: 4 }), { nil: undefined }),
  )
  .map(([pathname, query]) => (query ? `${pathname || '/'}?${new URLSearchParams(query).toString()}` : pathname || '/'));

const leadShaped = fc.record(
  Object.fromEntries(
    Object.values(LEAD_FIELDS).map((field) => [
      field,
      fc.oneof(printable(40), fc.string({ maxLength: 40 }), fc.constantFrom('on', 'true', '1', '010-1234-5678', '홍길동')),
    ]),
  ),
  { requiredKeys: [] },
);
/** The press page's admin forms (sign-in, logout, new post). */
const pressFormShaped = fc.record(
  {
    intent: fc.oneof(fc.constantFrom('login', 'logout', 'create', ''), printable(10)),
    email: fc.oneof(fc.constant('admin@cheonghak.local'), printable(60)),
    password: printable(80),
    title: fc.oneof(fc.constant('<script>alert(1)</script>'), fc.string({ maxLength: 300 })),
    summary: fc.string({ maxLength: 300 }),
    body: fc.string({ maxLength: 3000 }),
  },
  { requiredKeys: [] },
);
const bodyArb = fc.oneof(
  fc.constant(undefined),
  fc.json({ maxDepth: 3 }).map((json) => ({ type: 'application/json', body: json })),
  leadShaped.map((lead) => ({ type: 'application/json', body: JSON.stringify(lead) })),
  leadShaped.map((lead) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(lead as Record<string, string>).toString() })),
  pressFormShaped.map((form) => ({ type: 'application/x-www-form-urlencoded', body: new URLSearchParams(form).toString() })),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ type: undefined, body: Buffer.from(bytes) })),
  fc.string({ maxLength: 2000 }).map((text) => ({ type: 'text/plain', body: text })),
);
const headerArb = fc.record(
  {
    'content-type': fc.oneof(
      fc.constantFrom(
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'text/plain',
        'application/json; charset=latin9',
        '*/*',
      ),
      printable(40),
    ),
    accept: fc.constantFrom('text/html', 'application/json', '*/*', 'text/x-script', 'image/avif,image/webp'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'gzip, br', 'identity', 'deflate', 'x, *;q=0'),
    cookie: fc.oneof(
      printable(60),
      printable(40).map((token) => `staff_session=${encodeURIComponent(token)}`),
    ),
    origin: fc.oneof(fc.constant('http://evil.example'), printable(30)),
    'if-none-match': printable(30),
    range: fc.oneof(fc.constantFrom('bytes=0-10', 'bytes=-5', 'bytes=999999-', 'bytes=5-1'), printable(20)),
    'x-forwarded-for': printable(40),
    'user-agent': fc.constantFrom('Googlebot/2.1', 'Mozilla/5.0', ''),
    'x-sanity-signature': printable(60),
  },
  { requiredKeys: [] },
);
const requestArb = fc.record({
  method: fc.constantFrom('GET', 'GET', 'GET', 'POST', 'POST', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'TRACE'),
  path,
  headers: headerArb,
  body: bodyArb,
});
type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never;

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

async function send(request: FuzzRequest): Promise<RawResponse> {
  const headers: Record<string, string> = { ...request.headers };
  if (request.body?.type) headers['content-type'] = request.body.type;
  const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
  return rawRequest(server.url, {
    method: request.method,
    path: request.path,
    headers,
    body: hasBody ? request.body!.body : undefined,
  });
}

describe('fuzz', () => {
  it(`${RUNS} random requests: never a 5xx, and the server still answers`, async () => {
    const requests = fc.sample(requestArb, { numRuns: RUNS, seed: SEED });
    const failures: string[] = [];
    let done = 0;
    const worker = async () => {
      for (let index = done++; index < requests.length; index = done++) {
        const request = requests[index];
        try {
          const response = await send(request);
          if (response.status >= 500) {
            failures.push(`${response.status} ${request.method} ${request.path} ${JSON.stringify(request.headers)} ${response.body.toString().slice(0, 200)}`);
          }
        } catch (error) {
          failures.push(`no answer: ${request.method} ${request.path}: ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    expect(failures, `FUZZ_SEED=${SEED}: ${failures.length} of ${RUNS} failed`).toEqual([]);
    const home = await rawRequest(server.url, { path: '/' });
    expect(home.status).toBe(200);
    // ~40 s on an idle 2-core machine; generous for a loaded one.
  }, 300_000);

  it('path traversal is refused on /images, /assets and the static root', async () => {
    const attempts = [
      '/..%2f..%2fetc/passwd',
      '/../../etc/passwd',
      '/%2e%2e/%2e%2e/etc/passwd',
      '/assets/../../server.js',
      '/assets/..%2f..%2fserver.js',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5cpackage.json',
      '/images/embedded/production/..%2f..%2fpackage.json',
      '/images/embedded/production/../../../package.json',
      '/images/embedded/production/%2e%2e%2f%2e%2e%2fcontent%2fproduction.ndjson',
      '/images/..%2f..%2f..%2fcontent/images/hero.webp',
      '/favicon.svg/../../server.js',
      '/build/server/index.js',
      '/..%252f..%252fpackage.json',
      '/%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd',
    ];
    const leaks = [/root:.*:0:0:/, /"name":\s*"cheonghak-bunyang"/, /import compression from/, /"_type":"siteSettings"/, /createRequestHandler/];
    for (const attempt of attempts) {
      const response = await rawRequest(server.url, { path: attempt });
      expect([400, 403, 404], `${attempt}: ${response.status}`).toContain(response.status);
      const body = response.body.toString('latin1');
      for (const leak of leaks) expect(body, attempt).not.toMatch(leak);
    }
  });
});
