/**
 * The embedded database's first-start slots (visit slots only, never a customer) lie on the coming
 * weekends whatever the date, and the lead settings in the content seed are complete.
 */
import { readFileSync } from 'node:fs';
import { createSchema, validateDocument } from 'sanity';
import type { SanityClient, SanityDocument, Workspace } from 'sanity';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from '../../schemas';
import { demoVisitSlots } from '../../web/server/leads/demo-slots';
import { seoulDay } from '../../web/shared/seoul-time';

const schema = createSchema({ name: 'test', types: schemaTypes });

async function errorsOf(document: SanityDocument) {
  const markers = await validateDocument({
    document,
    workspace: { schema } as unknown as Workspace,
    getClient: () => ({}) as SanityClient,
    getDocumentExists: async () => true,
    environment: 'studio',
  });
  return markers.filter(({ level }) => level === 'error').map(({ message, path }) => `${path.join('.')}: ${message}`);
}

describe('demo visit slots', () => {
  it.each(['2026-11-23', '2026-12-26', '2027-02-27', '2031-12-31'])('from %s: 4 weekends ahead, 3 a day', (today) => {
    const slots = demoVisitSlots(today);
    expect(slots).toHaveLength(24);
    expect(new Set(slots.map(({ id }) => id)).size).toBe(24);
    for (const slot of slots) {
      expect(slot.id).toMatch(/^visitSlot-\d{8}-\d{4}$/);
      expect(slot.time).toMatch(/^\d{2}:\d{2}$/);
      expect(slot.capacity).toBeGreaterThan(0);
      expect(slot.date > today).toBe(true);
      expect([0, 6]).toContain(new Date(`${String(slot.date)}T00:00:00Z`).getUTCDay());
    }
    const lastDay = Date.parse(`${slots.at(-1)!.date}T00:00:00Z`);
    expect(lastDay - Date.parse(`${today}T00:00:00Z`)).toBeLessThanOrEqual(29 * 86_400_000);
  });

  it('a Saturday itself is not offered (the slots start tomorrow)', () => {
    expect(demoVisitSlots('2026-11-28')[0].date).toBe('2026-11-29');
  });

  it('Korean date: 15:00 UTC is already the next day in Seoul', () => {
    expect(seoulDay(Date.parse('2026-11-23T14:59:00Z'))).toBe('2026-11-23');
    expect(seoulDay(Date.parse('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
  });
});

describe('lead settings seed', () => {
  it('is complete, with a retention period', async () => {
    const settings = readFileSync('content/production.ndjson', 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as SanityDocument)
      .find(({ _id }) => _id === 'leadSettings');
    expect(settings).toBeDefined();
    expect(await errorsOf(settings!)).toEqual([]);
    expect(settings?.retentionDays).toBeGreaterThan(0);
  });
});
