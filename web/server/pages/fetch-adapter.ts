/** Between Express and the Fetch API React Router speaks: the request it handles, and its response read or sent back. */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { createReadableStreamFromReadable } from '@react-router/node';

/** Headers the cache never keeps: they are about one response, not the page. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'set-cookie', 'date', 'connection']);

export function isHtml(response: Response): boolean {
  return /^text\/html\b/i.test(response.headers.get('Content-Type') ?? '') && response.body !== null;
}

export function pageHeaders(response: Response): Array<[string, string]> {
  return [...response.headers.entries()].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
}

/**
 * The Fetch API request React Router handles, from Express's (host and scheme as Express sees them).
 * The target is appended to the origin rather than resolved against it: resolved, `//x/y` would be
 * the path `/y` on host `x`, and `//%20` no URL at all. The render stops when the client leaves
 * (`res` closes before its answer), unless others wait for it too (no `res`).
 */
export function toFetchRequest(req: ExpressRequest, res: ExpressResponse | undefined, method: string, target: string): Request {
  const path = target.startsWith('/') ? target : `/${target}`;
  const host = /^[\w.-]+(:\d+)?$|^\[[\d:a-f.]+\](:\d+)?$/i.test(req.host) ? req.host : 'localhost';
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}${path}`);
  } catch {
    url = new URL(`${req.protocol}://localhost${path}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res?.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

const NOT_YET = Symbol('not yet');

/**
 * Redirects, `.data`, resource routes and dev pages: status, headers and the body as it streams.
 * The last piece goes out with the end, so a short answer (an API's JSON, whose pieces are all
 * there at once) is one write of headers and body with its length; a piece of a stream still being
 * produced goes at once; a client that leaves stops the stream.
 */
export async function sendFetchResponse(res: ExpressResponse, response: Response, head: boolean): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body || head) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const reader = response.body.getReader();
  const stopOnLeave = () => void reader.cancel().catch(() => undefined);
  res.once('close', stopOnLeave);
  try {
    let piece = await reader.read();
    while (!piece.done && !res.destroyed) {
      const nextRead = reader.read();
      const next = await Promise.race([nextRead, new Promise<typeof NOT_YET>((resolve) => setImmediate(resolve, NOT_YET))]);
      if (next === NOT_YET) {
        // The stream is still producing: what it gave so far goes now, not when the next piece comes.
        if (!res.write(piece.value)) await drainedOrClosed(res);
        piece = await nextRead;
        continue;
      }
      if (next.done) break;
      if (!res.write(piece.value)) await drainedOrClosed(res);
      piece = next;
    }
    if (!res.destroyed) res.end(piece.done ? undefined : piece.value);
  } catch (error) {
    if (!res.destroyed) throw error;
  } finally {
    res.off('close', stopOnLeave);
  }
}

function drainedOrClosed(res: ExpressResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
