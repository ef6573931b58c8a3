/**
 * The database away (cut on the network): leads are still acknowledged, held in the local outbox
 * (SQLite under DATA_DIR), and stored in the customer tables once the database answers again —
 * nothing dropped, the webhook told of each.
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { salesDatabaseOnPostgres } from '../../../web/server/database/index';
import { createWebhookNotifier } from '../../../web/server/leads/notifier';
import { openLeadOutbox } from '../../../web/server/leads/outbox';
import { migrate, reportConnectionErrors } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { openTcpGate, type TcpGate } from '../../support/tcp-gate';
import { startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

let app: LeadApp | undefined;
let gate: TcpGate | undefined;
let pool: pg.Pool | undefined;
let hook: http.Server | undefined;

afterEach(async () => {
  await app?.close();
  await pool?.end();
  await gate?.close();
  hook?.closeAllConnections();
  hook?.close();
  app = gate = pool = hook = undefined;
});

describe('the database unavailable', () => {
  it('holds acknowledged leads in the outbox and stores them when the database is back', async () => {
    const url = new URL(await freshDatabaseUrl());
    await migrate(url.href);
    gate = await openTcpGate({ host: url.hostname, port: Number(url.port) });
    url.host = `127.0.0.1:${gate.port}`;
    pool = new pg.Pool({ connectionString: url.href, max: 4, connectionTimeoutMillis: 1000 });
    // As the server's pool: a connection the cut drops is reported, not thrown out of the event loop.
    reportConnectionErrors(pool, () => undefined);
    const sales = salesDatabaseOnPostgres(pool);
    const received: unknown[] = [];
    hook = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(JSON.parse(body));
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => hook!.listen(0, '127.0.0.1', resolve));
    const hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
    // The service's clock, moved forward below instead of sleeping through the outbox backoff.
    let clockOffset = 0;
    app = await startLeadApp({
      sales,
      notifier: createWebhookNotifier({ url: hookUrl, baseDelayMs: 10 }),
      now: () => Date.now() + clockOffset,
    });

    await app.addSlot({ id: 'visitSlot-a', capacity: 2, booked: 1 });
    gate.down = true;
    const bodies = [validBody(), validBody(), validBody({ visitSlot: 'visitSlot-a' }), validBody({ visitSlot: 'visitSlot-a' })];
    const responses = await Promise.all(bodies.map((body) => app!.post(body)));
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
    const ids = await Promise.all(responses.map(async (response) => ((await response.json()) as { id: string }).id));
    expect(await app.service.pendingOutboxCount()).toBe(4);
    // A retry of a held lead is acknowledged again without a second copy.
    expect((await app.post(bodies[0])).status).toBe(201);
    expect(await app.service.pendingOutboxCount()).toBe(4);

    // Still down: a delivery round keeps everything.
    await app.service.deliverOutbox();
    expect(await app.service.pendingOutboxCount()).toBe(4);
    gate.down = false;
    expect(await app.registrations()).toBe(0);
    gate.down = true;

    // The outbox is on disk: another handle on the same file sees the held leads.
    const sameFile = openLeadOutbox(path.join(app.dataDir, 'lead-outbox.sqlite'));
    expect(await sameFile.pendingCount()).toBe(4);
    await sameFile.close();

    gate.down = false;
    clockOffset = 10 * 60_000;
    await app.service.deliverOutbox();
    expect(await app.service.pendingOutboxCount()).toBe(0);
    const delivered = await Promise.all(ids.map((id) => app!.lead(id)));
    expect(delivered.map((lead) => lead?.id).sort()).toEqual([...ids].sort());
    // The slot had one place left: one delayed booking got it, the other is kept and flagged.
    const statuses = delivered
      .map((lead) => lead?.visit?.status)
      .filter(Boolean)
      .sort();
    expect(statuses).toEqual(['booked', 'unavailable']);
    expect(await app.booked('visitSlot-a')).toBe(2);
    await expect.poll(() => received.length).toBe(4);
  });
});
