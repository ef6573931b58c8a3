/**
 * The console's lead service over the customer tables, on the embedded SQLite database and on
 * PostgreSQL: one row per customer, filters, keyset paging, version conflicts, concurrent memos,
 * calls, check-in, the returning customer, and the audit record each action writes (in the
 * change's own transaction: a change whose record cannot be written does not happen).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetail, LeadRow } from '../../../web/shared/lead-dto';
import type { LeadFilters } from '../../../web/shared/lead-filters';
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from '../../../web/shared/lead-status';
import type { Mutation } from '../../../web/server/content/types';
import { LeadConsoleService, type LeadConsoleOptions } from '../../../web/server/console/lead-console';
import { CustomerWork } from '../../../web/server/customers/customer-work';
import { register } from '../../../web/server/customers/registration';
import type { StaffActor } from '../../../web/server/console/types';
import {
  FILTER_CASES,
  FIXTURE_TODAY,
  fixtureDocuments,
  newestFirst,
  SAMPLE_PHONE_SPELLINGS,
  seedFixture,
  type FixtureLead,
} from '../../support/lead-console-fixture';
import { shiftDay } from '../../../web/shared/seoul-time';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';

const TODAY = FIXTURE_TODAY;
const LEAD_COUNT = 60;
const documents = fixtureDocuments(LEAD_COUNT, TODAY);
const fixtureLeads = documents.filter((document): document is FixtureLead => document._type === 'lead');

const kim: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };
const lee: StaffActor = { email: 'lee@example.com', name: '이상담', role: 'sales', ip: '10.0.0.2' };
const park = { email: 'park@example.com', name: '박팀장', role: 'admin' as const, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' };
const boss: StaffActor = { email: park.email, name: park.name, role: 'admin', ip: '10.0.0.3' };
/** The console's clock: the fixture's visit day, 10:00 in Seoul. */
const NOW = Date.parse(`${TODAY}T10:00:00+09:00`);
const retired = { email: 'old@example.com', name: '퇴사자', role: 'sales' as const, disabled: true, createdAt: '2026-01-01T00:00:00.000Z' };

type Audited = { actor: string; action: string; target: string | null; detail: string | null; ip: string };

