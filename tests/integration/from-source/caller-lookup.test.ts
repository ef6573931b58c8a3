/**
 * A caller who is a colleague's customer, on SQLite and PostgreSQL: a 상담사 searching the whole
 * number learns that the customer exists and whose (the 담당자's name and, when the account has
 * one, their 휴대폰 to call), never the customer's details; the lookup is recorded against the
 * customer like any whole-number search.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StaffAccountSummary } from '../../../web/server/auth/staff-accounts';
import { LeadConsoleService } from '../../../web/server/console/lead-console';
import type { StaffActor } from '../../../web/server/console/types';
import { FIXTURE_TODAY, fixtureDocuments, seedFixture, type FixtureLead } from '../../support/lead-console-fixture';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';

const documents = fixtureDocuments(40, FIXTURE_TODAY);
const fixtureLeads = documents.filter((document): document is FixtureLead => document._type === 'lead');

const kim: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };
const lee: StaffActor = { email: 'lee@example.com', name: '이상담', role: 'sales', ip: '10.0.0.2' };
const boss: StaffActor = { email: 'boss@example.com', name: '박팀장', role: 'manager', ip: '10.0.0.3' };
const LEE_MOBILE = '01098765432';
const account = (actor: StaffActor, mobile: string | null = null): StaffAccountSummary => ({
  email: actor.email,
  name: actor.name,
  role: actor.role,
  disabled: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  mobile,
});

for (const [databaseName, open] of Object.entries(CONSOLE_DATABASES)) {
  describe(`caller lookup on ${databaseName}`, () => {
    let database: ConsoleSales;
    let customerOf: Map<string, string>;
    let seeded: number;
    let staff: StaffAccountSummary[];

    beforeEach(async () => {
      database = await open();
      customerOf = await seedFixture(database.sales, documents, FIXTURE_TODAY);
      seeded = Number((await database.rows<{ seq: number | string | null }>(`SELECT max(seq) AS seq FROM audit_events`))[0].seq ?? 0);
      staff = [account(kim), account(lee, LEE_MOBILE), account(boss)];
    });
    afterEach(async () => {
      await database.close();
    });

    const service = () =>
      new LeadConsoleService({ sales: database.sales, content: database.content, audit: database.audit, staff: { list: async () => staff } });
    const searches = async () =>
      (
        await database.rows<{ seq: number | string; actor: string; action: string; target: string | null; detail: string | null }>(
          `SELECT seq, actor, action, target, detail FROM audit_events ORDER BY seq`,
        )
      )
        .filter((row) => Number(row.seq) > seeded && row.action === 'phoneSearch')
        .map(({ actor, target, detail }) => ({ actor, target, detail }));

    it("a 상담사 searching a colleague's customer by number sees whose it is and the 담당자's 휴대폰, nothing of the customer", async () => {
      const lees = fixtureLeads.find((lead) => lead.assignee?.email === lee.email)!;
      const page = await service().list({ q: lees.phone.replace(/^(\d{3})(\d{4})(\d{4})$/, '$1-$2-$3') }, { limit: 50 }, kim);
      expect(page).toEqual({ rows: [], next: null, total: 0, elsewhere: { assigneeName: lee.name, assigneePhone: LEE_MOBILE } });
      expect(JSON.stringify(page)).not.toContain(lees.name);
      expect(JSON.stringify(page)).not.toContain(lees.phone);
      expect(await searches()).toEqual([{ actor: kim.email, target: customerOf.get(lees._id), detail: '0건, 담당 이상담' }]);

      // Without a 휴대폰 on the 담당자's account: whose it is, no number.
      staff = [account(kim), account(lee), account(boss)];
      expect((await service().list({ q: lees.phone }, { limit: 50 }, kim)).elsewhere).toEqual({ assigneeName: lee.name, assigneePhone: null });
      // A name or the last four digits say nothing about a colleague's customer.
      expect((await service().list({ q: lees.phone.slice(-4) }, { limit: 50 }, kim)).elsewhere).toBeUndefined();
      expect((await service().list({ q: lees.name }, { limit: 50 }, kim)).elsewhere).toBeUndefined();
      // Whoever sees the customer gets the row itself; a number nobody has, nothing.
      expect((await service().list({ q: lees.phone }, { limit: 50 }, lee)).rows.map((row) => row.id)).toEqual([customerOf.get(lees._id)]);
      expect((await service().list({ q: lees.phone }, { limit: 50 }, boss)).elsewhere).toBeUndefined();
      expect(await service().list({ q: '010-0000-0000' }, { limit: 50 }, kim)).toEqual({ rows: [], next: null, total: 0 });
    });
  });
}
