/** 1,000 fuzzed request bodies to POST /api/leads: every answer is a 2xx/3xx/4xx, never a 5xx. */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLeadApp, tokenAged, type LeadApp } from '../../support/leads-harness';

let app: LeadApp;

beforeAll(async () => {
  app = await startLeadApp({ ipLimit: { max: 200, windowMs: 60_000 } });
});

afterAll(async () => {
  await app.close();
});

const anyValue = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 3000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.constantFrom('on', 'true', '', '010-1234-5678', '+82 10 1234 5678', 'visitSlot-20261205-1400', '__proto__'),
);

const fieldNames = fc.constantFrom(
  'name',
  'phone',
  'message',
  'visitSlot',
  'privacyConsent',
  'marketingConsent',
  'ageConfirmed',
  'formKind',
  'formToken',
  'website',
  'sourcePage',
  '__proto__',
  'constructor',
);

const jsonBody = fc
  .tuple(fc.dictionary(fieldNames, anyValue, { maxKeys: 12 }), fc.boolean())
  .map(([fields, withToken]) => JSON.stringify(withToken ? { formToken: tokenAged(), ...fields } : fields));

const request = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((body) => ({ body, type: 'application/json' })) },
  { weight: 2, arbitrary: fc.string({ maxLength: 2000 }).map((body) => ({ body, type: 'application/json' })) },
  {
    weight: 2,
    arbitrary: fc
      .dictionary(fieldNames, fc.string(), { maxKeys: 10 })
      .map((fields) => ({ body: new URLSearchParams({ formToken: tokenAged(), ...fields }).toString(), type: 'application/x-www-form-urlencoded' })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 200 }), fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=latin1', '', 'multipart/form-data'))
      .map(([body, type]) => ({ body, type })),
  },
);

describe('fuzzed bodies', () => {
  it('never get a 5xx', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ body, type }) => {
        const response = await fetch(`${app.url}/api/leads`, {
          method: 'POST',
          headers: type ? { 'content-type': type } : {},
          body,
          redirect: 'manual',
        });
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 1000 },
    );
    // The fuzzing reached past the first checks: some bodies were refused for their fields.
    expect(statuses.get(400)).toBeGreaterThan(0);
  }, 120_000);
});
