/**
 * The lead list's total: counted once per filter set and version of the leads store, so turning a
 * page does not count every match again, and counted anew once a lead is added or changed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mutation } from '../../web/server/content/types';
import { LeadConsoleService } from '../../web/server/console/lead-console';
import type { StaffActor } from '../../web/server/console/types';
import { FIXTURE_TODAY, fixtureDocuments } from './lead-console-fixture';
import { MemoryAuditTrail } from './memory-audit-trail';
import { inMemorySalesDatabase } from '../support/sales-database';
import { postgresLeadsWithReads, sqliteLeadsWithReads, type LeadsWithReads } from './lead-stores-with-reads';

const actor: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'admin', ip: '10.0.0.1' };
const documents = fixtureDocuments(120, FIXTURE_TODAY).map((document) => ({ createOrReplace: document }) as Mutation);
const opened: LeadsWithReads[] = [];

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe.each([
  ['embedded SQLite', sqliteLeadsWithReads],
  ['PostgreSQL', postgresLeadsWithReads],
])('the list total (%s)', (_name, open) => {
  it('is counted once for the pages of one filter set, and again after a new lead', async () => {
    const store = await open(documents);
    opened.push(store);
    const count = vi.spyOn(store.reads, 'count');
    const leadConsole = new LeadConsoleService({ leads: store.leads, content: store.leads, sales: await inMemorySalesDatabase(), reads: store.reads, audit: new MemoryAuditTrail(), staff: { list: async () => [] } });
    const first = await leadConsole.list({ status: 'new' }, { limit: 10 }, actor);
    const second = await leadConsole.list({ status: 'new' }, { cursor: first.next!, limit: 10 }, actor);
    expect(second.total).toBe(first.total);
    expect(count).toHaveBeenCalledTimes(1);
    await leadConsole.list({ formKind: 'home' }, { limit: 10 }, actor);
    expect(count).toHaveBeenCalledTimes(2);

    await store.leads.mutate([{ create: { _id: 'lead-new-one', _type: 'lead', name: '새고객', phone: '01099998888', createdAt: new Date().toISOString(), formKind: 'popup', status: 'new' } }]);
    const after = await leadConsole.list({ status: 'new' }, { limit: 10 }, actor);
    expect(count).toHaveBeenCalledTimes(3);
    expect(after.total).toBe(first.total + 1);
  });
});
