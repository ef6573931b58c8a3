/**
 * The lead API's two resource routes (POST /api/leads, GET /api/leads/form) on a bare Node HTTP
 * server, without a React Router build: the lead tests' server. The request and response are
 * passed as they stream, as React Router's handler passes them.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { LeadRequests } from '../../web/server/leads/http';

export function leadApiListener(requests: LeadRequests): RequestListener {
  return (req, res) => {
    answer(requests, req, res).catch((error: unknown) => {
      res.destroy(error as Error);
    });
  };
}

async function answer(requests: LeadRequests, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  let response: Response;
  if (path === '/api/leads' && req.method === 'POST') {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
      method: 'POST',
      headers,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: 'half',
    } as RequestInit);
    response = await requests.submit(request, req.socket.remoteAddress ?? '');
  } else if (path === '/api/leads/form' && req.method === 'GET') {
    response = await requests.formData();
  } else {
    response = new Response(null, { status: 404 });
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body) Readable.fromWeb(response.body as NodeReadableStream).pipe(res);
  else res.end();
}
