/**
 * Visits booked by staff and slots made in the console, over the customer tables on SQLite and
 * PostgreSQL: a slot's capacity holds across the site's forms, a customer's page and the desk, also
 * when they book at once; move and cancel give the place back; the desk finds the customer by
 * number first, joins a known number to its customer, checks a walk-in in at once and offers to
 * move a coming visit instead of taking a second place; one customer booking 24 times at once holds
 * one place; slots are created for a day or a week, edited never below the places booked, deleted
 * only empty, and only by admin and 팀장.
 */
import type { AppLoadContext } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { action as slotsAction } from '../../../web/app/routes/console/slots';
import type { LeadDetail } from '../../../web/shared/lead-dto';
import type { BookingResult } from '../../../web/shared/visit-bookings';
import type { LeadConsoleService } from '../../../web/server/console/lead-console';
import type { StaffActor } from '../../../web/server/console/types';
import { VisitBookings } from '../../../web/server/console/visit-bookings';
import { customerDetail } from '../../../web/server/customers/customer-detail';
import { funnelByCampaign } from '../../../web/server/customers/numbers';
import { register } from '../../../web/server/customers/registration';
import type { SalesDatabase } from '../../../web/server/database/index';
import { consoleOver, registered, SALES_DATABASES, slotIn, type OpenedSales } from '../../support/console-sales-databases';

const TODAY = '2026-11-28';
/** 10:00 in Seoul on TODAY. */
const NOW = Date.parse(`${TODAY}T10:00:00+09:00`);
const TOMORROW = '2026-11-29';

const sales: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };
const colleague: StaffActor = { email: 'lee@example.com', name: '이상담', role: 'sales', ip: '10.0.0.3' };
const admin: StaffActor = { email: 'park@example.com', name: '박관리', role: 'admin', ip: '10.0.0.2' };

const CUSTOMERS = 24;
const phoneOf = (index: number) => `0101234${String(index).padStart(4, '0')}`;

/**
 * The bookings service as the console builds it; what a customer's page shows after a booking is
 * the console's (its lead page), stood in for here by the customer's row and version.
 */
function bookingsOver(database: SalesDatabase) {
  return new VisitBookings({
    sales: database,
    now: () => NOW,
    actorOf: async (actor) => ({ ...actor, visibleTo: actor.role === 'sales' ? actor.email : null, takesColleagues: false }),
    current: async (customerId, written): Promise<BookingResult> => {
      const detail = await customerDetail(database, customerId);
      if (!detail) return { ok: false, error: 'notFound' };
      const lead = {
        id: detail.id,
        rev: String(detail.version),
        status: detail.status,
        assignee: detail.assigneeEmail ? { email: detail.assigneeEmail, name: detail.assigneeName } : null,
      } as unknown as LeadDetail;
      return written ? { ok: true, lead } : { ok: false, error: 'conflict', current: lead };
    },
  });
}

