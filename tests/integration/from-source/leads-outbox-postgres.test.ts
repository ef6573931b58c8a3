/**
 * The lead outbox as a PostgreSQL table: two instances draining it at once never deliver one
 * entry twice, and what is delivered, retried or refused is settled as the outbox kept on disk does.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryOutcome, OutboxEntry } from '../../../web/server/leads/outbox';
import { PostgresLeadOutbox } from '../../../web/server/leads/postgres-outbox';
import type { LeadDocument } from '../../../web/server/leads/store';
import { freshDatabaseUrl } from '../../support/postgres';

const pools: pg.Pool[] = [];
let url: string;

function outbox(): PostgresLeadOutbox {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pools.push(pool);
  return new PostgresLeadOutbox(pool);
}

function lead(index: number): LeadDocument {
  const createdAt = new Date(Date.UTC(2026, 10, 26, 9, 0, index)).toISOString();
  return {
    _id: `lead-outbox-${String(index).padStart(2, '0')}`,
    _type: 'lead',
    name: '홍길동',
    phone: '01012345678',
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
  };
}

beforeEach(async () => {
  url = await freshDatabaseUrl();
});

afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.end()));
});

describe('PostgreSQL lead outbox', () => {
  it('two drainers at once: each entry delivered exactly once, both deliver, neither waits on the other', async () => {
    const [a, b] = [outbox(), outbox()];
    const ENTRIES = 20;
    for (let index = 0; index < ENTRIES; index += 1) await (index % 2 ? a : b).add(lead(index), null, Date.now() - 1000);
    const deliveries: Array<{ drainer: string; id: string }> = [];
    // Each drainer's first delivery waits until the other is inside one too: they overlap for
    // certain, so the second can only go on by skipping the entry the first holds (a drainer that
    // waited on the lock would never get there and the test would time out).
    let arrived = 0;
    let bothInside!: () => void;
    const together = new Promise<void>((resolve) => (bothInside = resolve));
    const deliverAs = (drainer: string) => {
      let first = true;
      return async (entry: OutboxEntry): Promise<DeliveryOutcome> => {
        deliveries.push({ drainer, id: entry.id });
        if (first) {
          first = false;
          arrived += 1;
          if (arrived === 2) bothInside();
          await together;
        }
        return { delivered: true };
      };
    };
    await Promise.all([a.drain(Date.now(), 50, deliverAs('a')), b.drain(Date.now(), 50, deliverAs('b'))]);
    const ids = deliveries.map((delivery) => delivery.id);
    expect(ids.toSorted()).toEqual(Array.from({ length: ENTRIES }, (_, index) => lead(index)._id));
    expect(new Set(deliveries.map((delivery) => delivery.drainer))).toEqual(new Set(['a', 'b']));
    expect(await a.pendingCount()).toBe(0);
  });

  it('keeps an entry whose delivery failed in the middle (an instance dies: the claim is released)', async () => {
    const a = outbox();
    await a.add(lead(1), 'visitSlot-1', Date.now() - 1000, 'visit slot contended');
    await expect(
      a.drain(Date.now(), 10, async () => {
        throw new Error('connection lost');
      }),
    ).rejects.toThrow('connection lost');
    expect(await outbox().find(lead(1)._id)).toMatchObject({ id: lead(1)._id, visitSlotId: 'visitSlot-1', attempts: 0 });
  });

  it('retries later, refuses for good, reports its backlog and purges old refused entries', async () => {
    const box = outbox();
    const now = Date.now();
    await box.add(lead(1), null, now - 60_000, 'store down');
    await box.add(lead(2), null, now - 30_000);
    await box.add(lead(1), null, now, 'a second add keeps the first');
    expect(await box.backlog()).toEqual({ count: 2, oldestAt: now - 60_000, lastError: 'store down' });
    await box.drain(now, 10, async (entry) => (entry.id === lead(1)._id ? { retryAt: now + 60_000, error: 'still down' } : { refused: 'bad document' }));
    expect(await box.pendingCount()).toBe(1);
    const seen: string[] = [];
    await box.drain(now, 10, async (entry) => {
      seen.push(entry.id);
      return { delivered: true };
    });
    expect(seen).toEqual([]);
    await box.drain(now + 60_000, 10, async (entry) => {
      seen.push(entry.id);
      return { delivered: true };
    });
    expect(seen).toEqual([lead(1)._id]);
    expect(await box.find(lead(1)._id)).toBeNull();
    expect(await box.purgeRefused(now - 40_000)).toBe(0);
    expect(await box.purgeRefused(now)).toBe(1);
    expect(await box.find(lead(2)._id)).toBeNull();
  });
});
