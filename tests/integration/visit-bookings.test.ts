/**
 * Visits booked by staff and slots made in the console, on the embedded store and on PostgreSQL
 * (with the SQL reads the server uses): a slot's capacity holds across the site's forms, the lead
 * page and the desk, also when they book at once; move and cancel give the place back; a walk-in
 * is checked in at once under a form kind of its own; slots are created for a day or a week,
 * edited never below the places booked, deleted only empty, and only by admin and 팀장.
 */
import type { AppLoadContext } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { action as slotsAction } from '../../web/app/routes/console/slots';
import type { Mutation } from '../../web/server/content/types';
import { LeadConsoleService } from '../../web/server/console/lead-console';
import { saveLead, type LeadDocument } from '../../web/server/leads/store';
import type { StaffActor } from '../../web/server/console/types';
import { MemoryAuditTrail } from './memory-audit-trail';
import { postgresLeadsWithReads, sqliteLeadsWithReads, type LeadsWithReads } from './lead-stores-with-reads';

const TODAY = '2026-11-28';
/** 10:00 in Seoul on TODAY. */
const NOW = Date.parse(`${TODAY}T10:00:00+09:00`);
const TOMORROW = '2026-11-29';

const sales: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };
const admin: StaffActor = { email: 'park@example.com', name: '박관리', role: 'admin', ip: '10.0.0.2' };

function slot(id: string, capacity: number, date = TOMORROW, time = '14:00') {
  return { _id: id, _type: 'visitSlot', date, time, capacity, booked: 0 };
}

function lead(index: number): LeadDocument & { status: 'new' } {
  return {
    _id: `lead-${String(index).padStart(4, '0')}`,
    _type: 'lead',
    name: `고객${index}`,
    phone: `0101234${String(index).padStart(4, '0')}`,
    createdAt: new Date(NOW - index * 60_000).toISOString(),
    formKind: 'popup',
    status: 'new',
    consent: { privacy: true, ageOver14: true, marketing: false, noticeVersion: 'v1', agreedAt: new Date(NOW).toISOString() },
  };
}

const LEADS = 24;

const stores: Record<string, (mutations: Mutation[]) => Promise<LeadsWithReads>> = {
  'embedded (SQLite)': sqliteLeadsWithReads,
  PostgreSQL: postgresLeadsWithReads,
};

