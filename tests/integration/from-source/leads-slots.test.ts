/**
 * Two visitors can never overbook a slot: 200 simultaneous bookings of a slot with 5 places,
 * through HTTP, on the embedded database and on PostgreSQL — each place taken by one conditional
 * update, no retry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { LEAD_STORES, startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

const CONCURRENT = 200;
const CAPACITY = 5;

let app: LeadApp | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function bookAtOnce(target: LeadApp): Promise<number[]> {
  const bodies = Array.from({ length: CONCURRENT }, () => validBody({ visitSlot: 'visitSlot-rush' }));
  const responses = await Promise.all(bodies.map((body) => target.post(body)));
  return responses.map((response) => response.status);
}

describe.each(LEAD_STORES)(`${CONCURRENT} concurrent bookings of a slot with ${CAPACITY} places (%s)`, (store) => {
  it('exactly 5 succeed, the slot counts 5, 5 registrations hold it, nothing waits in the outbox', async () => {
    app = await startLeadApp({ store });
    await app.addSlot({ id: 'visitSlot-rush', capacity: CAPACITY });
    const statuses = await bookAtOnce(app);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT - CAPACITY);
    expect(await app.booked('visitSlot-rush')).toBe(CAPACITY);
    expect(await app.registrations()).toBe(CAPACITY);
    expect(await app.service.pendingOutboxCount()).toBe(0);
  });
});
