/**
 * Slow clients against the built server (`node server.js`) with small limits set through the
 * environment: headers sent one line at a time are cut off at HTTP_HEADERS_TIMEOUT_MS, a body
 * trickled byte by byte at HTTP_REQUEST_TIMEOUT_MS, idle keep-alive connections are announced and
 * closed at HTTP_KEEP_ALIVE_TIMEOUT_MS, and connections beyond HTTP_MAX_CONNECTIONS are refused.
 * Every wait is on the socket's own close event, with a deadline.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';

const HEADERS_TIMEOUT_MS = 600;
const REQUEST_TIMEOUT_MS = 1200;
const KEEP_ALIVE_TIMEOUT_MS = 1000;
const MAX_CONNECTIONS = 6;

let server: RunningServer;
let host: string;
let port: number;

beforeAll(async () => {
  server = await startServer({
    env: {
      HTTP_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      HTTP_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
      HTTP_KEEP_ALIVE_TIMEOUT_MS: String(KEEP_ALIVE_TIMEOUT_MS),
      HTTP_MAX_CONNECTIONS: String(MAX_CONNECTIONS),
    },
  });
  const url = new URL(server.url);
  host = url.hostname;
  port = Number(url.port);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

type Connection = { socket: Socket; received: () => string; closed: Promise<number> };

/** A raw connection; `closed` resolves with the ms from connect to close (rejects after 8 s). */
async function open(): Promise<Connection> {
  const socket = connect(port, host);
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  const openedAt = performance.now();
  let received = '';
  socket.setEncoding('latin1').on('data', (text: string) => (received += text));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error('the server kept the connection open for 8 s')), 8000);
    socket.once('close', () => {
      clearTimeout(deadline);
      resolve(performance.now() - openedAt);
    });
  });
  return { socket, received: () => received, closed };
}

/** Writes `lines` one at a time every `everyMs` until the socket closes (bounded by `lines`). */
function trickle(socket: Socket, lines: string[], everyMs: number): void {
  let next = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || next >= lines.length) clearInterval(timer);
    else socket.write(lines[next++]);
  }, everyMs);
  socket.once('close', () => clearInterval(timer));
}

describe('slow clients', () => {
  it('headers sent one line at a time are cut off at the headers timeout', async () => {
    const { socket, closed } = await open();
    socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\n`);
    // 100 lines × 100 ms: far longer than the timeout if nothing cuts it off.
    trickle(
      socket,
      Array.from({ length: 100 }, (_, i) => `X-Slow-${i}: ${i}\r\n`),
      100,
    );
    const elapsed = await closed;
    expect(elapsed).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 50);
    // The server checks its connections at most every second (here every HEADERS_TIMEOUT_MS).
    expect(elapsed).toBeLessThan(HEADERS_TIMEOUT_MS * 2 + 1000);
  });

  it('a body trickled one byte at a time is cut off at the request timeout', async () => {
    const { socket, closed, received } = await open();
    socket.write(`POST /api/leads HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n`);
    trickle(
      socket,
      Array.from({ length: 1000 }, () => ' '),
      100,
    );
    const elapsed = await closed;
    expect(elapsed).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 50);
    expect(elapsed).toBeLessThan(REQUEST_TIMEOUT_MS * 2 + 1000);
    // Nothing, or Node's own 408: the request never reached the app.
    expect(received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });

  it('an idle keep-alive connection is announced and closed at the keep-alive timeout', async () => {
    const { socket, closed, received } = await open();
    socket.write(`GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    const elapsed = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200/);
    expect(received()).toMatch(new RegExp(`\r\nKeep-Alive: timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}\r\n`, 'i'));
    expect(elapsed).toBeGreaterThanOrEqual(KEEP_ALIVE_TIMEOUT_MS - 50);
  });

  it('connections beyond the cap are refused; the site answers again once they close', async () => {
    const attempts = 3 * MAX_CONNECTIONS;
    const connections = await Promise.all(Array.from({ length: attempts }, () => open()));
    for (const { socket } of connections) socket.write(`GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    await Promise.all(connections.map(({ closed }) => closed));
    const answered = connections.filter(({ received }) => received().startsWith('HTTP/1.1 200')).length;
    expect(answered).toBeGreaterThan(0);
    expect(answered).toBeLessThanOrEqual(MAX_CONNECTIONS);
    const again = await open();
    again.socket.write(`GET /robots.txt HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
  });
});
