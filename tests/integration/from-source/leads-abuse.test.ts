/**
 * What one visitor (or one script) may store: a form token stores one lead, its retries included;
 * a token lives two hours; one upcoming visit booking per phone number unless the staff allow
 * more; a cap on bookings per address per day. A person who books, visits and books again later
 * with a new form is not affected.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { leadMessages } from '../../../web/shared/messages';
import { seoulDay } from '../../../web/shared/seoul-time';
import { BOOKINGS_PER_SLOT_PER_NETWORK, DEFAULT_BOOKING_IP_LIMIT } from '../../../web/server/leads/submission-limits';
import { CONSENT_VERSION, signer, startLeadApp, tokenAged, validBody, type LeadApp } from '../../support/leads-harness';

const DAY_MS = 86_400_000;
const errors = leadMessages.errors;

let app: LeadApp;

afterEach(async () => {
  await app?.close();
});

const leadCount = () => app.registrations();
/** Visits held now (booked, coming), across every customer. */
const bookedVisits = async () =>
  Number(
    (
      await app.sales.db
        .selectFrom('bookings')
        .select(({ fn }) => fn.countAll<number | string>().as('count'))
        .where('status', '=', 'booked')
        .executeTakeFirstOrThrow()
    ).count,
  );

describe('a form token', () => {
  it('stores one lead: 40 different leads on one token store one, retries of it still answer its id', async () => {
    app = await startLeadApp();
    const formToken = tokenAged();
    const first = validBody({ formToken });
    const stored = await app.post(first);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    for (let index = 0; index < 40; index += 1) {
      const other = await app.post(validBody({ formToken, name: `다른사람${String.fromCharCode(0xac00 + index)}` }));
      expect(other.status).toBe(409);
      expect(await other.json()).toEqual({ error: 'tokenUsed', message: errors.tokenUsed });
    }
    // The same visitor changing nothing but the name is another lead too.
    expect((await app.post({ ...first, name: '김철수' })).status).toBe(409);
    const retry = await app.post(first);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ id });
    expect(await leadCount()).toBe(1);
  });

  it('expires after two hours', async () => {
    app = await startLeadApp();
    expect((await app.post(validBody({ formToken: tokenAged(2 * 3600_000 - 60_000) }))).status).toBe(201);
    const expired = await app.post(validBody({ formToken: signer.issue(CONSENT_VERSION, Date.now() - 2 * 3600_000 - 60_000) }));
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: 'formExpired', message: errors.formExpired });
    expect(await leadCount()).toBe(1);
  });
});

