/**
 * The customer's 관심 타입, 청약 자격 and 자금 계획 on SQLite and PostgreSQL: chosen on the customer's
 * page (a unit type from the CMS, the fixed lists), stored on the customer under its version with
 * an audit record, refused in Korean when not a choice, filtered on in the list, carried in the export.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import type { ContentSource } from '../../../web/server/content/types';
import type { LeadConsoleService } from '../../../web/server/console/lead-console';
import type { LeadExportRow, StaffActor } from '../../../web/server/console/types';
import type { SalesDatabase } from '../../../web/server/database/index';
import { parseLeadFilters } from '../../../web/shared/lead-filters';
import { consoleOver, registered, SALES_DATABASES, type OpenedSales } from '../../support/console-sales-databases';

const NOW = Date.parse('2026-11-28T10:00:00+09:00');
const admin: StaffActor = { email: 'park@example.com', name: '박관리', role: 'admin', ip: '10.0.0.2' };
const UNIT_TYPES = [
  { _id: 'unitType-59A', _type: 'unitType', code: '59A', label: '전용 59㎡A', order: 1 },
  { _id: 'unitType-84A', _type: 'unitType', code: '84A', label: '84㎡A', order: 2 },
];

for (const [databaseName, open] of Object.entries(SALES_DATABASES)) {
  describe(`customer profile on ${databaseName}`, () => {
    let opened: OpenedSales;
    let db: SalesDatabase;
    let content: ContentSource;
    let service: LeadConsoleService;
    let first: string;
    let second: string;

    beforeEach(async () => {
      opened = await open();
      db = opened.sales;
      content = await openEmbeddedStore({ file: ':memory:' });
      await content.mutate(UNIT_TYPES.map((document) => ({ create: document })));
      ({ service } = await consoleOver(db, { content, now: () => NOW }));
      first = await registered(db, { id: 'lead-profile-1', name: '김관심', phone: '01012340001', createdAt: new Date(NOW - 120_000).toISOString() });
      second = await registered(db, { id: 'lead-profile-2', name: '이관심', phone: '01012340002', createdAt: new Date(NOW - 60_000).toISOString() });
    });
    afterEach(async () => {
      await content.close();
      await opened.close();
    });

    const revOf = async (id: string) => String((await db.db.selectFrom('customers').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);

    it('offers the CMS unit types as 관심 타입; stores the three choices on the customer with an audit record; a stale page is refused', async () => {
      expect(await service.unitTypes()).toEqual([
        { code: '59A', label: '전용 59㎡A' },
        { code: '84A', label: '84㎡A' },
      ]);
      const rev = await revOf(first);
      const saved = await service.setProfile(first, { rev, interestType: '84A', subscription: 'firstHomeless', funding: 'loan' }, admin);
      expect(saved).toMatchObject({ ok: true, lead: { profile: { interestType: '84A', subscription: 'firstHomeless', funding: 'loan' } } });
      expect(
        await db.db.selectFrom('customers').select(['interest_type', 'subscription', 'funding_plan']).where('id', '=', first).executeTakeFirstOrThrow(),
      ).toEqual({
        interest_type: '84A',
        subscription: 'firstHomeless',
        funding_plan: 'loan',
      });
      expect(await db.db.selectFrom('audit_events').select(['action', 'target', 'detail']).where('action', '=', 'leadProfile').execute()).toEqual([
        { action: 'leadProfile', target: first, detail: '관심 타입 84㎡A, 청약 자격 1순위 · 무주택, 자금 계획 중도금·잔금 대출' },
      ]);
      // The same page sent again: stale, nothing written.
      expect(await service.setProfile(first, { rev, interestType: '59A', subscription: '', funding: '' }, admin)).toMatchObject({
        ok: false,
        error: 'conflict',
      });
      // Cleared: '' empties a field.
      expect(await service.setProfile(first, { rev: await revOf(first), interestType: '', subscription: 'second', funding: '' }, admin)).toMatchObject({
        ok: true,
        lead: { profile: { interestType: null, subscription: 'second', funding: null } },
      });
    });

    it('refuses, in Korean, a value that is not one of the choices: nothing is stored', async () => {
      const rev = await revOf(first);
      expect(await service.setProfile(first, { rev, interestType: '99Z', subscription: 'firstHomeless', funding: 'loan' }, admin)).toEqual({
        ok: false,
        error: 'unknownChoice',
        fieldErrors: { interestType: '관심 타입은 목록에서 골라 주세요.' },
      });
      expect(await service.setProfile(first, { rev, interestType: '84A', subscription: '무주택', funding: 'cash' }, admin)).toEqual({
        ok: false,
        error: 'unknownChoice',
        fieldErrors: { subscription: '청약 자격은 목록에서 골라 주세요.', funding: '자금 계획은 목록에서 골라 주세요.' },
      });
      expect(
        await db.db.selectFrom('customers').select(['interest_type', 'subscription', 'funding_plan']).where('id', '=', first).executeTakeFirstOrThrow(),
      ).toEqual({
        interest_type: null,
        subscription: null,
        funding_plan: null,
      });
    });

    it('the list filters on each, and the export carries them as columns', async () => {
      await service.setProfile(first, { rev: await revOf(first), interestType: '84A', subscription: 'firstHomeless', funding: 'loan' }, admin);
      await service.setProfile(second, { rev: await revOf(second), interestType: '59A', subscription: 'firstHomeless', funding: 'ownFunds' }, admin);
      const names = async (query: string) => (await service.list(parseLeadFilters(new URLSearchParams(query)).filters, {}, admin)).rows.map((row) => row.name);
      expect(await names('interestType=84A')).toEqual(['김관심']);
      expect(await names('subscription=firstHomeless')).toEqual(['이관심', '김관심']);
      expect(await names('subscription=firstHomeless&funding=ownFunds')).toEqual(['이관심']);
      expect(await names('funding=homeSale')).toEqual([]);
      // A code that is no choice is left out and named, not a 500.
      expect(parseLeadFilters(new URLSearchParams('subscription=무주택&funding=cash&interestType=84A'))).toMatchObject({
        filters: { interestType: '84A' },
        invalid: ['subscription', 'funding'],
      });

      const rows: LeadExportRow[] = [];
      await service.exportLeads(
        parseLeadFilters(new URLSearchParams('subscription=firstHomeless')).filters,
        admin,
        { format: 'csv', reason: '청약 상담' },
        async (each) => {
          for await (const row of each) rows.push(row);
        },
      );
      expect(rows.map(({ name, profile }) => [name, profile])).toEqual([
        ['이관심', { interestType: '59A', subscription: 'firstHomeless', funding: 'ownFunds' }],
        ['김관심', { interestType: '84A', subscription: 'firstHomeless', funding: 'loan' }],
      ]);
    });
  });
}
