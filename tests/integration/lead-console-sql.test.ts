/**
 * The SQL fast paths answer exactly what the GROQ queries answer, on both stores (the embedded
 * SQLite database and PostgreSQL): both read one leads database (worked on by staff: statuses,
 * assignees, memos, a check-in) and must agree on every list filter, every page, every lead, the
 * visit sheets, the dashboard counts and the slot fill.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../web/server/content/types';
import { leadFilterParams, type LeadCursor } from '../../web/server/console/lead-query';
import { seoulDayStart, shiftDay } from '../../web/shared/seoul-time';
import { groqLeadReads, type LeadReads } from '../../web/server/console/lead-reads';
import { postgresLeadsWithReads, sqliteLeadsWithReads, type LeadsWithReads } from './lead-stores-with-reads';
import { FILTER_CASES, FIXTURE_TODAY, fixtureDocuments, type FixtureLead } from './lead-console-fixture';

const LEAD_COUNT = 700;
const documents = fixtureDocuments(LEAD_COUNT, FIXTURE_TODAY);
const leadIds = documents.filter((document): document is FixtureLead => document._type === 'lead').map((lead) => lead._id);

/**
 * Each store with its SQL reads, over the same documents; and each again with a filtered list
 * always walked newest first (the plan for many matches, which these few leads never reach).
 */
const STORES: Record<string, () => Promise<LeadsWithReads>> = {
  'embedded SQLite': () => sqliteLeadsWithReads(workedOnLeads()),
  PostgreSQL: () => postgresLeadsWithReads(workedOnLeads()),
  'embedded SQLite, many matches': () => sqliteLeadsWithReads(workedOnLeads(), 0),
  'PostgreSQL, many matches': () => postgresLeadsWithReads(workedOnLeads(), 0),
};

function workedOnLeads(): Mutation[] {
  const twin = documents.find((document): document is FixtureLead => document._id === leadIds[10])!;
  return [
    ...documents.map((document) => ({ createOrReplace: document }) as Mutation),
    // Same creation time as another lead: the id orders them.
    { create: { ...twin, _id: `${twin._id}-twin` } },
    // Worked on by staff.
    { patch: { id: leadIds[1], set: { status: 'contracted', assignee: { email: 'kim@example.com', name: '김상담' } } } },
    { patch: { id: leadIds[2], set: { memos: [{ _key: 'm1', _type: 'leadMemo', authorEmail: 'kim@example.com', authorName: '김상담', at: '2026-11-23T01:00:00.000Z', text: '첫 메모' }, { _key: 'm2', _type: 'leadMemo', authorEmail: 'lee@example.com', authorName: '이상담', at: '2026-11-23T02:00:00.000Z', text: '마지막 메모' }] } } },
    { patch: { id: leadIds[6], set: { status: 'visited', checkedInAt: '2026-11-23T05:00:00.000Z' } } },
    { patch: { id: leadIds[12], unset: ['formKind', 'utm'] } },
    { patch: { id: leadIds[13], set: { 'utm.campaign': 'Launch' } } },
    // Walk-ins at the desk: two today (one worked on), one booked into a slot since (on its slot, not a walk-in).
    ...[
      { _id: 'walk-in-b', visitAt: `${FIXTURE_TODAY} 15:10`, checkedInAt: '2026-11-23T06:10:00.000Z', assignee: { email: 'kim@example.com', name: '김상담' } },
      { _id: 'walk-in-a', visitAt: `${FIXTURE_TODAY} 11:05`, checkedInAt: '2026-11-23T02:05:00.000Z', memos: [{ _key: 'm1', _type: 'leadMemo', authorEmail: 'kim@example.com', authorName: '김상담', at: '2026-11-23T02:10:00.000Z', text: '현장 상담' }] },
      { _id: 'walk-in-c', visitAt: `${FIXTURE_TODAY} 12:00`, checkedInAt: '2026-11-23T03:00:00.000Z', visitSlot: { _type: 'reference', _ref: 'slot-x' }, visitSlotStatus: 'booked' },
    ].map((walkIn) => ({ create: { _type: 'lead', name: '현장 고객', phone: '01055550000', createdAt: walkIn.checkedInAt, formKind: 'walkIn', status: 'visited', ...walkIn } }) as Mutation),
    // Customers who registered again: later, from another campaign, one of them taken by a 상담사.
    ...[3, 20, 40].map((index) => {
      const earlier = documents.find((document): document is FixtureLead => document._id === leadIds[index])!;
      const createdAt = new Date(Date.parse(earlier.createdAt) + 3_600_000 * (index + 1)).toISOString();
      const assignee = index === 20 ? { assignee: { email: 'lee@example.com', name: '이상담' } } : {};
      return { create: { ...earlier, _id: `${earlier._id}-again`, createdAt, utm: { source: 'kakao', campaign: 'winter' }, ...assignee } } as Mutation;
    }),
  ];
}

