/**
 * The console's lead service on every backend — the embedded store (GROQ reads, and the SQL reads
 * the server uses), PostgreSQL (its SQL reads, two instances' worth of revision checks in one
 * database): filters, keyset paging, revision
 * conflicts, concurrent memos, check-in, the visit sheet, the dashboard, the export, and the
 * audit record each action writes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LEAD_STATUS_LABELS, LEAD_STATUSES, type LeadDetail, type LeadFilters, type LeadRow } from '../../web/shared/console';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import type { ContentSource, Mutation } from '../../web/server/content/types';
import { LeadConsoleService, type LeadConsoleOptions } from '../../web/server/console/lead-console';
import type { LeadReads } from '../../web/server/console/lead-reads';
import { MemoryAuditTrail } from './memory-audit-trail';
import type { LeadExportRow, StaffActor } from '../../web/server/console/types';
import { FILTER_CASES, FIXTURE_TODAY, fixtureDocuments, newestFirst, SAMPLE_PHONE_SPELLINGS, seoulDay, type FixtureLead } from './lead-console-fixture';
import { shiftDay } from '../../web/shared/seoul-time';
import { postgresLeadsWithReads, sqliteLeadsWithReads } from './lead-stores-with-reads';

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

type Backend = { leads: ContentSource; reads?: LeadReads; close(): Promise<void> };

const backends: Record<string, () => Promise<Backend>> = {
  embedded: async () => {
    const leads = await openEmbeddedStore({ file: ':memory:' });
    await leads.mutate(documents.map((document) => ({ createOrReplace: document }) as Mutation));
    return { leads, close: () => leads.close() };
  },
  'embedded, SQL reads': () => sqliteLeadsWithReads(documents.map((document) => ({ createOrReplace: document }) as Mutation)),
  'PostgreSQL, SQL reads': () => postgresLeadsWithReads(documents.map((document) => ({ createOrReplace: document }) as Mutation)),
};

for (const [backendName, open] of Object.entries(backends)) {
  describe(`lead console on ${backendName}`, () => {
    let backend: Backend;
    let audit: MemoryAuditTrail;
    let service: LeadConsoleService;

    const start = (options: Partial<LeadConsoleOptions> = {}) =>
      new LeadConsoleService({ leads: backend.leads, content: backend.leads, reads: backend.reads, audit, staff: { list: async () => [park, retired] }, now: () => NOW, ...options });

    beforeEach(async () => {
      backend = await open();
      // These tests are about the work on a lead; who may see and take which lead is lead-assignment.test.ts's.
      await backend.leads.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', salesSeeAllLeads: true } } as Mutation]);
      audit = new MemoryAuditTrail();
      service = start();
    });
    afterEach(async () => {
      await backend.close();
    });

    /** A lead as `actor` sees it on its page (these tests are about the lead, not who may open it). */
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

    it('filters: each one returns exactly the leads it describes, newest first, phones masked', async () => {
      for (const [filters, matches] of FILTER_CASES) {
        const expected = fixtureLeads.filter(matches).sort(newestFirst);
        expect(expected.length, JSON.stringify(filters)).toBeGreaterThan(0);
        const { rows, next } = await service.list(filters, { limit: 200 }, kim);
        expect(next).toBeNull();
        expect(rows.map((row) => row.id), JSON.stringify(filters)).toEqual(expected.map((lead) => lead._id));
      }
      const [first] = (await service.list({}, { limit: 1 }, kim)).rows;
      const lead = [...fixtureLeads].sort(newestFirst)[0];
      expect(first.maskedPhone).toBe(`010-****-${lead.phone.slice(-4)}`);
      expect(JSON.stringify(await service.list({}, { limit: 200 }, kim))).not.toContain(lead.phone);
    });

    it('a caller\'s whole number in any spelling finds them, phone still masked; the search is recorded, the number not', async () => {
      const caller = fixtureLeads[7];
      for (const q of SAMPLE_PHONE_SPELLINGS) {
        const { rows, total } = await service.list({ q }, { limit: 50 }, kim);
        expect(rows.map((row) => row.id), q).toEqual([caller._id]);
        expect(total).toBe(1);
        expect(JSON.stringify(rows)).not.toContain(caller.phone);
      }
      const searches = audit.entries.filter((entry) => entry.action === 'phoneSearch');
      expect(searches).toHaveLength(SAMPLE_PHONE_SPELLINGS.length);
      expect(searches[0]).toMatchObject({ actor: kim.email, ip: kim.ip, target: caller._id, detail: '1건' });
      expect(JSON.stringify(audit.entries)).not.toContain(caller.phone.slice(3));
      // A number nobody registered: recorded too, with nothing found.
      expect(await service.list({ q: '010-0000-0000' }, { limit: 50 }, kim)).toMatchObject({ rows: [], total: 0 });
      expect(audit.entries.at(-1)).toMatchObject({ action: 'phoneSearch', target: null, detail: '0건' });
      // Names and last four digits are no lookup of a number: not recorded.
      await service.list({ q: caller.phone.slice(-4) }, { limit: 50 }, kim);
      await service.list({ q: '김' }, { limit: 50 }, kim);
      expect(audit.entries.filter((entry) => entry.action === 'phoneSearch')).toHaveLength(SAMPLE_PHONE_SPELLINGS.length + 1);
    });

    it('the list says how many leads match in all, whatever the page', async () => {
      const naver = fixtureLeads.filter((lead) => lead.utm?.source === 'naver');
      const first = await service.list({ utmSource: 'naver' }, { limit: 4 }, kim);
      expect(first.total).toBe(naver.length);
      expect(first.rows).toHaveLength(4);
      expect((await service.list({ utmSource: 'naver' }, { limit: 4, cursor: first.next! }, kim)).total).toBe(naver.length);
      expect((await service.list({}, { limit: 4 }, kim)).total).toBe(fixtureLeads.length);
    });

    it('campaigns to choose from: the known ones, once each whatever their case; the filter ignores case', async () => {
      expect(await service.campaigns()).toEqual(['autumn', 'launch']);
      const lead = fixtureLeads[1];
      await backend.leads.mutate([{ patch: { id: lead._id, set: { 'utm.campaign': 'Launch' } } }, { patch: { id: fixtureLeads[2]._id, set: { utm: { source: 'kakao', campaign: '겨울 분양' } } } }]);
      expect(await service.campaigns()).toEqual(['autumn', 'launch', '겨울 분양']);
      const launch = fixtureLeads.filter((entry) => entry.utm?.campaign === 'launch' || entry._id === lead._id);
      expect((await service.list({ utmCampaign: 'LAUNCH' }, { limit: 200 }, kim)).rows.map((row) => row.id).sort()).toEqual(launch.map((entry) => entry._id).sort());
    });

    it('담당자: 내 고객 are the signed-in staff member\'s own, 미배정 nobody\'s; a lead assigned meanwhile moves over', async () => {
      const ids = async (filters: LeadFilters, actor: StaffActor) => (await service.list(filters, { limit: 200 }, actor)).rows.map((row) => row.id);
      const kimsLeads = fixtureLeads.filter((lead) => lead.assignee?.email === kim.email).sort(newestFirst).map((lead) => lead._id);
      expect(kimsLeads.length).toBeGreaterThan(0);
      expect(await ids({ assignee: 'me' }, kim)).toEqual(kimsLeads);
      expect(await ids({ assignee: kim.email }, lee)).toEqual(kimsLeads);
      const unassigned = fixtureLeads.find((lead) => !lead.assignee)!;
      expect(await ids({ assignee: 'none' }, kim)).toContain(unassigned._id);
      const seen = (await opened(unassigned._id));
      expect((await service.change(unassigned._id, { rev: seen.rev, assigneeEmail: kim.email }, kim)).ok).toBe(true);
      expect(await ids({ assignee: 'me' }, kim)).toContain(unassigned._id);
      expect(await ids({ assignee: 'none' }, kim)).not.toContain(unassigned._id);
      expect((await service.list({ assignee: 'me' }, { limit: 1 }, lee)).total).toBe(fixtureLeads.filter((lead) => lead.assignee?.email === lee.email).length);
    });

    it('keyset paging walks every lead once, in order, and a tampered cursor reads as the first page', async () => {
      const paged = await allPages({}, 7);
      expect(paged.map((row) => row.id)).toEqual([...fixtureLeads].sort(newestFirst).map((lead) => lead._id));
      const filtered = await allPages({ formKind: 'customer' }, 4);
      expect(filtered.map((row) => row.id)).toEqual(fixtureLeads.filter((lead) => lead.formKind === 'customer').sort(newestFirst).map((lead) => lead._id));
      const first = await service.list({}, { limit: 3 }, kim);
      expect((await service.list({}, { cursor: 'not-a-cursor', limit: 3 }, kim)).rows).toEqual(first.rows);
    });

    it('a lead page records leadView; revealing the phone records phoneReveal', async () => {
      const lead = fixtureLeads[3];
      const detail = await service.lead(lead._id, kim);
      expect(detail).toMatchObject({ id: lead._id, name: lead.name, status: lead.status ?? 'new', maskedPhone: `010-****-${lead.phone.slice(-4)}` });
      expect(await service.revealPhone(lead._id, kim)).toBe(`${lead.phone.slice(0, 3)}-${lead.phone.slice(3, 7)}-${lead.phone.slice(7)}`);
      expect(await service.lead('lead-missing', kim)).toBeNull();
      expect(audit.entries.map(({ actor, action, target, ip }) => ({ actor, action, target, ip }))).toEqual([
        { actor: kim.email, action: 'leadView', target: lead._id, ip: kim.ip },
        { actor: kim.email, action: 'phoneReveal', target: lead._id, ip: kim.ip },
      ]);
    });

    it('a number kept shown on the page after a save is recorded once a day, not at every post; without a reveal first it is recorded', async () => {
      const [revealed, notRevealed] = [fixtureLeads[3]._id, fixtureLeads[4]._id];
      const phone = await service.revealPhone(revealed, kim);
      expect(await service.revealPhone(revealed, kim, { kept: true })).toBe(phone);
      expect(await service.revealPhone(revealed, kim, { kept: true })).toBe(phone);
      // A forged "it was revealed" costs a record, as a reveal does; so does a colleague's.
      expect(await service.revealPhone(notRevealed, kim, { kept: true })).not.toBeNull();
      await service.revealPhone(revealed, boss, { kept: true });
      expect(audit.entries.filter((entry) => entry.action === 'phoneReveal').map(({ actor, target }) => [actor, target])).toEqual([
        [kim.email, revealed],
        [kim.email, notRevealed],
        [boss.email, revealed],
      ]);
    });

    it('two staff change one lead from the same revision: the second gets a conflict and the current state, nothing is lost', async () => {
      const id = fixtureLeads[1]._id;
      const seen = (await opened(id));
      const first = await service.change(id, { rev: seen.rev, status: 'contacting', assigneeEmail: kim.email }, kim);
      expect(first).toMatchObject({ ok: true, lead: { status: 'contacting', assignee: { email: kim.email, name: kim.name } } });
      const second = await service.change(id, { rev: seen.rev, status: 'onHold' }, lee);
      expect(second).toMatchObject({ ok: false, error: 'conflict', current: { status: 'contacting', assignee: { email: kim.email } } });
      // Told, the second staff member applies the change to what is there now.
      const retry = await service.change(id, { rev: second.ok ? '' : (second as { current: { rev: string } }).current.rev, status: 'onHold' }, lee);
      expect(retry).toMatchObject({ ok: true, lead: { status: 'onHold', assignee: { email: kim.email } } });
      const changes = audit.entries.filter((entry) => entry.action === 'leadChange');
      expect(changes.map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([
        {
          actor: kim.email,
          target: id,
          detail: `상태 연락 중 → 연락 중, 담당자 ${fixtureLeads[1].assignee ? `${fixtureLeads[1].assignee.name}(${fixtureLeads[1].assignee.email})` : '없음'} → 김상담(kim@example.com)`,
        },
        { actor: lee.email, target: id, detail: '상태 연락 중 → 보류' },
      ]);
    });

    it('two changes at the same moment: exactly one is written, the other is told the state it lost to', async () => {
      const id = fixtureLeads[2]._id;
      const seen = (await opened(id));
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
      const id = fixtureLeads[4]._id;
      let rev = (await opened(id, boss)).rev;
      const assigned = await service.change(id, { rev, assigneeEmail: park.email }, boss);
      expect(assigned).toMatchObject({ ok: true, lead: { assignee: { email: park.email, name: park.name } } });
      rev = assigned.ok ? assigned.lead.rev : '';
      expect(await service.change(id, { rev, assigneeEmail: retired.email }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev, assigneeEmail: 'nobody@example.com' }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev, status: 'bogus' as never }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change(id, { rev }, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.change('lead-missing', { rev, status: 'new' }, boss)).toEqual({ ok: false, error: 'notFound' });
      const cleared = await service.change(id, { rev, assigneeEmail: null }, boss);
      expect(cleared).toMatchObject({ ok: true, lead: { assignee: null } });
    });

    it('memos from two staff at once are both kept, in order of writing, with author and time', async () => {
      const id = fixtureLeads[5]._id;
      const results = await Promise.all([
        service.addMemo(id, '첫 통화: 부재중', kim),
        service.addMemo(id, '문자 남김\n다시 연락 예정', lee),
      ]);
      expect(results.every((result) => result.ok)).toBe(true);
      const memos = (await opened(id)).memos;
      expect(memos.map(({ authorEmail, authorName, text }) => ({ authorEmail, authorName, text })).sort((a, b) => a.authorEmail.localeCompare(b.authorEmail))).toEqual([
        { authorEmail: kim.email, authorName: kim.name, text: '첫 통화: 부재중' },
        { authorEmail: lee.email, authorName: lee.name, text: '문자 남김\n다시 연락 예정' },
      ]);
      expect(new Set(memos.map((memo) => memo.key)).size).toBe(2);
      expect(await service.addMemo(id, '   ', kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo(id, '\u202e\u200b', kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo(id, 'x'.repeat(2001), kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.addMemo('lead-missing', '메모', kim)).toEqual({ ok: false, error: 'notFound' });
      expect(audit.entries.filter((entry) => entry.action === 'leadMemo').map((entry) => entry.actor).sort()).toEqual([kim.email, lee.email]);
    });

    it('통화 결과: a listed result with a future 재통화 time (Seoul) is kept with who and when, revision-checked and recorded', async () => {
      const id = fixtureLeads[6]._id;
      const seen = (await opened(id));
      expect(seen.calls).toEqual([]);
      expect(await service.callResults()).toEqual(['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류']);
      const callback = `${shiftDay(TODAY, 1)}T14:30`;
      const saved = await service.recordCall(id, { rev: seen.rev, result: '재통화 요청', callbackAt: callback }, kim);
      expect(saved.ok).toBe(true);
      const { calls } = (await opened(id));
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
      // The revision seen before the first call is stale now: nothing written, the current state returned.
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
      expect(audit.entries.filter((entry) => entry.action === 'leadCall').map((entry) => [entry.actor, entry.target, entry.detail])).toEqual([
        [kim.email, id, `재통화 요청, 재통화 ${shiftDay(TODAY, 1)} 14:30`],
        [lee.email, id, '부재'],
      ]);
    });

    it('통화 결과 refused: a result off the list, a 재통화 time not in the future or not a time; nothing written or recorded', async () => {
      const id = fixtureLeads[7]._id;
      const { rev } = (await opened(id));
      expect(await service.recordCall(id, { rev, result: '연결됨' }, kim)).toEqual({ ok: false, error: 'unknownCallResult' });
      // NOW is 10:00 in Seoul: 09:59 today has passed, and so has 10:00.
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: `${TODAY}T10:00` }, kim)).toEqual({ ok: false, error: 'callbackNotFuture' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: `${TODAY}T09:59` }, kim)).toEqual({ ok: false, error: 'callbackNotFuture' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: '2026-02-30T10:00' }, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.recordCall(id, { rev, result: '부재', callbackAt: '내일 오후' }, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.recordCall('lead-missing', { rev, result: '부재' }, kim)).toEqual({ ok: false, error: 'notFound' });
      expect((await opened(id)).calls).toEqual([]);
      expect(audit.entries.some((entry) => entry.action === 'leadCall')).toBe(false);
    });

    it('통화 결과 list: marketing\'s own list in leadSettings replaces the default; an empty one keeps it', async () => {
      await backend.leads.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', callResults: [] } } as Mutation]);
      expect(await service.callResults()).toEqual(['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류']);
      await backend.leads.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', callResults: ['연결', ' 부재 ', '연결'] } } as Mutation]);
      expect(await service.callResults()).toEqual(['연결', '부재']);
      const id = fixtureLeads[9]._id;
      const { rev } = (await opened(id));
      expect(await service.recordCall(id, { rev, result: '통화 완료' }, kim)).toEqual({ ok: false, error: 'unknownCallResult' });
      expect((await service.recordCall(id, { rev, result: '연결' }, kim)).ok).toBe(true);
    });

    it('a memo written while another staff member changes the status: both are kept', async () => {
      const id = fixtureLeads[8]._id;
      const seen = (await opened(id));
      const [memo, change] = await Promise.all([service.addMemo(id, '방문 희망', lee), service.change(id, { rev: seen.rev, status: 'visitBooked' }, kim)]);
      expect(memo.ok).toBe(true);
      // The memo may land first and move the revision on: then the change is refused and retried.
      const final = change.ok ? change : await service.change(id, { rev: (change as { current: { rev: string } }).current.rev, status: 'visitBooked' }, kim);
      expect(final.ok).toBe(true);
      const lead = (await opened(id));
      expect(lead.status).toBe('visitBooked');
      expect(lead.memos.map((entry) => entry.text)).toEqual(['방문 희망']);
    });

    it('the visit sheet lists the day\'s slots and bookings; a check-in sets 방문 완료 and shows on it', async () => {
      const sheet = await service.visits(TODAY);
      const bookedToday = fixtureLeads.filter((lead) => lead.visitAt?.startsWith(TODAY));
      expect(sheet.slots.map((slot) => slot.time)).toEqual(['11:00', '14:00', '16:00']);
      expect(sheet.slots.flatMap((slot) => slot.bookings.map((booking) => booking.leadId)).sort()).toEqual(bookedToday.map((lead) => lead._id).sort());
      for (const slot of sheet.slots) expect(slot.booked).toBe(slot.bookings.length);
      const booking = sheet.slots.find((slot) => slot.bookings.length > 0)!.bookings[0];
      expect(booking.maskedPhone).toMatch(/^010-\*\*\*\*-\d{4}$/);

      const checkedIn = await service.checkIn(booking.leadId, booking.rev, kim);
      expect(checkedIn).toMatchObject({ ok: true, lead: { status: 'visited', checkedInAt: expect.any(String) } });
      // The same sheet, still open at the other desk: its revision is stale now.
      expect(await service.checkIn(booking.leadId, booking.rev, lee)).toMatchObject({ ok: false, error: 'conflict', current: { status: 'visited' } });
      const after = (await service.visits(TODAY)).slots.flatMap((slot) => slot.bookings).find((entry) => entry.leadId === booking.leadId);
      expect(after).toMatchObject({ status: 'visited', checkedInAt: expect.any(String) });
      expect(audit.entries.filter((entry) => entry.action === 'visitCheckIn')).toEqual([expect.objectContaining({ actor: kim.email, target: booking.leadId })]);
      expect((await service.visits('2026-01-01')).slots).toEqual([]);
    });

    /** The first booking on `day`'s sheet that is not checked in, and its slot. */
    async function openBooking(day: string) {
      const slot = (await service.visits(day)).slots.find((entry) => entry.bookings.some((booking) => !booking.checkedInAt))!;
      return { slot, booking: slot.bookings.find((booking) => !booking.checkedInAt)! };
    }

    it('a check-in only on the visit\'s day in Seoul: the day before and the day after are refused, nothing written or recorded', async () => {
      const { booking } = await openBooking(TODAY);
      const at = (time: string) => start({ now: () => Date.parse(`${time}+09:00`) });
      expect(await at(`${shiftDay(TODAY, -1)}T23:59:00`).checkIn(booking.leadId, booking.rev, kim)).toEqual({ ok: false, error: 'notToday' });
      const tomorrow = (await openBooking(shiftDay(TODAY, 1))).booking;
      expect(await at(`${TODAY}T23:59:00`).checkIn(tomorrow.leadId, tomorrow.rev, kim)).toEqual({ ok: false, error: 'notToday' });
      expect(await at(`${shiftDay(TODAY, 1)}T00:01:00`).checkIn(booking.leadId, booking.rev, kim)).toEqual({ ok: false, error: 'notToday' });
      expect(audit.entries.filter((entry) => entry.action === 'visitCheckIn')).toEqual([]);
      expect((await opened(booking.leadId)).checkedInAt).toBeNull();
      // 23:59 in Seoul is still the day (14:59 UTC).
      expect(await at(`${TODAY}T23:59:00`).checkIn(booking.leadId, booking.rev, kim)).toMatchObject({ ok: true, lead: { status: 'visited' } });
    });

    it('a manager undoes a check-in: 방문 예약 again, the time cleared, recorded; a 상담사 cannot', async () => {
      const { booking } = await openBooking(TODAY);
      const checkedIn = await service.checkIn(booking.leadId, booking.rev, kim);
      const rev = checkedIn.ok ? checkedIn.lead.rev : '';
      expect(await service.undoCheckIn(booking.leadId, rev, kim)).toEqual({ ok: false, error: 'forbidden' });
      const undone = await service.undoCheckIn(booking.leadId, rev, boss);
      expect(undone).toMatchObject({ ok: true, lead: { status: 'visitBooked', checkedInAt: null } });
      // The sheet still open elsewhere: its revision is stale.
      expect(await service.undoCheckIn(booking.leadId, rev, boss)).toMatchObject({ ok: false, error: 'conflict' });
      const row = (await service.visits(TODAY)).slots.flatMap((slot) => slot.bookings).find((entry) => entry.leadId === booking.leadId);
      expect(row).toMatchObject({ status: 'visitBooked', checkedInAt: null });
      expect(audit.entries.filter((entry) => entry.action === 'visitCheckInUndo').map(({ actor, target }) => ({ actor, target }))).toEqual([
        { actor: boss.email, target: booking.leadId },
      ]);
      // Not checked in (any more): nothing to undo.
      expect(await service.undoCheckIn(booking.leadId, undone.ok ? undone.lead.rev : '', boss)).toEqual({ ok: false, error: 'invalid' });
    });

    it('a status set back before the visit clears the check-in time (a manager only); 계약 keeps it', async () => {
      const { booking } = await openBooking(TODAY);
      const checkedIn = await service.checkIn(booking.leadId, booking.rev, kim);
      let rev = checkedIn.ok ? checkedIn.lead.rev : '';
      const contracted = await service.change(booking.leadId, { rev, status: 'contracted' }, kim);
      expect(contracted).toMatchObject({ ok: true, lead: { status: 'contracted', checkedInAt: expect.any(String) } });
      rev = contracted.ok ? contracted.lead.rev : '';
      expect(await service.change(booking.leadId, { rev, status: 'consulted' }, kim)).toEqual({ ok: false, error: 'forbidden' });
      expect((await opened(booking.leadId))).toMatchObject({ status: 'contracted', checkedInAt: expect.any(String) });
      const back = await service.change(booking.leadId, { rev, status: 'consulted' }, boss);
      expect(back).toMatchObject({ ok: true, lead: { status: 'consulted', checkedInAt: null } });
    });

    it('무효 releases the booked place once (the slot counts one less, the sheet drops the lead), even for two saves at once', async () => {
      const day = shiftDay(TODAY, 1);
      const { slot, booking } = await openBooking(day);
      const results = await Promise.all([
        service.change(booking.leadId, { rev: booking.rev, status: 'invalid' }, kim),
        service.change(booking.leadId, { rev: booking.rev, status: 'invalid' }, lee),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const released = results.find((result) => result.ok)!;
      expect(released).toMatchObject({ ok: true, lead: { status: 'invalid', visitSlotStatus: 'released', visitAt: expect.any(String) } });
      const after = (await service.visits(day)).slots.find((entry) => entry.id === slot.id)!;
      expect(after.booked).toBe(slot.booked - 1);
      expect(after.bookings.map((entry) => entry.leadId)).not.toContain(booking.leadId);
      // Set back from 무효: the place stays released (booking again is a new booking), counted once.
      const back = await service.change(booking.leadId, { rev: released.ok ? released.lead.rev : '', status: 'contacting' }, kim);
      expect(back).toMatchObject({ ok: true, lead: { status: 'contacting', visitSlotStatus: 'released' } });
      const again = await service.change(booking.leadId, { rev: back.ok ? back.lead.rev : '', status: 'invalid' }, kim);
      expect(again.ok).toBe(true);
      expect((await service.visits(day)).slots.find((entry) => entry.id === slot.id)!.booked).toBe(slot.booked - 1);
      // A lead without a booking: 무효 touches no slot.
      const unbooked = fixtureLeads[1];
      const seen = (await opened(unbooked._id));
      expect(await service.change(unbooked._id, { rev: seen.rev, status: 'invalid' }, kim)).toMatchObject({ ok: true, lead: { visitSlotStatus: null } });
    });

    it('무효 whose audit record cannot be stored is undone, the place taken back', async () => {
      const day = shiftDay(TODAY, 2);
      const { slot, booking } = await openBooking(day);
      const failingAudit = new MemoryAuditTrail();
      failingAudit.record = () => Promise.reject(new Error('audit store down'));
      await expect(start({ audit: failingAudit }).change(booking.leadId, { rev: booking.rev, status: 'invalid' }, kim)).rejects.toThrow('audit store down');
      const after = (await service.visits(day)).slots.find((entry) => entry.id === slot.id)!;
      expect(after.booked).toBe(slot.booked);
      expect(after.bookings.find((entry) => entry.leadId === booking.leadId)).toMatchObject({ status: booking.status });
    });

    it('dashboard: new leads today / 7 / 30 days, by day, by form, by source, slot fill for 14 days', async () => {
      const dashboard = await service.dashboard(TODAY);
      const days = fixtureLeads.map((lead) => seoulDay(lead.createdAt));
      const within = (first: string) => days.filter((day) => day >= first && day <= TODAY).length;
      expect(dashboard.newLeads).toEqual({ today: within(TODAY), last7Days: within('2026-11-17'), last30Days: within('2026-10-25') });
      expect(dashboard.byDay).toHaveLength(30);
      expect(dashboard.byDay[0].date).toBe('2026-10-25');
      expect(dashboard.byDay.at(-1)).toEqual({ date: TODAY, count: within(TODAY) });
      expect(dashboard.byDay.reduce((sum, day) => sum + day.count, 0)).toBe(dashboard.newLeads.last30Days);
      const recent = fixtureLeads.filter((lead) => seoulDay(lead.createdAt) >= '2026-10-25');
      expect(dashboard.byForm).toEqual(['popup', 'home', 'customer', 'walkIn', 'phoneIn'].map((formKind) => ({ formKind, count: recent.filter((lead) => lead.formKind === formKind).length })));
      expect(dashboard.bySource.reduce((sum, entry) => sum + entry.count, 0)).toBe(recent.length);
      expect(dashboard.bySource.find((entry) => entry.source === null)?.count).toBe(recent.filter((lead) => !lead.utm?.source).length);
      expect(dashboard.bySource.map((entry) => entry.count)).toEqual([...dashboard.bySource.map((entry) => entry.count)].sort((a, b) => b - a));
      expect(dashboard.slotFill).toHaveLength(14);
      expect(dashboard.slotFill.slice(0, 3).map((day) => day.capacity)).toEqual([12, 12, 12]);
      expect(dashboard.slotFill.reduce((sum, day) => sum + day.booked, 0)).toBe(fixtureLeads.filter((lead) => lead.visitSlotStatus === 'booked').length);
      expect(dashboard.slotFill[3]).toEqual({ date: '2026-11-26', capacity: 0, booked: 0 });
    });

    it('export: exactly the filtered rows, whole phones, and one leadExport record with the filters and count', async () => {
      const filters: LeadFilters = { marketing: true, status: LEAD_STATUSES[2] };
      const rows: LeadExportRow[] = [];
      const count = await service.exportLeads(filters, kim, { format: 'csv', reason: '주간 보고' }, async (exported) => {
        for await (const row of exported) rows.push(row);
      });
      expect(count).toBe(rows.length);
      const expected = fixtureLeads.filter((lead) => lead.consent.marketing && lead.status === LEAD_STATUSES[2]).sort(newestFirst);
      expect(rows.map((row) => row.id)).toEqual(expected.map((lead) => lead._id));
      expect(rows[0]).toMatchObject({ phone: expected[0].phone, status: LEAD_STATUSES[2], marketing: true });
      expect(audit.entries).toEqual([
        expect.objectContaining({ actor: kim.email, action: 'leadExport', ip: kim.ip, detail: `csv ${expected.length}건 · marketing=yes&status=${LEAD_STATUSES[2]} · 사유: 주간 보고` }),
      ]);
    });

    it('an export by a phone number keeps the number masked in its record, as the phone search does', async () => {
      for (const q of ['010-1111-2222', '01011112222', '1111 2222']) {
        await service.exportLeads({ q }, kim, { format: 'csv', reason: '문의 고객 확인' }, async (rows) => {
          for await (const _row of rows) void _row;
        });
      }
      const details = audit.entries.map((entry) => entry.detail ?? '');
      expect(details).toHaveLength(3);
      for (const detail of details) expect(detail).not.toMatch(/1111|2222/);
      expect(details[0]).toContain('q=***-****-****');
    });

    it('export of more rows than one page reads page after page, and a download stopped half-way is still recorded', async () => {
      let all = 0;
      await service.exportLeads({}, kim, { format: 'xlsx', reason: '백업' }, async (rows) => {
        for await (const row of rows) all += row.id ? 1 : 0;
      });
      expect(all).toBe(LEAD_COUNT);
      const cut = service.exportLeads({}, lee, { format: 'csv', reason: '백업' }, async (rows) => {
        let taken = 0;
        for await (const _row of rows) {
          taken += 1;
          if (taken === 5) throw new Error('the download was closed');
        }
      });
      await expect(cut).rejects.toThrow('the download was closed');
      expect(audit.entries.map((entry) => entry.detail)).toEqual([`xlsx ${LEAD_COUNT}건 · 전체 · 사유: 백업`, 'csv 5건 (중단) · 전체 · 사유: 백업']);
    });

    it('an action whose audit record cannot be stored does not happen', async () => {
      const failingAudit = new MemoryAuditTrail();
      failingAudit.record = () => Promise.reject(new Error('audit store down'));
      const failing = start({ audit: failingAudit });
      const id = fixtureLeads[6]._id;
      const seen = (await opened(id));
      await expect(failing.lead(id, kim)).rejects.toThrow('audit store down');
      await expect(failing.revealPhone(id, kim)).rejects.toThrow('audit store down');
      await expect(failing.change(id, { rev: seen.rev, status: 'contracted' }, kim)).rejects.toThrow('audit store down');
      await expect(failing.addMemo(id, '메모', kim)).rejects.toThrow('audit store down');
      const after = (await opened(id));
      // The change was saved, then undone when its record could not be stored.
      expect(after).toMatchObject({ status: seen.status, memos: [] });
    });

    it('seven saves with one revision arriving together: one is saved and recorded, six refused and not recorded', async () => {
      const id = fixtureLeads[7]._id;
      const seen = (await opened(id));
      const before = audit.entries.length;
      const results = await Promise.all(
        Array.from({ length: 7 }, (_, index) => service.change(id, { rev: seen.rev, status: LEAD_STATUSES[1 + (index % 3)] }, index % 2 ? kim : lee)),
      );
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.error === 'conflict')).toHaveLength(6);
      const saved = results.find((result) => result.ok);
      const changes = audit.entries.slice(before).filter((entry) => entry.action === 'leadChange');
      expect(changes).toHaveLength(1);
      expect(changes[0].detail).toBe(`상태 ${LEAD_STATUS_LABELS[seen.status]} → ${saved?.ok ? LEAD_STATUS_LABELS[saved.lead.status] : ''}`);
    });
  });
}
