import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { CHECK_TIMEOUT_MS, createHealthRouter, salesTablesRead, type HealthOptions } from '../../../web/server/http/health';
import { startServer, type RunningServer } from '../../support/built-server';
import { rawRequest } from '../../support/http';

describe('the built server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('GET /healthz: 200, not cached', async () => {
    const response = await rawRequest(server.url, { path: '/healthz' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body.toString())).toEqual({ status: 'ok' });
  });

  it('GET /readyz: ready with both stores and an empty outbox, not cached, nothing personal', async () => {
    const response = await rawRequest(server.url, { path: '/readyz' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(response.body.toString())).toEqual({
      status: 'ready',
      serves: { pages: true, leads: true },
      checks: { content: 'ok', leads: 'ok', dataDir: 'ok' },
      outbox: { count: 0, oldestAgeSeconds: null },
      // The start-up probe rendered `/` once.
      pageCache: { pages: 1, bytes: expect.any(Number), renders: 1 },
    });
  });
});

describe('readiness', () => {
  let dataDir: string;
  let close: (() => void) | undefined;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'readyz-'));
  });
  afterEach(() => close?.());
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function probe(overrides: Partial<HealthOptions>, probePath = '/readyz') {
    const options: HealthOptions = {
      content: { fetch: async <T>() => 0 as T },
      leads: async () => [],
      dataDir,
      outboxBacklog: async () => ({ count: 0, oldestAt: null }),
      now: () => Date.parse('2026-11-23T12:00:00Z'),
      ...overrides,
    };
    const listener = express().use(createHealthRouter(options)).listen(0, '127.0.0.1');
    await new Promise((resolve) => listener.once('listening', resolve));
    close = () => listener.close();
    const response = await rawRequest(`http://127.0.0.1:${(listener.address() as AddressInfo).port}`, { path: probePath });
    return { status: response.status, body: JSON.parse(response.body.toString()) };
  }

  it('the leads check reads the customer tables: ok while they answer, failed once they cannot be read', async () => {
    const sales = await openEmbeddedSalesDatabase(dataDir);
    expect((await probe({ leads: salesTablesRead(sales) }, '/readyz/leads')).status).toBe(200);
    close?.();
    await sales.close();
    expect(await probe({ leads: salesTablesRead(sales) }, '/readyz/leads')).toMatchObject({ status: 503, body: { checks: { leads: 'failed' } } });
  });

  it('the customer tables do not answer: still ready for pages (200, degraded); /readyz/leads 503', async () => {
    const leads = () => Promise.reject(new Error('SQLITE_CANTOPEN'));
    const { status, body } = await probe({ leads });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', serves: { pages: true, leads: false }, checks: { content: 'ok', leads: 'failed', dataDir: 'ok' } });
    close?.();
    expect(await probe({ leads }, '/readyz/leads')).toMatchObject({ status: 503, body: { status: 'unavailable', checks: { leads: 'failed' } } });
  });

  it('the database does not answer within the check timeout: leads not served', async () => {
    const hung = () => new Promise(() => undefined);
    const started = Date.now();
    const { status, body } = await probe({ database: hung });
    expect(Date.now() - started).toBeLessThan(CHECK_TIMEOUT_MS + 1_000);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'degraded', serves: { pages: true, leads: false }, checks: { leads: 'ok', database: 'failed' } });
    close?.();
    expect((await probe({ database: async () => 1 }, '/readyz/leads')).status).toBe(200);
  });

  it('503 when the content source does not answer (no page can be served); DATA_DIR gone: no leads', async () => {
    expect(await probe({ content: { fetch: () => Promise.reject(new Error('down')) } })).toMatchObject({
      status: 503,
      body: { status: 'unavailable', serves: { pages: false } },
    });
    close?.();
    const gone = await probe({ dataDir: path.join(dataDir, 'missing') });
    expect(gone).toMatchObject({ status: 200, body: { serves: { leads: false }, checks: { dataDir: 'failed' } } });
  });

  it('reports an outbox backlog with its age but stays ready (leads still reach the outbox)', async () => {
    const { status, body } = await probe({
      outboxBacklog: async () => ({ count: 3, oldestAt: Date.parse('2026-11-23T11:45:00Z') }),
    });
    expect(status).toBe(200);
    expect(body.outbox).toEqual({ count: 3, oldestAgeSeconds: 900 });
  });
});
