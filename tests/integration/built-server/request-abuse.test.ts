/**
 * Abuse of the built server (`node server.js`) over real sockets: oversized bodies (declared or
 * streamed chunked) are refused with 413 while the client is still sending, on every path React
 * Router answers (`.data` included); a foreign Origin is refused before the body is read; methods
 * the site does not serve get 405 with an Allow header and malformed bodies 400 — never a 5xx, and
 * no stack trace in the server's log.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

let server: RunningServer;
let origin: string;

beforeAll(async () => {
  server = await startServer({ captureStderr: true });
  origin = server.url;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type StreamedAnswer = { status: number; head: string; body: string; bytesSentBeforeAnswer: number };

/**
 * Sends `headers` and then body bytes in 64 KB pieces (honouring backpressure) until the server
 * answers, the connection closes, or `maxBodyBytes` are written — the body is never finished, so
 * an answer means the server decided while the client was still sending.
 */
function streamBody({
  path,
  headers,
  chunked,
  maxBodyBytes,
}: {
  path: string;
  headers: Record<string, string>;
  chunked: boolean;
  maxBodyBytes: number;
}): Promise<StreamedAnswer> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const deadline = setTimeout(() => socket.destroy(new Error(`${path}: no answer within 20 s`)), 20_000);
    const received: Buffer[] = [];
    let sent = 0;
    let sentBeforeAnswer = -1;
    let wake: () => void = () => undefined;
    socket.on('data', (bytes: Buffer) => {
      if (sentBeforeAnswer < 0) sentBeforeAnswer = sent;
      received.push(bytes);
      wake();
    });
    socket.on('error', (error) => {
      // The server may reset the connection once it has answered: the answer is what counts.
      if (received.length === 0) {
        clearTimeout(deadline);
        reject(error);
      }
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      wake();
      const [head = '', body = ''] = Buffer.concat(received).toString('utf8').split('\r\n\r\n', 2);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      if (!status) reject(new Error(`${path}: no HTTP answer (sent ${sent} bytes)`));
      else resolve({ status, head, body, bytesSentBeforeAnswer: sentBeforeAnswer });
    });
    socket.on('connect', async () => {
      const lines = Object.entries({ host: `${hostname}:${port}`, ...headers }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      const piece = Buffer.alloc(64 * 1024, 'a');
      const framed = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
      while (received.length === 0 && !socket.destroyed && sent < maxBodyBytes) {
        sent += piece.length;
        if (!socket.write(framed)) {
          await new Promise<void>((drained) => {
            wake = drained;
            socket.once('drain', drained);
          });
        }
      }
    });
  });
}

function expectNoStackTrace() {
  expect(server.stderr(), server.stderr()).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
}

describe('request bodies', () => {
  const formHeaders = () => ({ origin, 'content-type': 'application/x-www-form-urlencoded' });

  it('a huge declared Content-Length to a `.data` action is refused with 413 before the body arrives', async () => {
    const answer = await streamBody({
      path: '/cheonghak/press.data',
      headers: { ...formHeaders(), 'content-length': String(256 * 1024 * 1024) },
      chunked: false,
      maxBodyBytes: 32 * 1024 * 1024,
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'payloadTooLarge', message: expect.stringMatching(/[가-힣]/) });
    expect(answer.bytesSentBeforeAnswer).toBeLessThan(32 * 1024 * 1024);
  });

  it('a chunked body is counted as it arrives: 413 while the client is still sending, page and `.data` alike', async () => {
    for (const path of ['/cheonghak/press', '/cheonghak/press.data']) {
      const answer = await streamBody({
        path,
        headers: { ...formHeaders(), 'transfer-encoding': 'chunked' },
        chunked: true,
        maxBodyBytes: 64 * 1024 * 1024,
      });
      expect(answer.status, path).toBe(413);
      expect(answer.head, path).toMatch(/content-type: application\/json/i);
      expect(JSON.parse(answer.body).error, path).toBe('payloadTooLarge');
      // Answered long before the 64 MB were sent: the server stopped reading near the limit
      // (what is left is the kernel's socket buffers).
      expect(answer.bytesSentBeforeAnswer, path).toBeLessThan(24 * 1024 * 1024);
    }
  });

  it('API paths: a huge declared body is refused up front, a chunked one by the route’s own smaller limit', async () => {
    const declared = await streamBody({
      path: '/api/press/press-sample-01/view?site=cheonghak',
      headers: { 'content-type': 'application/json', 'content-length': String(256 * 1024 * 1024) },
      chunked: false,
      maxBodyBytes: 32 * 1024 * 1024,
    });
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.body).error).toBe('payloadTooLarge');
    const streamed = await streamBody({
      path: '/api/leads',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunked: true,
      maxBodyBytes: 64 * 1024 * 1024,
    });
    expect(streamed.status).toBe(413);
    expect(streamed.bytesSentBeforeAnswer).toBeLessThan(24 * 1024 * 1024);
  });

  it('a foreign Origin is refused with 403 before the body is read, `.data` included', async () => {
    for (const path of ['/cheonghak/press', '/cheonghak/press.data']) {
      const answer = await streamBody({
        path,
        headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
        chunked: true,
        maxBodyBytes: 64 * 1024 * 1024,
      });
      expect(answer.status, path).toBe(403);
      expect(JSON.parse(answer.body), path).toMatchObject({ error: 'foreignOrigin', message: expect.stringMatching(/[가-힣]/) });
      expect(answer.bytesSentBeforeAnswer, path).toBeLessThan(24 * 1024 * 1024);
    }
  });

  it('the server still serves pages afterwards', async () => {
    expect((await rawRequest(server.url, { path: '/' })).status).toBe(200);
  });
});

