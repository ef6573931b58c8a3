/**
 * The restore command docs/operations.md gives, run for real: a `pg_dump -Fc` of a database with
 * leads, restored with `pg_restore` into a new database, opens as the same leads store.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import { freshDatabaseUrl } from '../support/postgres';
import { postgresBinaries, withClient } from '../support/postgres-server';

const work = mkdtempSync(path.join(tmpdir(), 'cheonghak-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore of the PostgreSQL database', () => {
  it('pg_dump -Fc, then pg_restore into an empty database: every lead and slot is back, the store opens on it', async () => {
    const source = await freshDatabaseUrl();
    const pool = new pg.Pool({ connectionString: source });
    const store = await openPostgresDocumentStore({ pool });
    await store.mutate([
      { create: { _id: 'visitSlot-backup', _type: 'visitSlot', date: '2026-12-05', time: '11:00', capacity: 6, booked: 1 } },
      ...Array.from({ length: 50 }, (_, index) => ({ create: { _id: `lead-backup-${index}`, _type: 'lead', name: `고객${index}` } })),
    ]);
    await store.close();
    await pool.end();

    const dump = path.join(work, 'cheonghak.dump');
    execFileSync(path.join(postgresBinaries(), 'pg_dump'), ['--format=custom', `--file=${dump}`, `--dbname=${source}`]);
    const target = new URL(source);
    target.pathname = `/restored_${Date.now()}`;
    await withClient(new URL('/postgres', source).toString(), (client) => client.query(`CREATE DATABASE ${target.pathname.slice(1)}`));
    execFileSync(path.join(postgresBinaries(), 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target}`, dump]);

    const restoredPool = new pg.Pool({ connectionString: target.toString() });
    const restored = await openPostgresDocumentStore({ pool: restoredPool });
    try {
      expect(restored.getDocument('visitSlot-backup')).toMatchObject({ capacity: 6, booked: 1 });
      expect(await restored.fetch('count(*[_type == "lead"])')).toBe(50);
      // Writes go on where the dump left off.
      await restored.mutate([{ patch: { id: 'visitSlot-backup', inc: { booked: 1 } } }]);
      expect(restored.getDocument('visitSlot-backup')).toMatchObject({ booked: 2 });
    } finally {
      await restored.close();
      await restoredPool.end();
    }
  });
});
