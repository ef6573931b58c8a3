/**
 * Two visitors can never overbook a slot: 200 simultaneous bookings of a slot with 5 places,
 * through HTTP, on the embedded store and on PostgreSQL.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { slotDocument, startLeadApp, validBody, type LeadApp } from './leads-harness';

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

function expectExactlyCapacity(statuses: number[]) {
  expect(statuses.filter((status) => status === 201)).toHaveLength(CAPACITY);
  expect(statuses.filter((status) => status === 409)).toHaveLength(CONCURRENT - CAPACITY);
}

describe(`${CONCURRENT} concurrent bookings of a slot with ${CAPACITY} places`, () => {
  it('embedded store: exactly 5 succeed, the slot counts 5, 5 leads hold it', async () => {
    app = await startLeadApp();
    await app.leads.mutate([{ create: slotDocument('visitSlot-rush', CAPACITY) }]);
    expectExactlyCapacity(await bookAtOnce(app));
    expect(await app.leads.fetch('*[_id == "visitSlot-rush"][0].booked')).toBe(CAPACITY);
    expect(await app.leads.fetch('count(*[_type == "lead" && visitSlot._ref == "visitSlot-rush"])')).toBe(CAPACITY);
    expect(await app.service.pendingOutboxCount()).toBe(0);
  });

  it('PostgreSQL: exactly 5 succeed through the locked revision check', async () => {
    app = await startLeadApp({ store: 'PostgreSQL' });
    await app.leads.mutate([{ create: slotDocument('visitSlot-rush', CAPACITY) }]);
    expectExactlyCapacity(await bookAtOnce(app));
    expect(await app.leads.fetch('*[_id == "visitSlot-rush"][0].booked')).toBe(CAPACITY);
    expect(await app.leads.fetch('count(*[_type == "lead" && visitSlot._ref == "visitSlot-rush"])')).toBe(CAPACITY);
    expect(await app.service.pendingOutboxCount()).toBe(0);
  });
});

// Slots stored by an import or a script may have no `booked` field at all.
describe('a slot without a booked count', () => {
  const slot = () => {
    const { booked: _booked, ...withoutCount } = slotDocument('visitSlot-imported', 2);
    return withoutCount;
  };
  async function bookThreeTimes(target: LeadApp): Promise<number[]> {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await target.post(validBody({ visitSlot: 'visitSlot-imported' }))).status);
    }
    return statuses;
  }

  it('embedded store: counts bookings and stops at the capacity', async () => {
    app = await startLeadApp();
    await app.leads.mutate([{ create: slot() }]);
    expect(await bookThreeTimes(app)).toEqual([201, 201, 409]);
    expect(await app.leads.fetch('*[_id == "visitSlot-imported"][0].booked')).toBe(2);
  });

  it('PostgreSQL: the booking sets the count if missing before incrementing it', async () => {
    app = await startLeadApp({ store: 'PostgreSQL' });
    await app.leads.mutate([{ create: slot() }]);
    expect(await bookThreeTimes(app)).toEqual([201, 201, 409]);
    expect(await app.leads.fetch('*[_id == "visitSlot-imported"][0].booked')).toBe(2);
  });
});
