/**
 * Sanity down (a stub on 127.0.0.1 answering 503): leads are still acknowledged, held in the
 * local outbox (SQLite under DATA_DIR), and delivered once Sanity answers again — nothing dropped.
 */
import { afterEach, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createSanitySource } from '../../web/server/content/sanity';
import { createWebhookNotifier } from '../../web/server/leads/notifier';
import { openLeadOutbox } from '../../web/server/leads/outbox';
import { ContentLake, EDITOR_TOKEN } from '../support/content-lake';
import { slotDocument, startLeadApp, validBody, type LeadApp } from './leads-harness';
import path from 'node:path';

let app: LeadApp | undefined;
let sanity: ContentLake | undefined;
let hook: http.Server | undefined;

afterEach(async () => {
  await app?.close();
  await sanity?.stop();
  hook?.closeAllConnections();
  hook?.close();
  app = sanity = hook = undefined;
});

function sanityLeads(apiHost: string) {
  return createSanitySource({
    projectId: 'test',
    dataset: 'leads',
    apiVersion: '2025-02-19',
    token: EDITOR_TOKEN,
    useCdn: false,
    cacheTtlMs: 0,
    apiHost,
    maxRetries: 0,
  });
}

describe('Sanity unavailable', () => {
  it('holds acknowledged leads in the outbox and delivers them when Sanity is back', async () => {
    sanity = new ContentLake();
    const apiHost = await sanity.start({ leads: [slotDocument('visitSlot-a', 2, 1)] });
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
      leads: sanityLeads(apiHost),
      notifier: createWebhookNotifier({ url: hookUrl, baseDelayMs: 10 }),
      now: () => Date.now() + clockOffset,
    });

    sanity.down = true;
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
    expect(sanity.dataset('leads').documents().filter((document) => document._type === 'lead')).toHaveLength(0);

    // The outbox is on disk: another handle on the same file sees the held leads.
    const sameFile = openLeadOutbox(path.join(app.dataDir, 'lead-outbox.sqlite'));
    expect(await sameFile.pendingCount()).toBe(4);
    await sameFile.close();

    sanity.down = false;
    clockOffset = 10 * 60_000;
    await app.service.deliverOutbox();
    expect(await app.service.pendingOutboxCount()).toBe(0);
    const delivered = sanity.dataset('leads').documents().filter((document) => document._type === 'lead');
    expect(delivered.map((lead) => lead._id).sort()).toEqual([...ids].sort());
    // The slot had one place left: one delayed booking got it, the other is kept and flagged.
    const statuses = delivered.map((lead) => lead.visitSlotStatus).filter(Boolean).sort();
    expect(statuses).toEqual(['booked', 'unavailable']);
    expect(sanity.dataset('leads').get('visitSlot-a')?.booked).toBe(2);
    await expect.poll(() => received.length).toBe(4);
  });
});
