/**
 * With Sanity, each server instance mirrors the staff accounts from the leads dataset. The mirror
 * is re-read at most once a minute (it was every 5 s: about 520k uncached API requests a month per
 * instance at idle); this instance's own changes count at once.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SanityStaffStore } from '../../web/server/auth/staff-store';
import { ContentLake } from '../support/content-lake';
import { fakeSanityLeads } from './leads-harness';

let lake: ContentLake | undefined;
let store: SanityStaffStore | undefined;

afterEach(async () => {
  store?.close();
  vi.useRealTimers();
  await lake?.stop();
});

const account = { email: 'desk@example.kr', name: '김상담', role: 'sales' as const, passwordHash: 'x', disabled: false, createdAt: '2025-01-01', updatedAt: '2025-01-01' };

describe('the staff-account mirror on Sanity', () => {
  it('reads the list once at start, then at most once a minute', async () => {
    lake = new ContentLake();
    store = new SanityStaffStore(fakeSanityLeads(await lake.start()));
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await store.start();
    const reads = () => lake!.requests.filter(({ query }) => query?.includes('"staffAccount"')).length;
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reads(), 'within the first minute').toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(reads()).toBe(2));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await vi.waitFor(() => expect(reads(), 'an hour idle').toBe(62));
  });

  it('an account this instance adds counts at once, without waiting for the next read', async () => {
    lake = new ContentLake();
    store = new SanityStaffStore(fakeSanityLeads(await lake.start()));
    await store.start();
    expect(await store.insert(account)).toBe(true);
    expect(store.find(account.email)).toMatchObject({ name: '김상담' });
  });
});