for (const [databaseName, open] of Object.entries(CONSOLE_DATABASES)) {
  describe(`lead console on ${databaseName}`, () => {
    let database: ConsoleSales;
    let service: LeadConsoleService;
    /** Each fixture lead's customer. */
    let customerOf: Map<string, string>;
    /** The last audit record of the seeding: the tests read what came after it. */
    let seeded: number;

    const start = (options: Partial<LeadConsoleOptions> = {}) =>
      new LeadConsoleService({
        sales: database.sales,
        content: database.content,
        audit: database.audit,
        staff: { list: async () => [park, retired] },
        now: () => NOW,
        ...options,
      });
    const idOf = (lead: FixtureLead) => customerOf.get(lead._id)!;
    const audited = async (action?: string): Promise<Audited[]> =>
      (await database.rows<Audited & { seq: number | string }>(`SELECT seq, actor, action, target, detail, ip FROM audit_events ORDER BY seq`))
        .filter((row) => Number(row.seq) > seeded && (!action || row.action === action))
        .map(({ actor, action: recorded, target, detail, ip }) => ({ actor, action: recorded, target, detail, ip }));
    const placesOf = async (slotId: string) =>
      Number((await database.rows<{ booked: number | string }>(`SELECT booked FROM visit_slots WHERE id = '${slotId}'`))[0].booked);

    beforeEach(async () => {
      database = await open(() => NOW);
      customerOf = await seedFixture(database.sales, documents, TODAY);
      seeded = Number((await database.rows<{ seq: number | string | null }>(`SELECT max(seq) AS seq FROM audit_events`))[0].seq ?? 0);
      // These tests are about the work on a customer; who may see and take which is lead-assignment.test.ts's.
      await database.content.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', salesSeeAllLeads: true } } as Mutation]);
      service = start();
    });
    afterEach(async () => {
      await database.close();
    });

    /** A customer as `actor` sees it on its page (these tests are about the customer, not who may open it). */
    async function opened(id: string, actor: StaffActor = kim): Promise<LeadDetail> {
      const lead = await service.lead(id, actor);
      if (!lead || lead === 'forbidden') throw new Error(`${id}: ${lead}`);
      return lead;
    }

    async function allPages(filters: LeadFilters, limit: number): Promise<LeadRow[]> {
      const rows: LeadRow[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 100; page += 1) {
        const result = await service.list(filters, { cursor, limit }, kim);
        rows.push(...result.rows);
        if (!result.next) return rows;
        cursor = result.next;
      }
      throw new Error('paging did not end');
    }

    it('filters: each one returns exactly the customers it describes, newest first, phones masked', async () => {
      for (const [filters, matches] of FILTER_CASES) {
        const expected = fixtureLeads.filter(matches).sort(newestFirst);
        expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
        const { rows, next } = await service.list(filters, { limit: 200 }, kim);
        expect(next).toBeNull();
        expect(
          rows.map((row) => row.id),
          JSON.stringify(filters),
        ).toEqual(expected.map(idOf));
      }
      const [first] = (await service.list({}, { limit: 1 }, kim)).rows;
      const lead = [...fixtureLeads].sort(newestFirst)[0];
      expect(first).toMatchObject({ maskedPhone: `010-****-${lead.phone.slice(-4)}`, name: lead.name, formKind: lead.formKind, registrations: 1 });
      expect(JSON.stringify(await service.list({}, { limit: 200 }, kim))).not.toContain(lead.phone);
    });

    it("a caller's whole number in any spelling finds them, phone still masked; the search is recorded, the number not", async () => {
      const caller = fixtureLeads[7];
      for (const q of SAMPLE_PHONE_SPELLINGS) {
        const { rows, total } = await service.list({ q }, { limit: 50 }, kim);
        expect(
          rows.map((row) => row.id),
          q,
        ).toEqual([idOf(caller)]);
        expect(total).toBe(1);
        expect(JSON.stringify(rows)).not.toContain(caller.phone);
      }
      const searches = await audited('phoneSearch');
      expect(searches).toHaveLength(SAMPLE_PHONE_SPELLINGS.length);
      expect(searches[0]).toMatchObject({ actor: kim.email, ip: kim.ip, target: idOf(caller), detail: '1건' });
      expect(JSON.stringify(await audited())).not.toContain(caller.phone.slice(3));
      // A number nobody registered: recorded too, with nothing found.
      expect(await service.list({ q: '010-0000-0000' }, { limit: 50 }, kim)).toMatchObject({ rows: [], total: 0 });
      expect((await audited()).at(-1)).toMatchObject({ action: 'phoneSearch', target: null, detail: '0건' });
      // Names and last four digits are no lookup of a number: not recorded.
      await service.list({ q: caller.phone.slice(-4) }, { limit: 50 }, kim);
      await service.list({ q: '김' }, { limit: 50 }, kim);
      expect(await audited('phoneSearch')).toHaveLength(SAMPLE_PHONE_SPELLINGS.length + 1);
    });

    it('the list says how many customers match in all, whatever the page', async () => {
      const naver = fixtureLeads.filter((lead) => lead.utm?.source === 'naver');
      const first = await service.list({ utmSource: 'naver' }, { limit: 4 }, kim);
      expect(first.total).toBe(naver.length);
      expect(first.rows).toHaveLength(4);
      expect((await service.list({ utmSource: 'naver' }, { limit: 4, cursor: first.next! }, kim)).total).toBe(naver.length);
      expect((await service.list({}, { limit: 4 }, kim)).total).toBe(fixtureLeads.length);
    });

    it('campaigns to choose from: the known ones, once each whatever their case; the filter ignores case and finds a customer by any registration', async () => {
      expect(await service.campaigns()).toEqual(['autumn', 'launch']);
      const [again, other] = [fixtureLeads[1], fixtureLeads[2]];
      for (const [lead, utm, id] of [
        [again, { source: 'naver', campaign: 'Launch' }, 'lead-again-1'],
        [other, { source: 'kakao', campaign: '겨울 분양' }, 'lead-again-2'],
      ] as const) {
        const at = new Date(NOW - 60_000).toISOString();
        await register(
          database.sales,
          { id, name: lead.name, phone: lead.phone, createdAt: at, formKind: 'popup', utm, consent: { marketing: false, noticeVersion: 'v1', agreedAt: at } },
          { assignee: null, today: TODAY },
        );
      }
      expect(await service.campaigns()).toEqual(['autumn', 'launch', '겨울 분양']);
      const launch = fixtureLeads.filter((entry) => entry.utm?.campaign === 'launch' || entry === again);
      expect((await service.list({ utmCampaign: 'LAUNCH' }, { limit: 200 }, kim)).rows.map((row) => row.id).sort()).toEqual(launch.map(idOf).sort());
    });

    it("담당자: 내 고객 are the signed-in staff member's own, 미배정 nobody's; a customer assigned meanwhile moves over", async () => {
      const ids = async (filters: LeadFilters, actor: StaffActor) => (await service.list(filters, { limit: 200 }, actor)).rows.map((row) => row.id);
      const kims = fixtureLeads
        .filter((lead) => lead.assignee?.email === kim.email)
        .sort(newestFirst)
        .map(idOf);
      expect(kims.length).toBeGreaterThan(0);
      expect(await ids({ assignee: 'me' }, kim)).toEqual(kims);
      expect(await ids({ assignee: kim.email }, lee)).toEqual(kims);
      const unassigned = idOf(fixtureLeads.find((lead) => !lead.assignee)!);
      expect(await ids({ assignee: 'none' }, kim)).toContain(unassigned);
      const seen = await opened(unassigned);
      expect((await service.change(unassigned, { rev: seen.rev, assigneeEmail: kim.email }, kim)).ok).toBe(true);
      expect(await ids({ assignee: 'me' }, kim)).toContain(unassigned);
      expect(await ids({ assignee: 'none' }, kim)).not.toContain(unassigned);
      expect((await service.list({ assignee: 'me' }, { limit: 1 }, lee)).total).toBe(fixtureLeads.filter((lead) => lead.assignee?.email === lee.email).length);
    });

    it('keyset paging walks every customer once, in order, and a tampered cursor reads as the first page', async () => {
      const paged = await allPages({}, 7);
      expect(paged.map((row) => row.id)).toEqual([...fixtureLeads].sort(newestFirst).map(idOf));
      const filtered = await allPages({ formKind: 'customer' }, 4);
      expect(filtered.map((row) => row.id)).toEqual(
        fixtureLeads
          .filter((lead) => lead.formKind === 'customer')
          .sort(newestFirst)
          .map(idOf),
      );
      const first = await service.list({}, { limit: 3 }, kim);
      expect((await service.list({}, { cursor: 'not-a-cursor', limit: 3 }, kim)).rows).toEqual(first.rows);
    });

    it("a customer's page records leadView, opened by its id or a registration's; revealing the phone records phoneReveal", async () => {
      const lead = fixtureLeads[3];
      const detail = await service.lead(idOf(lead), kim);
      expect(detail).toMatchObject({
        id: idOf(lead),
        rev: '2',
        name: lead.name,
        status: lead.status ?? 'new',
        maskedPhone: `010-****-${lead.phone.slice(-4)}`,
        formKind: lead.formKind,
      });
      // The old link of a registration opens its customer.
      expect(await service.lead(lead._id, kim)).toEqual(detail);
      expect(await service.access(lead._id, kim)).toBe('allowed');
      expect(await service.revealPhone(lead._id, kim)).toBe(`${lead.phone.slice(0, 3)}-${lead.phone.slice(3, 7)}-${lead.phone.slice(7)}`);
      expect(await service.lead('lead-missing', kim)).toBeNull();
      expect(await service.access('lead-missing', kim)).toBe('notFound');
      expect((await audited()).map(({ actor, action, target, ip }) => ({ actor, action, target, ip }))).toEqual([
        { actor: kim.email, action: 'leadView', target: idOf(lead), ip: kim.ip },
        { actor: kim.email, action: 'leadView', target: idOf(lead), ip: kim.ip },
        { actor: kim.email, action: 'phoneReveal', target: idOf(lead), ip: kim.ip },
      ]);
    });

    it('a number kept shown on the page after a save is recorded once a day, not at every post; without a reveal first it is recorded', async () => {
      const [revealed, notRevealed] = [idOf(fixtureLeads[3]), idOf(fixtureLeads[4])];
      const phone = await service.revealPhone(revealed, kim);
      expect(await service.revealPhone(revealed, kim, { kept: true })).toBe(phone);
      expect(await service.revealPhone(revealed, kim, { kept: true })).toBe(phone);
      // A forged "it was revealed" costs a record, as a reveal does; so does a colleague's.
      expect(await service.revealPhone(notRevealed, kim, { kept: true })).not.toBeNull();
      await service.revealPhone(revealed, boss, { kept: true });
      expect((await audited('phoneReveal')).map(({ actor, target }) => [actor, target])).toEqual([
        [kim.email, revealed],
        [kim.email, notRevealed],
        [boss.email, revealed],
      ]);
    });

    it('two staff change one customer from the same version: the second gets a conflict and the current state, nothing is lost', async () => {
      const id = idOf(fixtureLeads[1]);
      const seen = await opened(id);
      const first = await service.change(id, { rev: seen.rev, status: 'contacting', assigneeEmail: kim.email }, kim);
      expect(first).toMatchObject({ ok: true, lead: { status: 'contacting', assignee: { email: kim.email, name: kim.name } } });
      const second = await service.change(id, { rev: seen.rev, status: 'onHold' }, lee);
      expect(second).toMatchObject({ ok: false, error: 'conflict', current: { status: 'contacting', assignee: { email: kim.email } } });
      // Told, the second staff member applies the change to what is there now.
      const retry = await service.change(id, { rev: second.ok ? '' : (second as { current: { rev: string } }).current.rev, status: 'onHold' }, lee);
      expect(retry).toMatchObject({ ok: true, lead: { status: 'onHold', assignee: { email: kim.email } } });
      expect((await audited('leadChange')).map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([
        { actor: kim.email, target: id, detail: '상태 연락 중 → 연락 중, 담당자 김상담(kim@example.com) → 김상담(kim@example.com)' },
        { actor: lee.email, target: id, detail: '상태 연락 중 → 보류' },
      ]);
    });

    it('two changes at the same moment: exactly one is written, the other is told the state it lost to', async () => {
      const id = idOf(fixtureLeads[2]);
      const seen = await opened(id);
      const results = await Promise.all([
        service.change(id, { rev: seen.rev, status: 'consulted' }, kim),
        service.change(id, { rev: seen.rev, status: 'invalid' }, lee),
      ]);
      const won = results.filter((result) => result.ok);
      const lost = results.filter((result) => !result.ok);
      expect(won).toHaveLength(1);
      expect(lost).toEqual([{ ok: false, error: 'conflict', current: expect.objectContaining({ status: won[0].ok && won[0].lead.status }) }]);
      expect((await opened(id)).status).toBe(won[0].ok && won[0].lead.status);
    });

    it('assignee: another active staff member or nobody; a disabled or unknown account is refused', async () => {
      const id = idOf(fixtureLeads[4]);
      let rev = (await opened(id, boss)).rev;
      const assigned = await service.change(id, { rev, assigneeEmail: park.email }, boss);
      expect(assigned).toMatchObject({ ok: true, lead: { assignee: { email: park.email, name: park.name } } });
      rev = assigned.ok ? assigned.lead.rev : '';
      expect(await service.change(id, { rev, assigneeEmail: retired.email }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev, assigneeEmail: 'nobody@example.com' }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev, status: 'bogus' as never }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev: '', status: 'new' }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev: 'not-a-version', status: 'new' }, boss)).toMatchObject({ ok: false, error: 'conflict', current: { rev } });
      expect(await service.change('lead-missing', { rev, status: 'new' }, boss)).toEqual({ ok: false, error: 'notFound' });
      const cleared = await service.change(id, { rev, assigneeEmail: null }, boss);
      expect(cleared).toMatchObject({ ok: true, lead: { assignee: null } });
    });

    it('memos from two staff at once are both kept, in order of writing, with author and time', async () => {
      const id = idOf(fixtureLeads[5]);
      const results = await Promise.all([service.addMemo(id, '첫 통화: 부재중', kim), service.addMemo(id, '문자 남김\n다시 연락 예정', lee)]);
      expect(results.every((result) => result.ok)).toBe(true);
      const memos = (await opened(id)).memos;
      expect(
        memos.map(({ authorEmail, authorName, text }) => ({ authorEmail, authorName, text })).sort((a, b) => a.authorEmail.localeCompare(b.authorEmail)),
      ).toEqual([
        { authorEmail: kim.email, authorName: kim.name, text: '첫 통화: 부재중' },
        { authorEmail: lee.email, authorName: lee.name, text: '문자 남김\n다시 연락 예정' },
      ]);
      expect(new Set(memos.map((memo) => memo.key)).size).toBe(2);
      expect(await service.addMemo(id, '   ', kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo(id, '\u202e\u200b', kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo(id, 'x'.repeat(2001), kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo('lead-missing', '메모', kim)).toEqual({ ok: false, error: 'notFound' });
      expect((await audited('leadMemo')).map((entry) => entry.actor).sort()).toEqual([kim.email, lee.email]);
    });

    it('통화 결과: a listed result with a future 재통화 time (Seoul) is kept with who and when, version-checked and recorded', async () => {
      const id = idOf(fixtureLeads[6]);
      const seen = await opened(id);
      expect(seen.calls).toEqual([]);
      expect(await service.callResults()).toEqual(['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류']);
      const saved = await service.recordCall(id, { rev: seen.rev, result: '재통화 요청', callbackAt: `${shiftDay(TODAY, 1)}T14:30` }, kim);
      expect(saved.ok).toBe(true);
      const { calls } = await opened(id);
      expect(calls).toEqual([
        {
          key: expect.any(String),
          result: '재통화 요청',
          callbackAt: new Date(`${shiftDay(TODAY, 1)}T14:30:00+09:00`).toISOString(),
          authorEmail: kim.email,
          authorName: kim.name,
          at: new Date(NOW).toISOString(),
        },
      ]);
      // A minute later (calls of one moment have no order of their own).
      service = start({ now: () => NOW + 60_000 });
      // The version seen before the first call is stale now: nothing written, the current state returned.
      const stale = await service.recordCall(id, { rev: seen.rev, result: '부재' }, lee);
      expect(stale).toMatchObject({ ok: false, error: 'conflict', current: { calls: [{ result: '재통화 요청' }] } });
      const second = await service.recordCall(id, { rev: (saved as { lead: { rev: string } }).lead.rev, result: '부재' }, lee);
      expect(second.ok && second.lead.calls.map((call) => [call.result, call.callbackAt, call.authorName])).toEqual([
        ['재통화 요청', calls[0].callbackAt, kim.name],
        ['부재', null, lee.name],
      ]);
      const listed = (await service.list({}, { limit: 200 }, kim)).rows;
      expect(listed.find((row) => row.id === id)?.lastCallResult).toBe('부재');
      expect(listed.filter((row) => row.lastCallResult !== null).map((row) => row.id)).toEqual([id]);
      expect((await audited('leadCall')).map((entry) => [entry.actor, entry.target, entry.detail])).toEqual([
        [kim.email, id, `재통화 요청, 재통화 ${shiftDay(TODAY, 1)} 14:30`],
        [lee.email, id, '부재'],
      ]);
    });

    it('통화 결과 refused: a result off the list, a 재통화 time not in the future or not a time; nothing written or recorded', async () => {
      const id = idOf(fixtureLeads[7]);
      const { rev } = await opened(id);
      expect(await service.recordCall(id, { rev, result: '연결됨' }, kim)).toEqual({ ok: false, error: 'unknownCallResult' });
      // NOW is 10:00 in Seoul: 09:59 today has passed, and so has 10:00.
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: `${TODAY}T10:00` }, kim)).toEqual({ ok: false, error: 'callbackNotFuture' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: `${TODAY}T09:59` }, kim)).toEqual({ ok: false, error: 'callbackNotFuture' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: '2026-02-30T10:00' }, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: '내일 오후' }, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.recordCall('lead-missing', { rev, result: '부재' }, kim)).toEqual({ ok: false, error: 'notFound' });
      expect((await opened(id)).calls).toEqual([]);
      expect(await audited('leadCall')).toEqual([]);
    });

    it("통화 결과 list: marketing's own list in leadSettings replaces the default; an empty one keeps it", async () => {
      await database.content.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', salesSeeAllLeads: true, callResults: [] } } as Mutation]);
      expect(await service.callResults()).toEqual(['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류']);
      await database.content.mutate([
        { createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', salesSeeAllLeads: true, callResults: ['연결', ' 부재 ', '연결'] } } as Mutation,
      ]);
      expect(await service.callResults()).toEqual(['연결', '부재']);
      const id = idOf(fixtureLeads[9]);
      const { rev } = await opened(id);
      expect(await service.recordCall(id, { rev, result: '통화 완료' }, kim)).toEqual({ ok: false, error: 'unknownCallResult' });
      expect((await service.recordCall(id, { rev, result: '연결' }, kim)).ok).toBe(true);
    });

    it('a memo written while another staff member changes the status: both are kept, and the memo does not make the change stale', async () => {
      const id = idOf(fixtureLeads[8]);
      const seen = await opened(id);
      const [memo, change] = await Promise.all([service.addMemo(id, '방문 희망', lee), service.change(id, { rev: seen.rev, status: 'visitBooked' }, kim)]);
      expect(memo.ok).toBe(true);
      expect(change.ok).toBe(true);
      const lead = await opened(id);
      expect(lead.status).toBe('visitBooked');
      expect(lead.memos.map((entry) => entry.text)).toEqual(['방문 희망']);
    });

    /** A fixture customer booked on `day` and not checked in. */
    const bookedOn = (day: string) => {
      const lead = fixtureLeads.find((entry) => entry.visitAt?.startsWith(`${day} `) && (entry.status ?? 'new') !== 'visited')!;
      return { id: idOf(lead), slotId: lead.visitSlot!._ref };
    };

    it('a check-in sets 방문 완료 and its time; the same page open at the other desk is stale', async () => {
      const { id } = bookedOn(TODAY);
      const { rev } = await opened(id);
      const checkedIn = await service.checkIn(id, rev, kim);
      expect(checkedIn).toMatchObject({ ok: true, lead: { status: 'visited', checkedInAt: new Date(NOW).toISOString(), visitSlotStatus: 'booked' } });
      expect(await service.checkIn(id, rev, lee)).toMatchObject({ ok: false, error: 'conflict', current: { status: 'visited' } });
      expect(await audited('visitCheckIn')).toEqual([expect.objectContaining({ actor: kim.email, target: id })]);
    });

    it("a check-in only on the visit's day in Seoul: the day before and the day after are refused, nothing written or recorded", async () => {
      const { id } = bookedOn(TODAY);
      const { rev } = await opened(id);
      const at = (time: string) => start({ now: () => Date.parse(`${time}+09:00`) });
      expect(await at(`${shiftDay(TODAY, -1)}T23:59:00`).checkIn(id, rev, kim)).toEqual({ ok: false, error: 'notToday' });
      const tomorrow = bookedOn(shiftDay(TODAY, 1)).id;
      expect(await at(`${TODAY}T23:59:00`).checkIn(tomorrow, (await opened(tomorrow)).rev, kim)).toEqual({ ok: false, error: 'notToday' });
      expect(await audited('visitCheckIn')).toEqual([]);
      expect((await opened(id)).checkedInAt).toBeNull();
      // 23:59 in Seoul is still the day (14:59 UTC).
      expect(await at(`${TODAY}T23:59:00`).checkIn(id, rev, kim)).toMatchObject({ ok: true, lead: { status: 'visited' } });
    });

    it('a manager undoes a check-in: 방문 예약 again, the time cleared, recorded; a 상담사 cannot', async () => {
      const { id } = bookedOn(TODAY);
      const checkedIn = await service.checkIn(id, (await opened(id)).rev, kim);
      const rev = checkedIn.ok ? checkedIn.lead.rev : '';
      expect(await service.undoCheckIn(id, rev, kim)).toEqual({ ok: false, error: 'forbidden' });
      const undone = await service.undoCheckIn(id, rev, boss);
      expect(undone).toMatchObject({ ok: true, lead: { status: 'visitBooked', checkedInAt: null, visitSlotStatus: 'booked' } });
      // The page still open elsewhere: its version is stale.
      expect(await service.undoCheckIn(id, rev, boss)).toMatchObject({ ok: false, error: 'conflict' });
      expect((await audited('visitCheckInUndo')).map(({ actor, target }) => ({ actor, target }))).toEqual([{ actor: boss.email, target: id }]);
      // Not checked in (any more): nothing to undo.
      expect(await service.undoCheckIn(id, undone.ok ? undone.lead.rev : '', boss)).toEqual({ ok: false, error: 'invalid' });
    });

    it('a status set back before the visit clears the check-in time (a manager only); 계약 keeps it', async () => {
      const { id } = bookedOn(TODAY);
      const checkedIn = await service.checkIn(id, (await opened(id)).rev, kim);
      let rev = checkedIn.ok ? checkedIn.lead.rev : '';
      const contracted = await service.change(id, { rev, status: 'contracted' }, kim);
      expect(contracted).toMatchObject({ ok: true, lead: { status: 'contracted', checkedInAt: expect.any(String) } });
      rev = contracted.ok ? contracted.lead.rev : '';
      expect(await service.change(id, { rev, status: 'consulted' }, kim)).toEqual({ ok: false, error: 'forbidden' });
      expect(await opened(id)).toMatchObject({ status: 'contracted', checkedInAt: expect.any(String) });
      const back = await service.change(id, { rev, status: 'consulted' }, boss);
      expect(back).toMatchObject({ ok: true, lead: { status: 'consulted', checkedInAt: null } });
    });

    it('무효 releases the booked place once (the slot counts one less), even for two saves at once', async () => {
      const { id, slotId } = bookedOn(shiftDay(TODAY, 1));
      const places = await placesOf(slotId);
      const { rev } = await opened(id);
      const results = await Promise.all([service.change(id, { rev, status: 'invalid' }, kim), service.change(id, { rev, status: 'invalid' }, lee)]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const released = results.find((result) => result.ok)!;
      expect(released).toMatchObject({ ok: true, lead: { status: 'invalid', visitSlotStatus: 'released', visitAt: expect.any(String) } });
      expect(await placesOf(slotId)).toBe(places - 1);
      // Set back from 무효: the place stays released (booking again is a new booking), counted once.
      const back = await service.change(id, { rev: released.ok ? released.lead.rev : '', status: 'contacting' }, kim);
      expect(back).toMatchObject({ ok: true, lead: { status: 'contacting', visitSlotStatus: 'released' } });
      expect((await service.change(id, { rev: back.ok ? back.lead.rev : '', status: 'invalid' }, kim)).ok).toBe(true);
      expect(await placesOf(slotId)).toBe(places - 1);
      // A customer without a booking: 무효 touches no slot.
      const unbooked = idOf(fixtureLeads[1]);
      expect(await service.change(unbooked, { rev: (await opened(unbooked)).rev, status: 'invalid' }, kim)).toMatchObject({
        ok: true,
        lead: { visitSlotStatus: null },
      });
    });

    it('an action whose audit record cannot be stored does not happen', async () => {
      const { id, slotId } = bookedOn(shiftDay(TODAY, 2));
      const seen = await opened(id);
      const places = await placesOf(slotId);
      await database.refuseAudit();
      await expect(service.lead(id, kim)).rejects.toThrow('audit store down');
      await expect(service.revealPhone(id, kim)).rejects.toThrow('audit store down');
      await expect(service.change(id, { rev: seen.rev, status: 'invalid' }, kim)).rejects.toThrow('audit store down');
      await expect(service.addMemo(id, '메모', kim)).rejects.toThrow('audit store down');
      await expect(service.recordCall(id, { rev: seen.rev, result: '부재' }, kim)).rejects.toThrow('audit store down');
      const after = await new CustomerWork(database.sales)
        .change(id, { version: Number(seen.rev), status: seen.status }, { ...kim, visibleTo: null, takesColleagues: false })
        .catch(() => 'refused');
      expect(after).toBe('refused');
      expect(await placesOf(slotId)).toBe(places);
      const [row] = await database.rows<{ status: string; version: number | string }>(`SELECT status, version FROM customers WHERE id = '${id}'`);
      expect({ status: row.status, version: String(row.version) }).toEqual({ status: seen.status, version: seen.rev });
      expect(await database.rows(`SELECT id FROM memos WHERE customer_id = '${id}' UNION ALL SELECT id FROM calls WHERE customer_id = '${id}'`)).toEqual([]);
    });

    it('seven saves with one version arriving together: one is saved and recorded, six refused and not recorded', async () => {
      const id = idOf(fixtureLeads[7]);
      const seen = await opened(id);
      const results = await Promise.all(
        Array.from({ length: 7 }, (_, index) => service.change(id, { rev: seen.rev, status: LEAD_STATUSES[1 + (index % 3)] }, index % 2 ? kim : lee)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.error === 'conflict')).toHaveLength(6);
      const saved = results.find((result) => result.ok);
      const changes = await audited('leadChange');
      expect(changes).toHaveLength(1);
      expect(changes[0].detail).toBe(`상태 ${LEAD_STATUS_LABELS[seen.status]} → ${saved?.ok ? LEAD_STATUS_LABELS[saved.lead.status] : ''}`);
    });

    it('a known phone registering again joins its customer: 담당자, status, memo, call and booking stay, the list shows one row', async () => {
      const lead = fixtureLeads.find((entry) => entry.visitSlot && entry.assignee?.email === kim.email)!;
      const id = idOf(lead);
      let { rev } = await opened(id);
      const consulted = await service.change(id, { rev, status: 'consulted' }, kim);
      rev = consulted.ok ? consulted.lead.rev : '';
      const called = await service.recordCall(id, { rev, result: '통화 완료' }, kim);
      expect(called.ok).toBe(true);
      expect((await service.addMemo(id, '84A 관심', kim)).ok).toBe(true);
      // From a kakao ad, while automatic assignment would give a new customer to 이상담.
      const at = new Date(NOW - 30_000).toISOString();
      const again = await register(
        database.sales,
        {
          id: 'lead-returning',
          name: lead.name,
          phone: lead.phone,
          createdAt: at,
          formKind: 'popup',
          utm: { source: 'kakao', campaign: 'winter' },
          consent: { marketing: true, noticeVersion: 'v2', agreedAt: at },
        },
        { assignee: { email: lee.email, name: lee.name }, today: TODAY },
      );
      expect(again).toMatchObject({ status: 'created', customerId: id, returning: true, assignee: { email: kim.email } });
      const after = await opened('lead-returning');
      expect(after).toMatchObject({
        id,
        status: 'consulted',
        assignee: { email: kim.email, name: kim.name },
        visitAt: lead.visitAt,
        visitSlotStatus: 'booked',
        memos: [expect.objectContaining({ text: '84A 관심' })],
        calls: [expect.objectContaining({ result: '통화 완료' })],
        formKind: 'popup',
        utm: { source: 'kakao', campaign: 'winter' },
      });
      expect((await service.registrations(id)).map((registration) => [registration.id, registration.utmSource])).toEqual([
        ['lead-returning', 'kakao'],
        [lead._id, lead.utm?.source ?? null],
      ]);
      const { rows, total } = await service.list({ q: lead.phone }, { limit: 50 }, kim);
      expect(total).toBe(1);
      expect(rows).toEqual([
        expect.objectContaining({ id, registrations: 2, assigneeName: kim.name, status: 'consulted', lastCallResult: '통화 완료', utmSource: 'kakao' }),
      ]);
      expect((await service.list({}, { limit: 200 }, kim)).rows.filter((row) => row.id === id)).toHaveLength(1);
      expect((await service.list({}, { limit: 200 }, kim)).total).toBe(fixtureLeads.length);
    });
  });
}
