/**
 * The staff notification of a new lead (LEAD_WEBHOOK_URL) names the booked visit's time, whether
 * the lead was stored at once or delivered later from the outbox, on the embedded store and on the
 * Sanity backend (the Content Lake stand-in).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { LeadNotification, LeadNotifier } from '../../web/server/leads/notifier';
import { ContentLake } from '../support/content-lake';
import { fakeSanityLeads, slotDocument, startLeadApp, validBody, type LeadApp } from './leads-harness';

let app: LeadApp | undefined;
let sanity: ContentLake | undefined;
let clockOffset = 0;

afterEach(async () => {
  await app?.close();
  await sanity?.stop();
  app = sanity = undefined;
  clockOffset = 0;
});

function recordingNotifier(): LeadNotifier & { sent: LeadNotification[] } {
  const sent: LeadNotification[] = [];
  return { sent, notify: (lead) => void sent.push(lead), close() {} };
}

const SLOT = slotDocument('visitSlot-notified', 3);
const VISIT_AT = `${SLOT.date} ${SLOT.time}`;

describe('the notification of a booking carries its visit time', () => {
  it('embedded store: a booking names its visit, a lead without one names none', async () => {
    const notifier = recordingNotifier();
    app = await startLeadApp({ notifier });
    await app.leads.mutate([{ create: SLOT }]);
    expect((await app.post(validBody({ visitSlot: SLOT._id }))).status).toBe(201);
    expect((await app.post(validBody())).status).toBe(201);
    expect(notifier.sent.map((lead) => lead.visitAt)).toEqual([VISIT_AT, undefined]);
  });

  it('Sanity backend: at once, and from the outbox after an outage', async () => {
    const notifier = recordingNotifier();
    sanity = new ContentLake();
    app = await startLeadApp({ notifier, leads: fakeSanityLeads(await sanity.start({ leads: [SLOT] })), now: () => Date.now() + clockOffset });
    expect((await app.post(validBody({ visitSlot: SLOT._id }))).status).toBe(201);
    sanity.down = true;
    expect((await app.post(validBody({ visitSlot: SLOT._id }))).status).toBe(201);
    expect(await app.service.pendingOutboxCount()).toBe(1);
    sanity.down = false;
    // The service's clock moves past the outbox's backoff instead of waiting for it.
    clockOffset = 10 * 60_000;
    await app.service.deliverOutbox();
    expect(await app.service.pendingOutboxCount()).toBe(0);
    expect(notifier.sent.map((lead) => lead.visitAt)).toEqual([VISIT_AT, VISIT_AT]);
  });
});
