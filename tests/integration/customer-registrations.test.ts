/**
 * One customer, many registrations: every lead with one phone number is one customer. On each
 * store (embedded with GROQ reads, embedded with its SQL reads, PostgreSQL with its SQL reads) the
 * list marks each row with the customer's registration count and the lead page lists every
 * registration, newest first, whichever of them is opened.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import type { ContentSource, Mutation } from '../../web/server/content/types';
import { LeadConsoleService } from '../../web/server/console/lead-console';
import type { LeadReads } from '../../web/server/console/lead-reads';
import type { StaffActor } from '../../web/server/console/types';
import { normalisePhone } from '../../web/shared/lead-validation';
import { MemoryAuditTrail } from './memory-audit-trail';
import { postgresLeadsWithReads, sqliteLeadsWithReads } from './lead-stores-with-reads';
import type { SalesDatabase } from '../../web/server/database/index';
import { inMemorySalesDatabase } from '../support/sales-database';

const consent = { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: '2026-11-01T00:00:00.000Z' };
const lead = (id: string, typedPhone: string, createdAt: string, formKind: string, campaign: string | null) => ({
  _id: id,
  _type: 'lead',
  name: '한고객',
  // The store keeps the digits the form was given, however they were typed.
  phone: normalisePhone(typedPhone),
  consent,
  createdAt,
  formKind,
  ...(campaign ? { utm: { source: 'naver', campaign } } : {}),
});

const DOCUMENTS = [
  lead('lead-a', '010-1234-5678', '2026-11-20T01:00:00.000Z', 'popup', 'launch'),
  lead('lead-b', '01012345678', '2026-11-21T01:00:00.000Z', 'home', 'winter'),
  lead('lead-c', '+82 10 1234 5678', '2026-11-22T01:00:00.000Z', 'customer', null),
  { ...lead('lead-other', '010-9999-0000', '2026-11-21T02:00:00.000Z', 'popup', 'launch'), name: '다른고객' },
];

const kim: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };

type Backend = { leads: ContentSource; reads?: LeadReads; sales: SalesDatabase; close(): Promise<void> };
const mutations = DOCUMENTS.map((document) => ({ createOrReplace: document }) as Mutation);

const backends: Record<string, () => Promise<Backend>> = {
  'embedded, GROQ reads': async () => {
    const leads = await openEmbeddedStore({ file: ':memory:' });
    await leads.mutate(mutations);
    const sales = await inMemorySalesDatabase();
    return { leads, sales, close: async () => void (await Promise.all([leads.close(), sales.close()])) };
  },
  'embedded, SQL reads': () => sqliteLeadsWithReads(mutations),
  'PostgreSQL, SQL reads': () => postgresLeadsWithReads(mutations),
};

for (const [backendName, open] of Object.entries(backends)) {
  describe(`customers on ${backendName}`, () => {
    let backend: Backend;
    let service: LeadConsoleService;

    beforeEach(async () => {
      backend = await open();
      service = new LeadConsoleService({ leads: backend.leads, content: backend.leads, reads: backend.reads, audit: new MemoryAuditTrail(), staff: { list: async () => [] } });
    });
    afterEach(async () => {
      await backend.close();
    });

    it('lists each customer once, as their newest registration with the count, and counts customers', async () => {
      const page = await service.list({}, {}, kim);
      expect(page.rows.map((row) => [row.id, row.registrations])).toEqual([
        ['lead-c', 3],
        ['lead-other', 1],
      ]);
      expect(page.total).toBe(2);
    });

    it('lists a customer when any registration matches the filter, as their newest registration', async () => {
      const page = await service.list({ utmCampaign: 'winter' }, {}, kim);
      expect(page.rows.map((row) => [row.id, row.utmCampaign, row.registrations])).toEqual([['lead-c', null, 3]]);
      expect(page.total).toBe(1);
      const launch = await service.list({ utmCampaign: 'launch' }, {}, kim);
      expect(launch.rows.map((row) => row.id)).toEqual(['lead-c', 'lead-other']);
      expect(launch.total).toBe(2);
      expect((await service.list({ formKind: 'popup', utmCampaign: 'winter' }, {}, kim)).total).toBe(0);
    });

    it('pages by customer: a page boundary inside a customer’s registrations shows nobody twice and skips nobody', async () => {
      // lead-other sits between the customer's newest registration and their older ones.
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page += 1) {
        const shown = await service.list({}, { cursor, limit: 1 }, kim);
        seen.push(...shown.rows.map((row) => row.id));
        if (!shown.next) break;
        cursor = shown.next;
      }
      expect(seen).toEqual(['lead-c', 'lead-other']);
    });

    it('assigns every registration of a customer chosen on the list: one customer, one 담당자', async () => {
      const manager: StaffActor = { email: 'boss@example.com', name: '박팀장', role: 'admin', ip: '10.0.0.2' };
      const staffed = new LeadConsoleService({
        leads: backend.leads,
        content: backend.leads,
        reads: backend.reads,
        audit: new MemoryAuditTrail(),
        staff: { list: async () => [{ email: kim.email, name: kim.name, role: 'sales', disabled: false, createdAt: '2026-11-01T00:00:00.000Z' }] },
      });
      expect(await staffed.assign(['lead-c'], kim.email, manager)).toEqual({ ok: true, assigned: 1, refused: 0 });
      for (const id of ['lead-a', 'lead-b', 'lead-c']) expect((await backend.leads.fetch('*[_id == $id][0].assignee.email', { id })) as unknown, id).toBe(kim.email);
      expect(await backend.leads.fetch('*[_id == "lead-other"][0].assignee')).toBeNull();
    });

    it('lists every registration of the customer, newest first, from any of them', async () => {
      const expected = [
        { id: 'lead-c', createdAt: '2026-11-22T01:00:00.000Z', formKind: 'customer', status: 'new', utmSource: null, utmCampaign: null },
        { id: 'lead-b', createdAt: '2026-11-21T01:00:00.000Z', formKind: 'home', status: 'new', utmSource: 'naver', utmCampaign: 'winter' },
        { id: 'lead-a', createdAt: '2026-11-20T01:00:00.000Z', formKind: 'popup', status: 'new', utmSource: 'naver', utmCampaign: 'launch' },
      ];
      expect(await service.registrations('lead-a')).toEqual(expected);
      expect(await service.registrations('lead-c')).toEqual(expected);
      expect((await service.registrations('lead-other')).map((registration) => registration.id)).toEqual(['lead-other']);
      expect(await service.registrations('no-such-lead')).toEqual([]);
    });
  });
}