/** Every page of a filtered list, read `limit` at a time by `reads`. */
async function walk(reads: LeadReads, filters: (typeof FILTER_CASES)[number][0], limit: number) {
  const params = leadFilterParams(filters);
  const pages = [];
  let cursor: LeadCursor | null = null;
  for (let page = 0; page < 1000; page += 1) {
    const rows = await reads.listPage(params, cursor, limit);
    pages.push(rows);
    const last = rows.at(-1);
    if (rows.length < limit || !last) return pages;
    cursor = { createdAt: last.createdAt ?? '', id: last._id };
  }
  throw new Error('paging did not end');
}

describe.each(Object.keys(STORES))('SQL reads = GROQ reads on the %s leads database', (storeName) => {
  let store: LeadsWithReads;
  let groq: LeadReads;
  let sql: LeadReads;

  beforeAll(async () => {
    store = await STORES[storeName]();
    groq = groqLeadReads(store.leads);
    sql = store.reads;
  });

  afterAll(() => store?.close());

  it('every filter, every page (list and export)', async () => {
    for (const [filters] of [[{}] as const, ...FILTER_CASES]) {
      const label = JSON.stringify(filters);
      const viaGroq = await walk(groq, filters, 50);
      expect(viaGroq.flat().length, label).toBeGreaterThan(0);
      expect(await walk(sql, filters, 50), label).toEqual(viaGroq);
      expect(await sql.exportPage(leadFilterParams(filters), null), label).toEqual(await groq.exportPage(leadFilterParams(filters), null));
      expect(await sql.count(leadFilterParams(filters)), label).toBe(await groq.count(leadFilterParams(filters)));
    }
    // 내 고객, a 상담사's own view, and values that must stay values in the count's SQL.
    for (const filters of [{ assignee: 'me' }, {}, { utmCampaign: 'winter' }, { q: "O'Brien" }, { utmSource: "x' OR 1=1 --" }, { utmCampaign: "'; DROP TABLE documents; --" }]) {
      const params = leadFilterParams(filters, 'kim@example.com', 'kim@example.com');
      expect(await sql.count(params), JSON.stringify(filters)).toBe(await groq.count(params));
      expect(await sql.listPage(params, null, 200), JSON.stringify(filters)).toEqual(await groq.listPage(params, null, 200));
    }
    expect(await sql.count(leadFilterParams({ assignee: 'me' }, 'kim@example.com'))).toBeGreaterThan(0);
    // Each repeat customer is one row, their newest registration.
    const everyone = (await walk(sql, {}, 200)).flat().map((row) => row._id);
    expect(everyone).toContain(`${leadIds[3]}-again`);
    expect(everyone).not.toContain(leadIds[3]);
    expect(new Set(everyone).size).toBe(everyone.length);
    expect([...(await sql.campaigns())].sort()).toEqual([...(await groq.campaigns())].sort());
    const everything = leadFilterParams({});
    const secondExportPage = { createdAt: (await groq.exportPage(everything, null)).at(-1)!.createdAt!, id: (await groq.exportPage(everything, null)).at(-1)!._id };
    expect(await sql.exportPage(everything, secondExportPage)).toEqual(await groq.exportPage(everything, secondExportPage));
  });

  it('each lead, worked on or not, and a missing one', async () => {
    for (const id of [...leadIds.slice(0, 20), `${leadIds[10]}-twin`, 'lead-missing']) {
      expect(await sql.lead(id), id).toEqual(await groq.lead(id));
    }
  });

  it('visit sheets, dashboard counts and slot fill', async () => {
    for (let day = -1; day <= 3; day += 1) {
      const date = shiftDay(FIXTURE_TODAY, day);
      expect(await sql.visitSheet(date), date).toEqual(await groq.visitSheet(date));
      expect(await sql.walkIns(date), date).toEqual(await groq.walkIns(date));
    }
    expect((await sql.walkIns(FIXTURE_TODAY)).map((row) => [row._id, row.assigneeName, row.lastMemo])).toEqual([
      ['walk-in-a', null, '현장 상담'],
      ['walk-in-b', '김상담', null],
    ]);
    for (const since of [seoulDayStart(shiftDay(FIXTURE_TODAY, -29)), seoulDayStart(FIXTURE_TODAY)]) {
      expect(await sql.tallies(since)).toEqual(await groq.tallies(since));
    }
    const until = shiftDay(FIXTURE_TODAY, 14);
    const bySlot = (a: { date: string | null; capacity: number }, b: { date: string | null; capacity: number }) => (a.date ?? '').localeCompare(b.date ?? '');
    expect([...(await sql.slotFill(FIXTURE_TODAY, until))].sort(bySlot)).toEqual([...(await groq.slotFill(FIXTURE_TODAY, until))].sort(bySlot));
  });
});
