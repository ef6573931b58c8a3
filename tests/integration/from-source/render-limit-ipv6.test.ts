/**
 * The page render limit counts an IPv6 client by its /64: rotating the address within it (what
 * nginx passes on as X-Forwarded-For) does not reset the count.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { renderLimit } from '../../../web/server/pages/render-limit';

let server: http.Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.set('trust proxy', 'loopback');
  const limit = renderLimit({ max: 5, windowMs: 60_000 }, () => false);
  app.get('/page', async (req, res) => {
    if (await limit(req, res)) res.send('rendered');
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('refuses the sixth render from one /64 whatever address in it asks', async () => {
  const statuses = [];
  for (let n = 1; n <= 8; n += 1) {
    statuses.push((await fetch(`${url}/page`, { headers: { 'x-forwarded-for': `2001:db8:77:1::${n}`, accept: 'text/html' } })).status);
  }
  expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  expect((await fetch(`${url}/page`, { headers: { 'x-forwarded-for': '2001:db8:77:2::1' } })).status).toBe(200);
});
