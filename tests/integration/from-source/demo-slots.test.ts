/**
 * The embedded database's first start: the console's visit slots begin with demo slots for the
 * coming weekends; a database in use (a slot or a registration in it) is left as its staff made it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closeContentSources, createContentSources } from '../../../web/server/content/index';
import { loadConfig } from '../../../web/server/config';
import { demoVisitSlots, seedDemoVisitSlots } from '../../../web/server/leads/demo-slots';
import { seoulDay } from '../../../web/shared/seoul-time';
import { startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

let dataDir: string | undefined;
let app: LeadApp | undefined;

afterEach(async () => {
  await app?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  app = dataDir = undefined;
});

describe('demo visit slots', () => {
  it('are rows of visit_slots after the first embedded start, and a second start adds none', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'demo-slots-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const expected = demoVisitSlots(seoulDay(Date.now())).map(({ id }) => id);
    for (let start = 0; start < 2; start += 1) {
      const sources = await createContentSources(config, { seedEmbeddedSales: seedDemoVisitSlots });
      try {
        const rows = await sources.sales.db.selectFrom('visit_slots').select(['id', 'booked']).orderBy('id').execute();
        expect(rows.map((row) => row.id)).toEqual(expected);
        expect(rows.every((row) => row.booked === 0)).toBe(true);
      } finally {
        await closeContentSources(sources);
      }
    }
  });

  it('are not added to a database with a registration, nor with slots of its own', async () => {
    app = await startLeadApp();
    expect((await app.post(validBody())).status).toBe(201);
    expect(await seedDemoVisitSlots(app.sales)).toBe(0);
    await app.sales.db.deleteFrom('registrations').execute();
    await app.addSlot({ id: 'visitSlot-staff', capacity: 3 });
    expect(await seedDemoVisitSlots(app.sales)).toBe(0);
    expect((await app.sales.db.selectFrom('visit_slots').select('id').execute()).map((row) => row.id)).toEqual(['visitSlot-staff']);
  });
});
