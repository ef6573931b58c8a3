/**
 * Each server instance mirrors the staff accounts of the `staff_accounts` table (a session check
 * is synchronous). The mirror is re-read at most once a minute; this instance's own changes count
 * at once, and so does an account a request names, once read (`learn`).
 */
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaffStore } from '../../../web/server/auth/staff-store';
import { salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { inMemorySalesDatabase } from '../../support/sales-database';

let pool: pg.Pool | undefined;
let inMemory: SalesDatabase | undefined;
let store: StaffStore | undefined;

afterEach(async () => {
  store?.close();
  await inMemory?.close();
  vi.useRealTimers();
  vi.restoreAllMocks();
  await pool?.end();
});

const account = {
  email: 'desk@example.kr',
  name: '김상담',
  role: 'sales' as const,
  passwordHash: 'x',
  disabled: false,
  createdAt: '2025-01-01',
  updatedAt: '2025-01-01',
  mobile: null,
};

async function openSales(): Promise<SalesDatabase> {
  pool = new pg.Pool({ connectionString: await freshDatabaseUrl() });
  return salesDatabaseOnPostgres(pool);
}

describe('the staff-account mirror', () => {
  it('reads the list once at start, then at most once a minute', async () => {
    // In memory: each read is done before the fake clock moves on.
    inMemory = await inMemorySalesDatabase();
    store = new StaffStore(inMemory);
    const reads = vi.spyOn(store, 'refresh');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await store.start();
    expect(reads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reads, 'within the first minute').toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(reads).toHaveBeenCalledTimes(2));
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    await vi.waitFor(() => expect(reads, 'an hour idle').toHaveBeenCalledTimes(62));
  });

  it('an account this instance adds counts at once, without waiting for the next read; one added elsewhere once learnt', async () => {
    const sales = await openSales();
    store = new StaffStore(sales);
    await store.start();
    expect(await store.insert(account)).toBe(true);
    expect(store.find(account.email)).toMatchObject({ name: '김상담' });
    const elsewhere = new StaffStore(sales);
    expect(await elsewhere.insert({ ...account, email: 'lee@example.kr', name: '이상담' })).toBe(true);
    expect(store.find('lee@example.kr')).toBeNull();
    await store.learn('lee@example.kr');
    expect(store.find('lee@example.kr')).toMatchObject({ name: '이상담' });
    expect(await elsewhere.insert({ ...account, name: '다른 이름' }), 'the email is taken').toBe(false);
  });
});
