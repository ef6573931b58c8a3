/**
 * The leads dataset's seed (content/leads.ndjson: visit slots only, never a lead) passes the
 * Studio's own validation, and the lead settings in the content seed are complete.
 */
import { readFileSync } from 'node:fs';
import { createSchema, validateDocument } from 'sanity';
import type { SanityClient, SanityDocument, Workspace } from 'sanity';
import { describe, expect, it } from 'vitest';
import { schemaTypes } from '../../schemas';

const schema = createSchema({ name: 'test', types: schemaTypes });

function readNdjson(file: string): SanityDocument[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as SanityDocument);
}

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

describe('lead seeds', () => {
  const slots = readNdjson('content/leads.ndjson');

  it('hold visit slots only, with hyphenated ids', () => {
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      expect(slot._type).toBe('visitSlot');
      expect(slot._id).toMatch(/^visitSlot-\d{8}-\d{4}$/);
      expect(slot.booked).toBe(0);
    }
  });

  it.each(slots.map((slot) => [slot._id, slot] as const))('%s passes Studio validation', async (_id, slot) => {
    expect(await errorsOf(slot)).toEqual([]);
  });

  it('the content seed has complete lead settings with a retention period', async () => {
    const settings = readNdjson('content/production.ndjson').find(({ _id }) => _id === 'leadSettings');
    expect(settings).toBeDefined();
    expect(await errorsOf(settings!)).toEqual([]);
    expect(settings?.retentionDays).toBeGreaterThan(0);
  });
});
