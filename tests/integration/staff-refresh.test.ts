/**
 * With DATABASE_URL, each server instance mirrors the staff accounts from the documents of the
 * PostgreSQL leads store. The mirror is re-read at most once a minute; this instance's own changes
 * count at once.
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DocumentStaffStore } from '../../web/server/auth/staff-store';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import type { ContentSource } from '../../web/server/content/types';
import { freshDatabaseUrl } from '../support/postgres';

let pool: pg.Pool | undefined;
let leads: ContentSource | undefined;
let store: DocumentStaffStore | undefined;

afterEach(async () => {
  store?.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await leads?.close();
  await pool?.end();
});

const account = { email: 'desk@example.kr', name: '김상담', role: 'sales' as const, passwordHash: 'x', disabled: false, createdAt: '2025-01-01', updatedAt: '2025-01-01', mobile: null };

async function openLeads(): Promise<ContentSource> {
  pool = new pg.Pool({ connectionString: await freshDatabaseUrl() });
  leads = await openPostgresDocumentStore({ pool });
  return leads;
}

describe('the staff-account mirror on the PostgreSQL document store', () => {
  it('reads the list once at start, then at most once a minute', async () => {
    const source = await openLeads();
    const fetches = vi.spyOn(source, 'fetch');
    const reads = () => fetches.mock.calls.filter(([query]) => query.includes('"staffAccount"')).length;
    store = new DocumentStaffStore(source);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await store.start();
    expect(reads()).toBe(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reads(), 'within the first minute').toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(reads()).toBe(2));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await vi.waitFor(() => expect(reads(), 'an hour idle').toBe(62));
  });

  it('an account this instance adds counts at once, without waiting for the next read', async () => {
    store = new DocumentStaffStore(await openLeads());
    await store.start();
    expect(await store.insert(account)).toBe(true);
    expect(store.find(account.email)).toMatchObject({ name: '김상담' });
  });
});