describe('methods and malformed bodies', () => {
  it('methods the site does not serve get 405 with an Allow header, never a 5xx', async () => {
    const cases: Array<[method: string, path: string, allow: string]> = [
      ['DELETE', '/cheonghak/press', 'GET, HEAD, POST'],
      ['PUT', '/cheonghak/press.data', 'GET, HEAD, POST'],
      ['PATCH', '/cheonghak/press/press-sample-01', 'GET, HEAD'],
      ['PUT', '/', 'GET, HEAD'],
      ['DELETE', '/_root.data', 'GET, HEAD'],
      ['TRACE', '/', 'GET, HEAD'],
      ['POST', '/', 'GET, HEAD'],
      ['POST', '/Promotion/Customer', 'GET, HEAD'],
      ['TRACE', '/no/such/page', 'GET, HEAD'],
      ['PUT', '/admin/preview', 'GET, HEAD, POST'],
      ['POST', '/admin/stats.csv', 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await rawRequest(server.url, { method, path, headers: { origin } });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
      expect(response.body.toString(), `${method} ${path}`).toMatch(/[가-힣]/);
    }
    for (const [method, path] of [
      ['TRACE', '/api/leads'],
      ['DELETE', '/api/leads'],
      ['PUT', '/api/press'],
      ['DELETE', '/api/session'],
    ]) {
      const response = await rawRequest(server.url, { method, path });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBeTruthy();
      expect(JSON.parse(response.body.toString()), `${method} ${path}`).toMatchObject({ error: 'methodNotAllowed', message: expect.stringMatching(/[가-힣]/) });
    }
    // A read of an address that only takes posts is there, with another method: 405 and what it allows.
    for (const [method, path, allow] of [
      ['GET', '/api/sanity/webhook', 'POST'],
      ['GET', '/api/leads', 'POST'],
      ['POST', '/api/leads/form', 'GET, HEAD'],
    ]) {
      const response = await rawRequest(server.url, { method, path });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow, `${method} ${path}`).toBe(allow);
      expect(JSON.parse(response.body.toString()), `${method} ${path}`).toMatchObject({ error: 'methodNotAllowed', message: expect.stringMatching(/[가-힣]/) });
    }
    expect((await rawRequest(server.url, { path: '/api/no-such-thing' })).status, 'an address no route serves').toBe(404);
    expectNoStackTrace();
  });

  it('a malformed or mistyped body to an action is a 400, page and `.data` alike', async () => {
    const bodies: Array<[contentType: string, body: string]> = [
      ['multipart/form-data; boundary=zz', 'garbage without any boundary'],
      ['multipart/form-data', '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin'],
      ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nlogin\r\n'],
      ['text/plain', 'intent=login'],
      ['application/json', '{"intent":"login"}'],
    ];
    for (const path of ['/cheonghak/press', '/cheonghak/press.data']) {
      for (const [contentType, body] of bodies) {
        const response = await rawRequest(server.url, { method: 'POST', path, headers: { origin, 'content-type': contentType }, body });
        expect(response.status, `${path} ${contentType} ${JSON.stringify(body)}`).toBe(400);
      }
    }
    expectNoStackTrace();
  });
});
