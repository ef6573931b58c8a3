/**
 * One customer, many registrations: every form sent with one phone number (however it was typed)
 * is one customer. On SQLite and PostgreSQL the list shows each customer once with its
 * registration count, the customer's page lists every registration newest first whichever id
 * opens it, and a 담당자 given on the list is the customer's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LeadConsoleService } from '../../../web/server/console/lead-console';
import type { StaffActor } from '../../../web/server/console/types';
import { register } from '../../../web/server/customers/registration';
import type { NewRegistration } from '../../../web/server/customers/registration-types';
import { normalisePhone } from '../../../web/shared/lead-validation';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';

const registration = (
  id: string,
  typedPhone: string,
  createdAt: string,
  formKind: NewRegistration['formKind'],
  campaign: string | null,
  name = '한고객',
): NewRegistration => ({
  id,
  name,
  // The form hands over the digits, however they were typed.
  phone: normalisePhone(typedPhone),
  createdAt,
  formKind,
  ...(campaign ? { utm: { source: 'naver', campaign } } : {}),
  consent: { marketing: false, noticeVersion: '2026-11', agreedAt: createdAt },
});

const REGISTRATIONS = [
  registration('lead-a', '010-1234-5678', '2026-11-20T01:00:00.000Z', 'popup', 'launch'),
  registration('lead-b', '01012345678', '2026-11-21T01:00:00.000Z', 'home', 'winter'),
  registration('lead-c', '+82 10 1234 5678', '2026-11-22T01:00:00.000Z', 'customer', null),
  registration('lead-other', '010-9999-0000', '2026-11-21T02:00:00.000Z', 'popup', 'launch', '다른고객'),
];

const kim: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };

for (const [databaseName, open] of Object.entries(CONSOLE_DATABASES)) {
  describe(`customers on ${databaseName}`, () => {
    let database: ConsoleSales;
    let service: LeadConsoleService;
    let customer: string;
    let other: string;

    beforeEach(async () => {
      database = await open();
      const ids: string[] = [];
      for (const form of REGISTRATIONS) {
        const outcome = await register(database.sales, form, { assignee: null, today: '2026-11-22' });
        if (outcome.status !== 'created') throw new Error(outcome.status);
        ids.push(outcome.customerId);
      }
      [customer, other] = [ids[0], ids[3]];
      expect(new Set(ids.slice(0, 3))).toEqual(new Set([customer]));
      service = new LeadConsoleService({
        sales: database.sales,
        content: database.content,
        audit: database.audit,
        staff: { list: async () => [{ email: kim.email, name: kim.name, role: 'sales', disabled: false, createdAt: '2026-11-01T00:00:00.000Z' }] },
      });
    });
    afterEach(async () => {
      await database.close();
    });

    it('lists each customer once, with its newest registration and the count, and counts customers', async () => {
      const page = await service.list({}, {}, kim);
      expect(page.rows.map((row) => [row.id, row.registrations, row.formKind, row.createdAt])).toEqual([
        [customer, 3, 'customer', '2026-11-22T01:00:00.000Z'],
        [other, 1, 'popup', '2026-11-21T02:00:00.000Z'],
      ]);
      expect(page.total).toBe(2);
    });

    it('lists a customer when any registration matches the filter, with its newest registration', async () => {
      const page = await service.list({ utmCampaign: 'winter' }, {}, kim);
      expect(page.rows.map((row) => [row.id, row.utmCampaign, row.registrations])).toEqual([[customer, null, 3]]);
      expect(page.total).toBe(1);
      const launch = await service.list({ utmCampaign: 'launch' }, {}, kim);
      expect(launch.rows.map((row) => row.id)).toEqual([customer, other]);
      expect(launch.total).toBe(2);
      expect((await service.list({ formKind: 'popup', utmCampaign: 'winter' }, {}, kim)).total).toBe(0);
    });

    it('pages by customer: nobody twice, nobody skipped', async () => {
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 5; page += 1) {
        const shown = await service.list({}, { cursor, limit: 1 }, kim);
        seen.push(...shown.rows.map((row) => row.id));
        if (!shown.next) break;
        cursor = shown.next;
      }
      expect(seen).toEqual([customer, other]);
    });

    it("a 담당자 given on the list, by any registration's id, is the customer's: one customer, one 담당자", async () => {
      const manager: StaffActor = { email: 'boss@example.com', name: '박팀장', role: 'admin', ip: '10.0.0.2' };
      expect(await service.assign(['lead-a', customer, 'lead-c'], kim.email, manager)).toEqual({ ok: true, assigned: 1, refused: 0 });
      for (const id of ['lead-a', 'lead-b', 'lead-c', customer])
        expect(await service.lead(id, manager), id).toMatchObject({ id: customer, assignee: { email: kim.email } });
      expect(await service.lead('lead-other', manager)).toMatchObject({ id: other, assignee: null });
    });

    it('lists every registration of the customer, newest first, from any of them', async () => {
      const expected = [
        { id: 'lead-c', createdAt: '2026-11-22T01:00:00.000Z', formKind: 'customer', utmSource: null, utmCampaign: null },
        { id: 'lead-b', createdAt: '2026-11-21T01:00:00.000Z', formKind: 'home', utmSource: 'naver', utmCampaign: 'winter' },
        { id: 'lead-a', createdAt: '2026-11-20T01:00:00.000Z', formKind: 'popup', utmSource: 'naver', utmCampaign: 'launch' },
      ];
      expect(await service.registrations('lead-a')).toEqual(expected);
      expect(await service.registrations('lead-c')).toEqual(expected);
      expect(await service.registrations(customer)).toEqual(expected);
      expect((await service.registrations('lead-other')).map((entry) => entry.id)).toEqual(['lead-other']);
      expect(await service.registrations('no-such-lead')).toEqual([]);
    });
  });
}
