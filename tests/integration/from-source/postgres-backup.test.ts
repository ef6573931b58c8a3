/**
 * The restore command docs/operations.md gives, run for real: a `pg_dump -Fc` of a database with
 * customers, restored with `pg_restore` into a new database, serves the same sales tables.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { saveLead, type LeadDocument } from '../../../web/server/leads/store';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { postgresBinaries, withClient } from '../../support/postgres-server';

const work = mkdtempSync(path.join(tmpdir(), 'cheonghak-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SLOT = 'visitSlot-backup';

function lead(index: number): LeadDocument {
  const createdAt = new Date(Date.UTC(2026, 10, 1) + index * 60_000).toISOString();
  return {
    _id: `lead-backup-${index}`,
    _type: 'lead',
    name: `고객${index}`,
    phone: `0101234${String(index).padStart(4, '0')}`,
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
  };
}

const slotBooked = async (sales: SalesDatabase) =>
  (await sales.db.selectFrom('visit_slots').select('booked').where('id', '=', SLOT).executeTakeFirstOrThrow()).booked;
const registrations = async (sales: SalesDatabase) =>
  Number(
    (
      await sales.db
        .selectFrom('registrations')
        .select(({ fn }) => fn.countAll().as('count'))
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('backup and restore of the PostgreSQL database', () => {
  it('pg_dump -Fc, then pg_restore into an empty database: every customer and slot is back, and writes go on', async () => {
    const source = await freshDatabaseUrl();
    await migrate(source);
    const pool = new pg.Pool({ connectionString: source });
    const sales = salesDatabaseOnPostgres(pool);
    await sales.db
      .insertInto('visit_slots')
      .values({ id: SLOT, date: '2026-12-05', time: '11:00', capacity: 6, booked: 0, created_at: '2026-11-01T00:00:00.000Z' })
      .execute();
    for (let index = 0; index < 50; index += 1) {
      expect(await saveLead(sales, lead(index), index === 0 ? SLOT : null, 'refuse', '2026-11-01')).toMatchObject({ status: 'created' });
    }
    await pool.end();

    const dump = path.join(work, 'cheonghak.dump');
    execFileSync(path.join(postgresBinaries(), 'pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${source}`]);
    const target = new URL(source);
    target.pathname = `/restored_${Date.now()}`;
    await withClient(new URL('/postgres', source).toString(), (client) => client.query(`CREATE DATABASE ${target.pathname.slice(1)}`));
    execFileSync(path.join(postgresBinaries(), 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target}`, dump]);

    // Nothing left to migrate: the restored database is the one dumped.
    expect(await migrate(target.toString())).toEqual([]);
    const restoredPool = new pg.Pool({ connectionString: target.toString() });
    const restored = salesDatabaseOnPostgres(restoredPool);
    try {
      expect(await slotBooked(restored)).toBe(1);
      expect(await registrations(restored)).toBe(50);
      // Writes go on where the dump left off.
      expect(await saveLead(restored, lead(50), SLOT, 'refuse', '2026-11-01')).toMatchObject({ status: 'created' });
      expect(await slotBooked(restored)).toBe(2);
      expect(await registrations(restored)).toBe(51);
    } finally {
      await restoredPool.end();
    }
  });
});
