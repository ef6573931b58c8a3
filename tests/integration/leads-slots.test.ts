/**
 * Two visitors can never overbook a slot: 200 simultaneous bookings of a slot with 5 places,
 * through HTTP, on the embedded store and on the Sanity backend (a stand-in with Sanity's
 * ifRevisionID semantics).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSanitySource } from '../../web/server/content/sanity';
import { FakeSanity, slotDocument, startLeadApp, validBody, type LeadApp } from './leads-harness';

const CONCURRENT = 200;
const CAPACITY = 5;

let app: LeadApp | undefined;
let sanity: FakeSanity | undefined;

afterEach(async () => {
  await app?.close();
  await sanity?.stop();
  app = undefined;
  sanity = undefined;
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

  it('Sanity backend: exactly 5 succeed through ifRevisionID and retries', async () => {
    sanity = new FakeSanity();
    const apiHost = await sanity.start([slotDocument('visitSlot-rush', CAPACITY)]);
    const leads = createSanitySource({
      projectId: 'test',
      dataset: 'leads',
      apiVersion: '2025-02-19',
      token: 'token',
      useCdn: false,
      cacheTtlMs: 0,
      apiHost,
      maxRetries: 0,
    });
    app = await startLeadApp({ leads });
    expectExactlyCapacity(await bookAtOnce(app));
    const documents = sanity.documents;
    expect(documents.getDocument('visitSlot-rush')?.booked).toBe(CAPACITY);
    expect(documents.documents().filter((document) => document._type === 'lead')).toHaveLength(CAPACITY);
    expect(await app.service.pendingOutboxCount()).toBe(0);
  });
});