describe('visit bookings', () => {
  let clock = Date.now();
  const dayFromNow = (days: number) => seoulDay(Date.now() + days * DAY_MS);
  const freshForm = async () => (await app.service.formData()).token;

  async function startWithSlots(options: Parameters<typeof startLeadApp>[0] = {}) {
    clock = Date.now();
    app = await startLeadApp({ now: () => clock, ...options });
    for (const day of [1, 3, 5]) await app.addSlot({ id: `visitSlot-day${day}`, capacity: 6, date: dayFromNow(day) });
  }

  it('one upcoming booking per phone; once its day has passed the person books again with a new form', async () => {
    await startWithSlots();
    const phone = '010-7000-0001';
    const booked = await app.post(validBody({ formToken: await freshForm(), phone, visitSlot: 'visitSlot-day1' }));
    expect(booked.status).toBe(201);
    const second = await app.post(validBody({ formToken: await freshForm(), phone, visitSlot: 'visitSlot-day3' }));
    // Answered as any booking (no oracle of who booked), stored as a registration without the visit.
    expect(second.status).toBe(201);
    const { id: secondId } = (await second.json()) as { id: string };
    expect(await app.lead(secondId)).toMatchObject({ phone: '01070000001', visit: null });
    expect(await app.booked('visitSlot-day3')).toBe(0);
    // Without a visit, the same phone still reaches the sales team.
    expect((await app.post(validBody({ formToken: await freshForm(), phone }))).status).toBe(201);

    // Two days later the first visit is over: a new form books another day.
    clock += 2 * DAY_MS;
    const later = await app.post(validBody({ formToken: await freshForm(), phone, visitSlot: 'visitSlot-day3' }));
    expect(later.status).toBe(201);
    expect(await bookedVisits()).toBe(1);
    expect(await app.sales.db.selectFrom('bookings').select('status').orderBy('visit_at').execute()).toEqual([{ status: 'missed' }, { status: 'booked' }]);
  });

  it('several bookings with one phone at once (PostgreSQL): one is stored; a double click of it is still one booking', async () => {
    await startWithSlots({ store: 'PostgreSQL' });
    const phone = '010-7000-0003';
    const bodies = await Promise.all(
      ['visitSlot-day1', 'visitSlot-day3', 'visitSlot-day5', 'visitSlot-day1'].map(async (visitSlot) =>
        validBody({ formToken: await freshForm(), phone, visitSlot }),
      ),
    );
    const statuses = await Promise.all([...bodies, bodies[0], bodies[0]].map(async (body) => (await app.post(body)).status));
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(await bookedVisits()).toBe(1);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    // The booking of a number that has one is answered as any other: nothing tells it apart.
    expect(statuses.slice(0, 4)).toEqual([201, 201, 201, 201]);
  });

  it('IPv6 addresses rotated within one /64 are one client: the per-address lead and booking limits hold', async () => {
    await startWithSlots({ ipLimit: { max: 30, windowMs: 600_000 }, bookingIpLimit: { max: 3, windowMs: DAY_MS } });
    const outcomes = [];
    for (let n = 1; n <= 35; n += 1)
      outcomes.push(await app.service.submit(validBody({ formToken: await freshForm() }), { ip: `2001:db8:77:1::${n.toString(16)}` }));
    expect(outcomes.filter((outcome) => 'id' in outcome)).toHaveLength(30);
    expect(outcomes.slice(30)).toEqual(Array(5).fill(expect.objectContaining({ error: 'rateLimited' })));
    // An IPv4 client reaching us IPv4-mapped is that IPv4 client.
    const booked = [];
    for (const [slotId, ip] of [
      ['visitSlot-day1', '::ffff:192.0.2.7'],
      ['visitSlot-day3', '192.0.2.7'],
      ['visitSlot-day5', '::ffff:c000:207'],
      ['visitSlot-day1', '192.0.2.7'],
    ]) {
      booked.push(await app.service.submit(validBody({ formToken: await freshForm(), visitSlot: slotId }), { ip }));
    }
    expect(booked.map((outcome) => ('id' in outcome ? 'stored' : outcome.error))).toEqual(['stored', 'stored', 'stored', 'rateLimited']);
  });

  it('caps the visits one network (IPv4 /24, IPv6 /64) books in one slot: rotating addresses cannot fill it', async () => {
    await startWithSlots({ bookingIpLimit: { max: 100, windowMs: DAY_MS }, slotNetworkLimit: BOOKINGS_PER_SLOT_PER_NETWORK });
    const outcomes = [];
    for (let n = 1; n <= 6; n += 1)
      outcomes.push(await app.service.submit(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day5' }), { ip: `198.51.100.${n}` }));
    expect(outcomes.map((outcome) => ('id' in outcome ? 'stored' : outcome.error))).toEqual([
      'stored',
      'stored',
      'stored',
      'rateLimited',
      'rateLimited',
      'rateLimited',
    ]);
    // Another slot, or another network, books as before.
    expect(await app.service.submit(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day1' }), { ip: '198.51.100.9' })).toHaveProperty('id');
    expect(await app.service.submit(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day5' }), { ip: '203.0.113.9' })).toHaveProperty('id');
  });

  it("a page's shared token (the form without JavaScript) books at most 3 visits, however many networks post it", async () => {
    await startWithSlots({ bookingIpLimit: DEFAULT_BOOKING_IP_LIMIT, slotNetworkLimit: BOOKINGS_PER_SLOT_PER_NETWORK });
    // What a script reads once from any page's HTML, then posts from addresses of its own.
    await app.addSlot({ id: 'visitSlot-day7', capacity: 20, date: dayFromNow(7) });
    const sharedToken = (await app.service.formData({ sharedToken: true })).token;
    const booking = (n: number) =>
      validBody({
        formToken: sharedToken,
        formKind: 'customer',
        name: `방문객${String.fromCharCode(0xac00 + n)}`,
        message: '방문 예약',
        visitSlot: 'visitSlot-day7',
      });
    const bodies = Array.from({ length: 10 }, (_, n) => booking(n));
    const outcomes = [];
    for (const [n, body] of bodies.entries()) outcomes.push(await app.service.submit(body, { ip: `198.51.${n}.7` }));
    expect(outcomes.map((outcome) => ('id' in outcome ? 'stored' : outcome.error))).toEqual([...Array(3).fill('stored'), ...Array(7).fill('formExpired')]);
    expect(await app.booked('visitSlot-day7')).toBe(3);
    // A resubmission of a stored booking (a double click, a reload of the answer) is that booking.
    expect(await app.service.submit(bodies[0]!, { ip: '198.51.0.7' })).toEqual(outcomes[0]);
    // The same page's form still registers without a visit, and a token of its own still books.
    expect(await app.service.submit(validBody({ formToken: sharedToken }), { ip: '203.0.113.20' })).toHaveProperty('id');
    expect(await app.service.submit(booking(20), { ip: '203.0.113.21' })).toEqual({ error: 'formExpired' });
    expect(await app.service.submit({ ...booking(20), formToken: await freshForm() }, { ip: '203.0.113.21' })).toHaveProperty('id');
  });

  it('caps bookings per address per day; leads without a visit are not counted', async () => {
    await startWithSlots({ bookingIpLimit: { max: 3, windowMs: DAY_MS } });
    for (let index = 0; index < 3; index += 1) {
      expect((await app.post(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day1' }))).status).toBe(201);
    }
    const fourth = await app.post(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day3' }));
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({ error: 'rateLimited', message: errors.rateLimited });
    expect((await app.post(validBody({ formToken: await freshForm() }))).status).toBe(201);
    clock += DAY_MS + 1;
    expect((await app.post(validBody({ formToken: await freshForm(), visitSlot: 'visitSlot-day3' }))).status).toBe(201);
  });
});