for (const [databaseName, open] of Object.entries(SALES_DATABASES)) {
  describe(`visit bookings and slots on ${databaseName}`, () => {
    let opened: OpenedSales;
    let db: SalesDatabase;
    let bookings: VisitBookings;
    let service: LeadConsoleService;
    let closeConsole: () => Promise<void>;
    const ids: string[] = [];

    beforeEach(async () => {
      opened = await open();
      db = opened.sales;
      await slotIn(db, 'slot-a', TOMORROW, '14:00', 3);
      await slotIn(db, 'slot-b', TOMORROW, '16:00', 2);
      ids.length = 0;
      for (let index = 1; index <= CUSTOMERS; index += 1) {
        ids.push(
          await registered(db, { id: `lead-${index}`, name: `고객${index}`, phone: phoneOf(index), createdAt: new Date(NOW - index * 60_000).toISOString() }),
        );
      }
      bookings = bookingsOver(db);
      ({ service, close: closeConsole } = await consoleOver(db, { now: () => NOW }));
    });
    afterEach(async () => {
      await closeConsole();
      await opened.close();
    });

    const booked = async (slotId: string) =>
      Number((await db.db.selectFrom('visit_slots').select('booked').where('id', '=', slotId).executeTakeFirstOrThrow()).booked);
    const holders = async (slotId: string) =>
      (await db.db.selectFrom('bookings').select('id').where('slot_id', '=', slotId).where('status', '=', 'booked').execute()).length;
    const revOf = async (customerId: string) =>
      String((await db.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirstOrThrow()).version);
    const auditOf = async () =>
      (await db.db.selectFrom('audit_events').select(['action', 'target', 'detail']).orderBy('seq').execute()).filter((row) => row.action !== 'phoneSearch');
    const siteBooking = (index: number, slotId: string) =>
      register(
        db,
        {
          id: `lead-site-${index}`,
          name: `사이트${index}`,
          phone: phoneOf(100 + index),
          createdAt: new Date(NOW).toISOString(),
          formKind: 'customer',
          consent: { marketing: false, noticeVersion: 'v1', agreedAt: new Date(NOW).toISOString() },
        },
        { assignee: null, today: TODAY, visit: { slotId, bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null } },
      );

    it('holds a slot to its capacity across the site form, the customer page and the desk', async () => {
      expect((await siteBooking(1, 'slot-a')).status).toBe('created');
      expect(await bookings.book(ids[0]!, await revOf(ids[0]!), 'slot-a', sales)).toMatchObject({ ok: true, lead: { status: 'visitBooked' } });
      const phoneIn = await bookings.register(
        { key: 'phone-in-0001', kind: 'phoneIn', name: '전화고객', phone: '010-5555-0001', consent: true, slotId: 'slot-a' },
        sales,
      );
      expect(phoneIn).toMatchObject({ ok: true, visitAt: `${TOMORROW} 14:00`, returning: false, assigneeName: null });
      // Full now, whichever way in.
      expect((await siteBooking(2, 'slot-a')).status).toBe('slotFull');
      expect(await bookings.book(ids[1]!, await revOf(ids[1]!), 'slot-a', sales)).toEqual({ ok: false, error: 'slotFull' });
      expect(
        await bookings.register({ key: 'phone-in-0002', kind: 'phoneIn', name: '전화고객둘', phone: '010-5555-0002', consent: true, slotId: 'slot-a' }, sales),
      ).toEqual({ ok: false, error: 'slotFull' });
      expect([await booked('slot-a'), await holders('slot-a')]).toEqual([3, 3]);
      expect((await auditOf()).map((entry) => entry.action)).toEqual(['visitBook', 'deskRegister']);
    });

    it('never overbooks when the customer page and the site form book the same slot at once', async () => {
      const [fromPage, fromSite] = await Promise.all([
        Promise.all(ids.map(async (id) => bookings.book(id, await revOf(id), 'slot-a', sales))),
        Promise.all(Array.from({ length: CUSTOMERS }, (_, index) => siteBooking(index, 'slot-a'))),
      ]);
      const taken = fromPage.filter((result) => result.ok).length + fromSite.filter((result) => result.status === 'created').length;
      expect(taken).toBe(3);
      expect([await booked('slot-a'), await holders('slot-a')]).toEqual([3, 3]);
    }, 60_000);

    it('one customer booking 24 times at once, from their page and by phone: one booking, one place', async () => {
      const customer = ids[0]!;
      const rev = await revOf(customer);
      const [fromPage, byPhone] = await Promise.all([
        Promise.all(Array.from({ length: 12 }, (_, index) => bookings.book(customer, rev, index % 2 ? 'slot-a' : 'slot-b', sales))),
        Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            bookings.register(
              { key: `phone-in-same-${index}`, kind: 'phoneIn', name: '김하나', phone: phoneOf(1), consent: true, slotId: index % 2 ? 'slot-a' : 'slot-b' },
              sales,
            ),
          ),
        ),
      ]);
      const coming = await db.db
        .selectFrom('bookings')
        .select(['slot_id', 'status'])
        .where('customer_id', '=', customer)
        .where('status', '=', 'booked')
        .execute();
      expect(coming).toHaveLength(1);
      expect((await booked('slot-a')) + (await booked('slot-b'))).toBe(1);
      // Each answer says what happened: booked once; the others were refused (a stale page) or offered the move.
      expect(fromPage.filter((result) => result.ok).length + byPhone.filter((result) => result.ok).length).toBe(1);
      expect(new Set(byPhone.filter((result) => !result.ok).map((result) => !result.ok && result.error))).toEqual(new Set(['alreadyBooked']));
    }, 60_000);

    it('moves a visit to another slot and cancels it, giving each place back', async () => {
      const id = ids[0]!;
      await bookings.book(id, await revOf(id), 'slot-a', sales);
      expect(await bookings.book(id, await revOf(id), 'slot-b', sales)).toMatchObject({ ok: true });
      expect([await booked('slot-a'), await booked('slot-b')]).toEqual([0, 1]);
      expect(await bookings.book(id, await revOf(id), 'slot-b', sales)).toEqual({ ok: false, error: 'sameSlot' });
      // A registration's id names its customer (an old link).
      expect(await bookings.cancel('lead-1', await revOf(id), sales)).toMatchObject({ ok: true, lead: { status: 'contacting' } });
      expect(await booked('slot-b')).toBe(0);
      expect(await bookings.cancel(id, await revOf(id), sales)).toEqual({ ok: false, error: 'notBooked' });
      expect((await auditOf()).map((entry) => [entry.action, entry.target, entry.detail])).toEqual([
        ['visitBook', id, `${TOMORROW} 14:00`],
        ['visitMove', id, `${TOMORROW} 14:00 → ${TOMORROW} 16:00`],
        ['visitCancel', id, `${TOMORROW} 16:00`],
      ]);
    });

    it("refuses a booking from a stale page, of a colleague's customer, and in a past or missing slot", async () => {
      const id = ids[2]!;
      const stale = await revOf(id);
      await bookings.book(id, stale, 'slot-b', sales);
      expect(await bookings.book(id, stale, 'slot-a', sales)).toMatchObject({ ok: false, error: 'conflict', current: { status: 'visitBooked' } });
      const theirs = await registered(
        db,
        { id: 'lead-theirs', name: '이고객', phone: '01099990000', createdAt: new Date(NOW).toISOString() },
        { assignee: { email: colleague.email, name: colleague.name } },
      );
      expect(await bookings.book(theirs, await revOf(theirs), 'slot-a', sales)).toEqual({ ok: false, error: 'notYours' });
      await slotIn(db, 'slot-past', '2026-11-27', '14:00', 5);
      expect(await bookings.book(id, await revOf(id), 'slot-past', sales)).toEqual({ ok: false, error: 'slotMissing' });
      expect(await bookings.book(id, await revOf(id), 'slot-none', sales)).toEqual({ ok: false, error: 'slotMissing' });
      expect(await bookings.book('customer-none', '1', 'slot-a', sales)).toEqual({ ok: false, error: 'notFound' });
      expect(await bookings.book(id, 'r1', 'slot-a', sales)).toEqual({ ok: false, error: 'invalid' });
      expect(await booked('slot-a')).toBe(0);
    });

    it('lists the days with open places for a booking', async () => {
      await slotIn(db, 'slot-c', TODAY, '11:00', 1);
      await slotIn(db, 'slot-past', '2026-11-27', '11:00', 5);
      await bookings.book(ids[0]!, await revOf(ids[0]!), 'slot-c', sales);
      expect(await bookings.openSlots()).toEqual([
        {
          date: TOMORROW,
          slots: [
            { id: 'slot-a', time: '14:00', left: 3 },
            { id: 'slot-b', time: '16:00', left: 2 },
          ],
        },
      ]);
    });

    it('finds the customer by number first: 기존 고객 with their 담당자 and coming visit, or nobody; the lookup is recorded', async () => {
      const theirs = await registered(
        db,
        { id: 'lead-lee', name: '김민수', phone: '01077770001', createdAt: new Date(NOW - 86_400_000).toISOString() },
        {
          assignee: { email: colleague.email, name: colleague.name },
          visit: { slotId: 'slot-b', bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null },
        },
      );
      expect(await bookings.findCustomer('010-7777-0001', sales)).toEqual({
        ok: true,
        customer: { customerId: theirs, rev: await revOf(theirs), name: '김민수', assigneeName: '이상담', comingVisitAt: `${TOMORROW} 16:00` },
      });
      expect(await bookings.findCustomer('010 7777 0009', sales)).toEqual({ ok: true, customer: null });
      expect(await bookings.findCustomer('12345', sales)).toMatchObject({
        ok: false,
        error: 'invalid',
        fieldErrors: { phone: expect.stringContaining('휴대전화') },
      });
      const searches = await db.db
        .selectFrom('audit_events')
        .select(['action', 'target', 'actor'])
        .where('action', '=', 'phoneSearch')
        .orderBy('seq')
        .execute();
      expect(searches).toEqual([
        { action: 'phoneSearch', target: theirs, actor: sales.email },
        { action: 'phoneSearch', target: null, actor: sales.email },
      ]);
    });

    it('a phone-in for a customer with a coming visit offers to move it, stores nothing, and moves it when told: one booking, the old place given back', async () => {
      const customer = await registered(
        db,
        { id: 'lead-kim', name: '김민수', phone: '01077770002', createdAt: new Date(NOW - 86_400_000).toISOString() },
        {
          assignee: { email: sales.email, name: sales.name },
          visit: { slotId: 'slot-a', bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null },
        },
      );
      const input = { key: 'phone-in-move-1', kind: 'phoneIn' as const, name: '김민수', phone: '010-7777-0002', consent: true, slotId: 'slot-b' };
      const offered = await bookings.register(input, sales);
      expect(offered).toEqual({
        ok: false,
        error: 'alreadyBooked',
        customer: { customerId: customer, rev: await revOf(customer), name: '김민수', assigneeName: '김상담', comingVisitAt: `${TOMORROW} 14:00` },
      });
      expect([await booked('slot-a'), await booked('slot-b')]).toEqual([1, 0]);
      expect(await db.db.selectFrom('registrations').select('id').where('customer_id', '=', customer).execute()).toHaveLength(1);

      const rev = !offered.ok && offered.error === 'alreadyBooked' ? offered.customer.rev : '';
      const moved = await bookings.register({ ...input, moveRev: rev }, sales);
      expect(moved).toEqual({
        ok: true,
        leadId: customer,
        kind: 'phoneIn',
        name: '김민수',
        visitAt: `${TOMORROW} 16:00`,
        duplicate: false,
        returning: true,
        assigneeName: '김상담',
        movedFrom: `${TOMORROW} 14:00`,
      });
      const rows = await db.db
        .selectFrom('bookings')
        .select(['slot_id', 'status'])
        .where('customer_id', '=', customer)
        .orderBy('created_at')
        .orderBy('status')
        .execute();
      expect(rows.filter((row) => row.status === 'booked')).toEqual([{ slot_id: 'slot-b', status: 'booked' }]);
      expect([await booked('slot-a'), await booked('slot-b')]).toEqual([0, 1]);
      // The same post again (a double submit): the visit is where it was asked to be, nothing moves twice.
      expect(await bookings.register({ ...input, moveRev: rev }, sales)).toMatchObject({ ok: true, duplicate: true, visitAt: `${TOMORROW} 16:00` });
      expect([await booked('slot-a'), await booked('slot-b')]).toEqual([0, 1]);
      expect((await auditOf()).map((entry) => entry.action)).toEqual(['visitMove']);
    });

    it('a known number at the desk joins its customer: the 담당자 and memos stay, the walk-in is checked in and moves the status to 방문 완료', async () => {
      const customer = await registered(
        db,
        { id: 'lead-naver', name: '박지은', phone: '01077770003', createdAt: new Date(NOW - 86_400_000).toISOString(), utm: { source: 'naver' } },
        { assignee: { email: sales.email, name: sales.name } },
      );
      const walkIn = await bookings.register({ key: 'walk-in-known-1', kind: 'walkIn', name: '박지은', phone: '010-7777-0003', consent: true }, colleague);
      expect(walkIn).toMatchObject({ ok: true, leadId: customer, returning: true, assigneeName: '김상담', visitAt: `${TODAY} 10:00` });
      expect(await db.db.selectFrom('customers').select(['assignee_email', 'status']).where('id', '=', customer).executeTakeFirst()).toEqual({
        assignee_email: sales.email,
        status: 'visited',
      });
      expect(await db.db.selectFrom('registrations').select('form_kind').where('customer_id', '=', customer).orderBy('created_at').execute()).toEqual([
        { form_kind: 'popup' },
        { form_kind: 'walkIn' },
      ]);
      expect(await db.db.selectFrom('bookings').select(['kind', 'status']).where('customer_id', '=', customer).execute()).toEqual([
        { kind: 'walkIn', status: 'checkedIn' },
      ]);
    });

    it('a walk-in who booked today is checked in on that booking: no 현장 방문 beside it, no place taken twice', async () => {
      await slotIn(db, 'slot-today', TODAY, '15:00', 2);
      const customer = await registered(
        db,
        { id: 'lead-today', name: '오늘고객', phone: '01077770005', createdAt: new Date(NOW - 86_400_000).toISOString() },
        {
          assignee: { email: colleague.email, name: colleague.name },
          visit: { slotId: 'slot-today', bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null },
        },
      );
      const walkIn = await bookings.register({ key: 'walk-in-booked-1', kind: 'walkIn', name: '오늘고객', phone: '010-7777-0005', consent: true }, sales);
      expect(walkIn).toEqual({
        ok: true,
        leadId: customer,
        kind: 'walkIn',
        name: '오늘고객',
        visitAt: `${TODAY} 15:00`,
        duplicate: false,
        returning: true,
        assigneeName: '이상담',
        checkedInBooking: true,
      });
      expect(await db.db.selectFrom('bookings').select(['kind', 'status', 'checked_in_at']).where('customer_id', '=', customer).execute()).toEqual([
        { kind: 'site', status: 'checkedIn', checked_in_at: new Date(NOW).toISOString() },
      ]);
      expect(await booked('slot-today')).toBe(1);
      const sheet = await service.visits(TODAY);
      expect(sheet.walkIns).toEqual([]);
      expect(sheet.slots[0]?.bookings).toEqual([expect.objectContaining({ leadId: customer, status: 'visited', checkedInAt: new Date(NOW).toISOString() })]);
      expect((await auditOf()).map((entry) => entry.action)).toEqual(['visitCheckIn']);
    });

    it('registers a walk-in checked in at once, once per form; a 현장 방문, not a booking', async () => {
      const input = { key: 'walk-in-0001', kind: 'walkIn' as const, name: ' 현장 고객 ', phone: '010 7777 0011', consent: true };
      const first = await bookings.register(input, sales);
      expect(first).toMatchObject({ ok: true, name: '현장 고객', visitAt: `${TODAY} 10:00`, duplicate: false, returning: false });
      expect(await bookings.register(input, sales)).toMatchObject({ ok: true, duplicate: true });
      const id = first.ok ? first.leadId : '';
      expect(await db.db.selectFrom('registrations').select(['form_kind', 'notice_version']).where('customer_id', '=', id).execute()).toEqual([
        { form_kind: 'walkIn', notice_version: 'desk' },
      ]);
      const dashboard = await service.dashboard(TODAY);
      expect(dashboard.visitsToday).toEqual({ bookings: 0, walkIns: 1, made: 1 });
      expect(dashboard.byForm.find((row) => row.formKind === 'walkIn')?.count).toBe(1);
      expect(dashboard.byForm.find((row) => row.formKind === 'popup')?.count).toBe(CUSTOMERS);
      expect(dashboard.customers.today).toBe(CUSTOMERS + 1);
      expect((await auditOf()).filter((entry) => entry.action === 'deskRegister')).toEqual([
        { action: 'deskRegister', target: id, detail: `현장 방문 확인 ${TODAY} 10:00` },
      ]);
    });

    it('puts a walk-in on the sheet of its day as checked in, with its 담당자, though it took no slot place', async () => {
      const known = await registered(
        db,
        { id: 'lead-walk', name: '현장 고객', phone: '01077770003', createdAt: new Date(NOW - 86_400_000).toISOString() },
        { assignee: { email: sales.email, name: sales.name } },
      );
      await bookings.register({ key: 'walk-in-0003', kind: 'walkIn', name: '현장 고객', phone: '010 7777 0003', consent: true }, sales);
      await slotIn(db, 'slot-today', TODAY, '11:00', 2);
      const sheet = await service.visits(TODAY);
      expect(sheet.walkIns).toEqual([
        {
          leadId: known,
          rev: await revOf(known),
          name: '현장 고객',
          maskedPhone: '010-****-0003',
          status: 'visited',
          assigneeName: '김상담',
          lastMemo: null,
          checkedInAt: new Date(NOW).toISOString(),
        },
      ]);
      expect(sheet.slots.map((daySlot) => [daySlot.id, daySlot.booked, daySlot.bookings.length])).toEqual([['slot-today', 0, 0]]);
      // A phone-in books a place: it is on its slot, not among the walk-ins.
      const phoneIn = await bookings.register(
        { key: 'phone-in-0003', kind: 'phoneIn', name: '전화 고객', phone: '010 7777 0004', consent: true, slotId: 'slot-a' },
        sales,
      );
      const tomorrow = await service.visits(TOMORROW);
      expect(tomorrow.walkIns).toEqual([]);
      expect(tomorrow.slots[0]?.bookings).toEqual([
        expect.objectContaining({ leadId: phoneIn.ok ? phoneIn.leadId : '', name: '전화 고객', assigneeName: null, checkedInAt: null }),
      ]);
    });

    it('the desk takes 마케팅 동의, 유입 경로 and 동반 인원: stored on the registration, the 유입 경로 as its source and campaign, so the walk-in counts for it in the funnel', async () => {
      const walkIn = await bookings.register(
        { key: 'walk-in-0101', kind: 'walkIn', name: '현수막 고객', phone: '010 7777 0101', consent: true, marketing: true, source: '현수막', companions: '2' },
        sales,
      );
      expect(walkIn).toMatchObject({ ok: true, duplicate: false });
      const id = walkIn.ok ? walkIn.leadId : '';
      expect(
        await db.db
          .selectFrom('registrations')
          .select(['marketing_consent', 'utm_source', 'utm_campaign', 'campaign_key', 'companions'])
          .where('customer_id', '=', id)
          .execute(),
      ).toEqual([{ marketing_consent: 1, utm_source: '현수막', utm_campaign: '현수막', campaign_key: '현수막', companions: 2 }]);
      expect(await db.db.selectFrom('customers').select('marketing_consent').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ marketing_consent: 1 });
      // Nothing chosen: no consent to marketing, no source, no companions.
      const plain = await bookings.register({ key: 'walk-in-0102', kind: 'walkIn', name: '현장 고객', phone: '010 7777 0102', consent: true }, sales);
      const plainId = plain.ok ? plain.leadId : '';
      expect(
        await db.db
          .selectFrom('registrations')
          .select(['marketing_consent', 'utm_source', 'campaign_key', 'companions'])
          .where('customer_id', '=', plainId)
          .execute(),
      ).toEqual([{ marketing_consent: 0, utm_source: null, campaign_key: null, companions: null }]);
      expect((await funnelByCampaign(db, { from: TODAY, to: TODAY })).find((row) => row.campaignKey === '현수막')).toEqual({
        campaignKey: '현수막',
        customers: 1,
        called: 0,
        visited: 1,
        contracted: 0,
      });
    });

    it('refuses, in Korean, a 유입 경로 not on the list and a 동반 인원 that is not a whole number from 0 to 20; nothing is stored', async () => {
      for (const [source, companions] of [
        ['신문', '1'],
        ['현수막', '-1'],
        ['현수막', '21'],
        ['현수막', '두 명'],
        ['현수막', '1.5'],
      ] as const) {
        const result = await bookings.register(
          {
            key: `walk-in-bad-${source}-${companions}`.replace(/[^\w-]/g, 'x'),
            kind: 'walkIn',
            name: '현장 고객',
            phone: '010 7777 0199',
            consent: true,
            source,
            companions,
          },
          sales,
        );
        expect(result).toMatchObject({ ok: false, error: 'invalid' });
        const fieldErrors = result.ok || result.error !== 'invalid' ? {} : result.fieldErrors;
        if (source === '신문') expect(fieldErrors).toEqual({ source: '유입 경로는 목록에서 골라 주세요.' });
        else expect(fieldErrors).toEqual({ companions: '동반 인원은 0에서 20 사이의 숫자로 입력해 주세요.' });
      }
      expect(await db.db.selectFrom('customers').select('id').where('phone', '=', '01077770199').execute()).toEqual([]);
    });

    it('offers the 유입 경로 list marketing keeps in the Studio, or the default one when it is empty', async () => {
      expect(await bookings.deskSources()).toEqual(['현수막', '지인 소개', '전단', '인터넷', '기타']);
      const edited = new VisitBookings({
        sales: db,
        now: () => NOW,
        actorOf: async (actor) => ({ ...actor, visibleTo: null, takesColleagues: false }),
        current: async () => ({ ok: false, error: 'notFound' }),
        deskSources: async () => [' 현수막 ', '라디오', ''],
      });
      expect(await edited.deskSources()).toEqual(['현수막', '라디오']);
      expect(
        await edited.register({ key: 'walk-in-radio', kind: 'walkIn', name: '라디오 고객', phone: '010 7777 0103', consent: true, source: '라디오' }, sales),
      ).toMatchObject({ ok: true });
    });

    it('says in Korean what a desk registration lacks', async () => {
      const result = await bookings.register({ key: 'walk-in-0002', kind: 'phoneIn', name: '', phone: '12345', consent: false }, sales);
      expect(result).toMatchObject({
        ok: false,
        error: 'invalid',
        fieldErrors: {
          name: expect.stringContaining('이름'),
          phone: expect.stringContaining('휴대전화'),
          consent: expect.stringContaining('동의'),
          slot: expect.stringContaining('방문 일시'),
        },
      });
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
      expect(await service.slots.create({ from: TOMORROW, days: 7, times: ['16:00', '11:00'], capacity: 4 }, 'form-key-0001', admin)).toMatchObject({
        ok: true,
        created: [],
      });
      expect(await service.slots.create({ from: TOMORROW, days: 1, times: ['25:00'], capacity: 4 }, 'form-key-0002', admin)).toEqual({
        ok: false,
        error: 'invalid',
      });
      expect(await service.slots.create({ from: '2020-01-01', days: 7, times: ['10:00'], capacity: 4 }, 'form-key-0004', admin)).toEqual({
        ok: false,
        error: 'past',
      });
      expect(await service.slots.create({ from: TODAY, days: 1, times: ['00:00', '23:59'], capacity: 4 }, 'form-key-0005', admin)).toEqual({
        ok: false,
        error: 'past',
      });
      expect(await service.slots.create({ from: TOMORROW, days: 1, times: ['10:00'], capacity: 4 }, 'form-key-0003', sales)).toEqual({
        ok: false,
        error: 'forbidden',
      });
      expect((await auditOf()).map((entry) => entry.action)).toEqual(['slotCreate']);
    });

    it('edits a slot never below its booked places; its booked visits follow a new time', async () => {
      await bookings.book(ids[0]!, await revOf(ids[0]!), 'slot-a', sales);
      await bookings.book(ids[1]!, await revOf(ids[1]!), 'slot-a', sales);
      const [listed] = await service.slots.list(TOMORROW, 1);
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '14:00', capacity: 1 }, admin)).toEqual({
        ok: false,
        error: 'belowBooked',
        booked: 2,
      });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '16:00', capacity: 2 }, admin)).toEqual({ ok: false, error: 'timeTaken' });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 2 }, sales)).toEqual({ ok: false, error: 'forbidden' });
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 2 }, admin)).toEqual({ ok: true, moved: 2 });
      expect((await db.db.selectFrom('bookings').select('visit_at').where('customer_id', '=', ids[1]!).executeTakeFirstOrThrow()).visit_at).toBe(
        `${TOMORROW} 15:30`,
      );
      expect(await service.slots.edit('slot-a', { rev: listed!.rev, time: '15:30', capacity: 5 }, admin)).toEqual({ ok: false, error: 'conflict' });
      expect((await service.visits(TOMORROW)).slots[0]).toMatchObject({ time: '15:30', capacity: 2, booked: 2 });
    });

    it("says the booked visits moved only when a slot's time changed under bookings", async () => {
      const say = async (fields: Record<string, string>) => {
        const request = new Request('http://localhost/admin/slots', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'edit', date: TOMORROW, ...fields }),
        });
        const context = { auth: { session: () => admin }, leadConsole: service, clientIp: admin.ip } as unknown as AppLoadContext;
        const answer = (await slotsAction({ request, context, params: {} } as Parameters<typeof slotsAction>[0])) as unknown as {
          data: { tone: string; message: string };
        };
        const { tone, message } = answer.data;
        return { tone, message };
      };
      const revOfSlot = async (id: string) => (await service.slots.list(TOMORROW, 1)).find((slot) => slot.id === id)!.rev;
      expect(await say({ slotId: 'slot-b', rev: await revOfSlot('slot-b'), time: '16:00', capacity: '6' })).toEqual({
        tone: 'success',
        message: '일정을 저장했습니다.',
      });
      expect(await say({ slotId: 'slot-b', rev: await revOfSlot('slot-b'), time: '16:30', capacity: '6' })).toEqual({
        tone: 'success',
        message: '일정을 저장했습니다.',
      });
      await bookings.book(ids[0]!, await revOf(ids[0]!), 'slot-a', sales);
      await bookings.book(ids[1]!, await revOf(ids[1]!), 'slot-a', sales);
      expect(await say({ slotId: 'slot-a', rev: await revOfSlot('slot-a'), time: '14:00', capacity: '5' })).toEqual({
        tone: 'success',
        message: '일정을 저장했습니다.',
      });
      expect(await say({ slotId: 'slot-a', rev: await revOfSlot('slot-a'), time: '15:30', capacity: '5' })).toEqual({
        tone: 'success',
        message: '일정을 저장했습니다. 예약한 고객 2명의 방문 시각도 15:30으로 함께 바뀌었습니다.',
      });
    });

    it('deletes only an empty slot', async () => {
      await bookings.book(ids[0]!, await revOf(ids[0]!), 'slot-a', sales);
      const [a, b] = await service.slots.list(TOMORROW, 1);
      expect(await service.slots.remove('slot-a', a!.rev, admin)).toEqual({ ok: false, error: 'notEmpty', booked: 1 });
      expect(await service.slots.remove('slot-b', b!.rev, sales)).toEqual({ ok: false, error: 'forbidden' });
      expect(await service.slots.remove('slot-b', b!.rev, admin)).toEqual({ ok: true });
      expect((await service.slots.list(TOMORROW, 1)).map((row) => row.id)).toEqual(['slot-a']);
      expect((await auditOf()).at(-1)).toMatchObject({ action: 'slotDelete', target: 'slot-b', detail: `${TOMORROW} 16:00` });
    });

    it('queues the 담당자 a message of each booking of their customer, in the booking itself', async () => {
      const mine = await registered(
        db,
        { id: 'lead-mine', name: '내고객', phone: '01088880000', createdAt: new Date(NOW).toISOString() },
        { assignee: { email: sales.email, name: sales.name } },
      );
      await bookings.book(mine, await revOf(mine), 'slot-a', sales);
      await bookings.book(ids[3]!, await revOf(ids[3]!), 'slot-a', sales);
      const queued = await db.db.selectFrom('lead_messages').select(['lead_id', 'recipient']).where('event', '=', 'staffBooking').execute();
      expect(queued).toEqual([{ lead_id: mine, recipient: sales.email }]);
    });
  });
}
