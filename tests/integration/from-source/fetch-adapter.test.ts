/**
 * React Router's answers sent back through Express (`sendFetchResponse`): a short answer goes out
 * whole with its length, a long one streams at the pace the client reads, and a client that leaves
 * stops the stream.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { sendFetchResponse } from '../../../web/server/pages/fetch-adapter';

let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server whose one route answers `answer()`; resolves to its address. */
async function serve(answer: () => Response): Promise<string> {
  const app = express();
  app.get('/', (req, res, next) => {
    sendFetchResponse(res, answer(), false).catch(next);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe('sending an answer of React Router', () => {
  it('a JSON answer goes out whole, with its length and no chunked encoding', async () => {
    const url = await serve(() => Response.json({ ok: true, message: '접수되었습니다.' }, { status: 201, headers: { 'Cache-Control': 'no-store' } }));
    const response = await fetch(url);
    expect(response.status).toBe(201);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(JSON.stringify({ ok: true, message: '접수되었습니다.' }))));
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ ok: true, message: '접수되었습니다.' });
  });

  it('a long stream arrives complete and in order, at the pace the client reads', async () => {
    const piece = (index: number) => new TextEncoder().encode(`${String(index).padStart(6, '0')}${'가'.repeat(21_845)}\n`);
    const pieces = 300;
    const url = await serve(() => {
      let index = 0;
      return new Response(
        new ReadableStream({
          pull(controller) {
            if (index === pieces) controller.close();
            else controller.enqueue(piece(index++));
          },
        }),
        { headers: { 'Content-Type': 'text/plain; charset=utf-8' } },
      );
    });
    const body = await (await fetch(url)).text();
    const lines = body.split('\n').filter(Boolean);
    expect(lines).toHaveLength(pieces);
    expect(lines.map((line) => Number(line.slice(0, 6)))).toEqual(Array.from({ length: pieces }, (_, index) => index));
    expect(Buffer.byteLength(body)).toBe(pieces * piece(0).byteLength);
  });

  it('a piece of a stream still being produced reaches the client before the next is made', async () => {
    let firstArrived: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    let pulls = 0;
    const url = await serve(
      () =>
        new Response(
          new ReadableStream({
            async pull(controller) {
              pulls += 1;
              if (pulls === 1) controller.enqueue(new TextEncoder().encode('첫 줄\n'));
              else {
                // The second piece is made only once the client holds the first.
                await arrived;
                controller.enqueue(new TextEncoder().encode('둘째 줄\n'));
                controller.close();
              }
            },
          }),
        ),
    );
    const reader = (await fetch(url)).body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('첫 줄\n');
    firstArrived();
    let rest = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) rest += new TextDecoder().decode(read.value);
    expect(rest).toBe('둘째 줄\n');
  });

  it('a client that leaves in the middle stops the stream', async () => {
    let cancelled: () => void = () => undefined;
    const stopped = new Promise<void>((resolve) => (cancelled = resolve));
    const url = await serve(
      () =>
        new Response(
          new ReadableStream({
            pull(controller) {
              controller.enqueue(new TextEncoder().encode('줄\n'.repeat(1000)));
            },
            cancel: () => cancelled(),
          }),
        ),
    );
    await new Promise<void>((resolve, reject) => {
      const client = httpRequest(url, (response) => {
        response.once('data', () => {
          client.destroy();
          resolve();
        });
      });
      client.on('error', (error) => (client.destroyed ? undefined : reject(error)));
      client.end();
    });
    await stopped;
  });
});