for (const [storeName, open] of Object.entries(stores)) {
  describe(`visit bookings and slots on ${storeName}`, () => {
    let store: LeadsWithReads;
    let audit: MemoryAuditTrail;
    let service: LeadConsoleService;

    beforeEach(async () => {
      const documents = [slot('slot-a', 3), slot('slot-b', 2, TOMORROW, '16:00'), ...Array.from({ length: LEADS }, (_, index) => lead(index + 1))];
      store = await open(documents.map((document) => ({ createOrReplace: document }) as Mutation));
      audit = new MemoryAuditTrail();
      service = new LeadConsoleService({ leads: store.leads, content: store.leads, reads: store.reads, audit, staff: { list: async () => [] }, now: () => NOW });
    });
    afterEach(async () => {
      service.close();
      await store.close();
    });

    const booked = async (slotId: string) => (await store.leads.fetch(`*[_id == $id][0].booked`, { id: slotId })) as number;
    const holders = async (slotId: string) =>
      (await store.leads.fetch(`count(*[_type == "lead" && visitSlot._ref == $id && visitSlotStatus == "booked"])`, { id: slotId })) as number;
    const revOf = async (id: string) => (await store.reads.lead(id))!._rev;
    const siteBooking = (index: number, slotId: string) =>
      saveLead(store.leads, { ...lead(100 + index), _id: `lead-site-${index}` }, slotId, 'refuse', TODAY);

    it('holds a slot to its capacity across the site form, the lead page and the desk', async () => {
      expect((await siteBooking(1, 'slot-a')).status).toBe('created');
      expect(await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales)).toMatchObject({ ok: true, lead: { visitAt: `${TOMORROW} 14:00`, status: 'visitBooked' } });
      const phoneIn = await service.bookings.register({ key: 'phone-in-0001', kind: 'phoneIn', name: '전화고객', phone: '010-5555-0001', consent: true, slotId: 'slot-a' }, sales);
      expect(phoneIn).toMatchObject({ ok: true, visitAt: `${TOMORROW} 14:00` });
      // Full now, whichever way in.
      expect((await siteBooking(2, 'slot-a')).status).toBe('slotFull');
      expect(await service.bookings.book('lead-0002', await revOf('lead-0002'), 'slot-a', sales)).toEqual({ ok: false, error: 'slotFull' });
      expect(await service.bookings.register({ key: 'phone-in-0002', kind: 'phoneIn', name: '전화고객둘', phone: '010-5555-0002', consent: true, slotId: 'slot-a' }, sales)).toEqual({
        ok: false,
        error: 'slotFull',
      });
      expect(await booked('slot-a')).toBe(3);
      expect(await holders('slot-a')).toBe(3);
      expect(audit.entries.map((entry) => entry.action)).toEqual(['visitBook', 'deskRegister']);
    });

    it('never overbooks when the lead page and the site form book the same slot at once', async () => {
      const [fromLeadPage, fromSite] = await Promise.all([
        Promise.all(
          Array.from({ length: LEADS }, async (_, index) => {
            const id = `lead-${String(index + 1).padStart(4, '0')}`;
            return service.bookings.book(id, await revOf(id), 'slot-a', sales);
          }),
        ),
        Promise.all(Array.from({ length: LEADS }, (_, index) => siteBooking(index, 'slot-a'))),
      ]);
      const taken = fromLeadPage.filter((result) => result.ok).length + fromSite.filter((result) => result.status === 'created').length;
      expect(taken).toBe(3);
      expect(await booked('slot-a')).toBe(3);
      expect(await holders('slot-a')).toBe(3);
    }, 60_000);

    it('moves a visit to another slot and cancels it, giving each place back', async () => {
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales);
      const moved = await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-b', sales);
      expect(moved).toMatchObject({ ok: true, lead: { visitSlotId: 'slot-b', visitAt: `${TOMORROW} 16:00`, visitSlotStatus: 'booked' } });
      expect([await booked('slot-a'), await booked('slot-b')]).toEqual([0, 1]);
      expect(await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-b', sales)).toEqual({ ok: false, error: 'sameSlot' });

      const cancelled = await service.bookings.cancel('lead-0001', await revOf('lead-0001'), sales);
      expect(cancelled).toMatchObject({ ok: true, lead: { visitSlotId: null, visitAt: null, visitSlotStatus: null, status: 'contacting' } });
      expect(await booked('slot-b')).toBe(0);
      expect(await service.bookings.cancel('lead-0001', await revOf('lead-0001'), sales)).toEqual({ ok: false, error: 'notBooked' });
      expect(audit.entries.map((entry) => [entry.action, entry.detail])).toEqual([
        ['visitBook', `${TOMORROW} 14:00`],
        ['visitMove', `${TOMORROW} 14:00 → ${TOMORROW} 16:00`],
        ['visitCancel', `${TOMORROW} 16:00`],
      ]);
    });

    it('refuses a booking made from a stale page, and a past or missing slot', async () => {
      const stale = await revOf('lead-0003');
      await service.change('lead-0003', { rev: stale, status: 'contacting' }, sales);
      expect(await service.bookings.book('lead-0003', stale, 'slot-a', sales)).toMatchObject({ ok: false, error: 'conflict', current: { status: 'contacting' } });
      await store.leads.mutate([{ create: slot('slot-past', 5, '2026-11-27') }]);
      expect(await service.bookings.book('lead-0003', await revOf('lead-0003'), 'slot-past', sales)).toEqual({ ok: false, error: 'slotMissing' });
      expect(await service.bookings.book('lead-0003', await revOf('lead-0003'), 'slot-none', sales)).toEqual({ ok: false, error: 'slotMissing' });
      expect(await booked('slot-a')).toBe(0);
    });

    it('lists the days with open places for a booking', async () => {
      await store.leads.mutate([{ create: slot('slot-c', 1, TODAY, '11:00') }, { create: slot('slot-past', 5, '2026-11-27') }]);
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-c', sales);
      expect(await service.bookings.openSlots()).toEqual([
        { date: TOMORROW, slots: [{ id: 'slot-a', time: '14:00', left: 3 }, { id: 'slot-b', time: '16:00', left: 2 }] },
      ]);
    });

    it('registers a walk-in checked in at once, once per form, counted apart from the site', async () => {
      const input = { key: 'walk-in-0001', kind: 'walkIn' as const, name: ' 현장 고객 ', phone: '010 7777 0001', consent: true };
      const first = await service.bookings.register(input, sales);
      expect(first).toMatchObject({ ok: true, name: '현장 고객', visitAt: `${TODAY} 10:00`, duplicate: false });
      expect(await service.bookings.register(input, sales)).toMatchObject({ ok: true, duplicate: true });
      const id = first.ok ? first.leadId : '';
      expect(await service.lead(id, sales)).toMatchObject({ formKind: 'walkIn', status: 'visited', checkedInAt: new Date(NOW).toISOString(), consent: { noticeVersion: 'desk' } });
      const dashboard = await service.dashboard(TODAY);
      expect(dashboard.byForm.find((row) => row.formKind === 'walkIn')?.count).toBe(1);
      expect(dashboard.byForm.find((row) => row.formKind === 'popup')?.count).toBe(LEADS);
      expect((await service.list({ formKind: 'walkIn' }, {}, sales)).rows.map((row) => row.id)).toEqual([id]);
      expect(audit.entries.filter((entry) => entry.action === 'deskRegister')).toHaveLength(1);
    });

    it('puts a walk-in on the sheet of its day as checked in, with its 담당자, though it took no slot place', async () => {
      const registered = await service.bookings.register({ key: 'walk-in-0003', kind: 'walkIn', name: '현장 고객', phone: '010 7777 0003', consent: true }, sales);
      const id = registered.ok ? registered.leadId : '';
      await service.change(id, { rev: await revOf(id), assigneeEmail: sales.email }, sales);
      await store.leads.mutate([{ createOrReplace: slot('slot-today', 2, TODAY, '11:00') }]);
      const sheet = await service.visits(TODAY);
      expect(sheet.walkIns).toEqual([
        { leadId: id, rev: await revOf(id), name: '현장 고객', maskedPhone: '010-****-0003', status: 'visited', assigneeName: '김상담', lastMemo: null, checkedInAt: new Date(NOW).toISOString() },
      ]);
      expect(sheet.slots.map((daySlot) => [daySlot.id, daySlot.booked, daySlot.bookings.length])).toEqual([['slot-today', 0, 0]]);
      expect((await service.visits(TOMORROW)).walkIns).toEqual([]);
      // A phone-in books a place: it is on its slot, not among the walk-ins.
      await service.bookings.register({ key: 'phone-in-0003', kind: 'phoneIn', name: '전화 고객', phone: '010 7777 0004', consent: true, slotId: 'slot-a' }, sales);
      expect((await service.visits(TOMORROW)).walkIns).toEqual([]);
    });

    it('says in Korean what a desk registration lacks', async () => {
      const result = await service.bookings.register({ key: 'walk-in-0002', kind: 'phoneIn', name: '', phone: '12345', consent: false }, sales);
      expect(result).toMatchObject({ ok: false, error: 'invalid', fieldErrors: { name: expect.stringContaining('이름'), phone: expect.stringContaining('휴대전화'), consent: expect.stringContaining('동의'), slot: expect.stringContaining('방문 일시') } });
    });

    it('creates slots for a week in one go, skipping times a day has already', async () => {
      const week = await service.slots.create({ from: TOMORROW, days: 7, times: ['16:00', '11:00'], capacity: 4 }, 'form-key-0001', admin);
      expect(week).toMatchObject({ ok: true, skipped: [`${TOMORROW} 16:00`] });
      expect(week.ok && week.created).toHaveLength(13);
      const listed = await service.slots.list(TOMORROW, 7);
      expect(listed).toHaveLength(15);
      expect(listed.slice(0, 3).map((row) => [row.date, row.time])).toEqual([
        [TOMORROW, '11:00'],
        [TOMORROW, '14:00'],
        [TOMORROW, '16:00'],
      ]);
      // The same form posted again creates nothing new.
      expect(await service.slots.create({ from: TOMORROW, days: 7, times: ['16:00', '11:00'], capacity: 4 }, 'form-key-0001', admin)).toMatchObject({ ok: true, created: [] });
      expect(await service.slots.create({ from: TOMORROW, days: 1, times: ['25:00'], capacity: 4 }, 'form-key-0002', admin)).toEqual({ ok: false, error: 'invalid' });
      // Nobody visits in the past: a day before today, or a time of today already gone.
      expect(await service.slots.create({ from: '2020-01-01', days: 7, times: ['10:00'], capacity: 4 }, 'form-key-0004', admin)).toEqual({ ok: false, error: 'past' });
      expect(await service.slots.create({ from: TODAY, days: 1, times: ['00:00', '23:59'], capacity: 4 }, 'form-key-0005', admin)).toEqual({ ok: false, error: 'past' });
      expect(await service.slots.create({ from: TOMORROW, days: 1, times: ['10:00'], capacity: 4 }, 'form-key-0003', sales)).toEqual({ ok: false, error: 'forbidden' });
      expect(audit.entries.map((entry) => entry.action)).toEqual(['slotCreate']);
    });

    it('edits a slot never below its booked places; its booked visits follow a new time', async () => {
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales);
      await service.bookings.book('lead-0002', await revOf('lead-0002'), 'slot-a', sales);
      const [listed] = await service.slots.list(TOMORROW, 1);
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '14:00', capacity: 1 }, admin)).toEqual({ ok: false, error: 'belowBooked', booked: 2 });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '16:00', capacity: 2 }, admin)).toEqual({ ok: false, error: 'timeTaken' });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 2 }, sales)).toEqual({ ok: false, error: 'forbidden' });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 2 }, admin)).toEqual({ ok: true, moved: 2 });
      expect((await store.reads.lead('lead-0002'))?.visitAt).toBe(`${TOMORROW} 15:30`);
      // The page's revision is stale now.
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 5 }, admin)).toEqual({ ok: false, error: 'conflict' });
      expect((await service.visits(TOMORROW)).slots[0]).toMatchObject({ time: '15:30', capacity: 2, booked: 2 });
    });

    it("says the booked visits moved only when a slot's time changed under bookings", async () => {
      const say = async (fields: Record<string, string>) => {
        const request = new Request('http://localhost/admin/slots', { method: 'POST', body: new URLSearchParams({ intent: 'edit', date: TOMORROW, ...fields }) });
        const context = { auth: { session: () => admin }, leadConsole: service, clientIp: admin.ip } as unknown as AppLoadContext;
        const answer = (await slotsAction({ request, context, params: {} } as Parameters<typeof slotsAction>[0])) as unknown as { data: { tone: string; message: string } };
        // The edit form's answer: what the page says (the answer also tells the create form whether to empty).
        const { tone, message } = answer.data;
        return { tone, message };
      };
      const revOfSlot = async (id: string) => (await service.slots.list(TOMORROW, 1)).find((slot) => slot.id === id)!.rev;
      // No booking: a new capacity, a new time; nobody's visit moved.
      expect(await say({ slotId: 'slot-b', rev: await revOfSlot('slot-b'), time: '16:00', capacity: '6' })).toEqual({ tone: 'success', message: '일정을 저장했습니다.' });
      expect(await say({ slotId: 'slot-b', rev: await revOfSlot('slot-b'), time: '16:30', capacity: '6' })).toEqual({ tone: 'success', message: '일정을 저장했습니다.' });
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales);
      await service.bookings.book('lead-0002', await revOf('lead-0002'), 'slot-a', sales);
      // Booked, the capacity alone: the visits keep their time.
      expect(await say({ slotId: 'slot-a', rev: await revOfSlot('slot-a'), time: '14:00', capacity: '5' })).toEqual({ tone: 'success', message: '일정을 저장했습니다.' });
      expect(await say({ slotId: 'slot-a', rev: await revOfSlot('slot-a'), time: '15:30', capacity: '5' })).toEqual({
        tone: 'success',
        message: '일정을 저장했습니다. 예약한 고객 2명의 방문 시각도 15:30으로 함께 바뀌었습니다.',
      });
      expect((await store.reads.lead('lead-0001'))?.visitAt).toBe(`${TOMORROW} 15:30`);
    });

    it('deletes only an empty slot', async () => {
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales);
      const [a, b] = await service.slots.list(TOMORROW, 1);
      expect(await service.slots.remove('slot-a', a!.rev, admin)).toEqual({ ok: false, error: 'notEmpty', booked: 1 });
      expect(await service.slots.remove('slot-b', b!.rev, sales)).toEqual({ ok: false, error: 'forbidden' });
      expect(await service.slots.remove('slot-b', b!.rev, admin)).toEqual({ ok: true });
      expect((await service.slots.list(TOMORROW, 1)).map((row) => row.id)).toEqual(['slot-a']);
      expect(audit.entries.at(-1)).toMatchObject({ action: 'slotDelete', target: 'slot-b', detail: `${TOMORROW} 16:00` });
    });

    it('tells the assigned 상담사 once per assignment (change, bulk, hand-over, taking) and of each booking of their lead', async () => {
      const told: string[] = [];
      const revisions = new Set<string>();
      const staffAlerts = {
        staffAssigned: async (id: string, email: string, rev: string) => {
          told.push(`${id} → ${email}`);
          revisions.add(rev);
        },
        staffBooked: async (id: string, email: string) => {
          told.push(`${id} 예약 → ${email}`);
        },
      };
      const lee = { email: 'lee@example.com', name: '이상담', role: 'sales' as const, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' };
      const kim = { ...lee, email: sales.email, name: sales.name };
      // The same stores and reads (closed once, after the test), with alerts.
      service = new LeadConsoleService({ leads: store.leads, content: store.leads, reads: store.reads, audit, staff: { list: async () => [kim, lee] }, staffAlerts, now: () => NOW });
      await service.change('lead-0001', { rev: await revOf('lead-0001'), assigneeEmail: sales.email }, admin);
      // A status saved with the same 담당자, and a stale page: nobody is told again.
      await service.change('lead-0001', { rev: await revOf('lead-0001'), status: 'contacting', assigneeEmail: sales.email }, admin);
      await service.change('lead-0001', { rev: 'stale', assigneeEmail: lee.email }, admin);
      await service.assign(['lead-0001', 'lead-0002'], lee.email, admin);
      await service.handOver(lee.email, sales.email, admin);
      await service.change('lead-0003', { rev: await revOf('lead-0003'), assigneeEmail: sales.email }, sales);
      await service.bookings.book('lead-0003', await revOf('lead-0003'), 'slot-a', sales);
      await service.bookings.book('lead-0004', await revOf('lead-0004'), 'slot-a', sales);
      expect(told).toEqual([
        `lead-0001 → ${sales.email}`,
        `lead-0001 → ${lee.email}`,
        `lead-0002 → ${lee.email}`,
        `lead-0001 → ${sales.email}`,
        `lead-0002 → ${sales.email}`,
        `lead-0003 → ${sales.email}`,
        `lead-0003 예약 → ${sales.email}`,
      ]);
      expect(revisions.size).toBe(6);
    });

    it('shows the 담당자 on the day sheet', async () => {
      await service.change('lead-0001', { rev: await revOf('lead-0001'), assigneeEmail: sales.email }, sales);
      await service.bookings.book('lead-0001', await revOf('lead-0001'), 'slot-a', sales);
      expect((await service.visits(TOMORROW)).slots[0]?.bookings).toEqual([expect.objectContaining({ leadId: 'lead-0001', assigneeName: '김상담' })]);
    });
  });
}
