/**
 * What a new registration tells, on the embedded database and on PostgreSQL: the staff
 * notification (LEAD_WEBHOOK_URL) names the booked visit's time, whether the registration was
 * stored at once or delivered later from the outbox; the customer's confirmation and the
 * 담당자's messages are queued in the registration's own transaction (the dispatcher only sends
 * them); and a returning customer's registration tells their 담당자 (기존 고객 재등록).
 */
import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import type { LeadNotification, LeadNotifier } from '../../../web/server/messages/lead-notification';
import { migrate } from '../../../web/server/postgres/index';
import { freshDatabaseUrl } from '../../support/postgres';
import { openTcpGate, type TcpGate } from '../../support/tcp-gate';
import { LEAD_STORES, nextPhone, startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

let app: LeadApp | undefined;
let gate: TcpGate | undefined;
let pool: pg.Pool | undefined;

afterEach(async () => {
  await app?.close();
  await pool?.end();
  await gate?.close();
  app = gate = pool = undefined;
});

function recordingNotifier(): LeadNotifier & { sent: LeadNotification[] } {
  const sent: LeadNotification[] = [];
  return { sent, notify: (lead) => void sent.push(lead), close() {} };
}

const SLOT = { id: 'visitSlot-notified', capacity: 3, date: '2099-12-01', time: '14:00' };
const VISIT_AT = `${SLOT.date} ${SLOT.time}`;
const KIM = { email: 'kim@example.kr', name: '김상담' };
const LEE = { email: 'lee@example.kr', name: '이상담' };

/** The messages queued about registration `id`: event and recipient (the customer: -). */
async function queued(sales: SalesDatabase, id: string): Promise<string[]> {
  const rows = await sales.db.selectFrom('lead_messages').select(['event', 'recipient']).where('lead_id', '=', id).orderBy('key').execute();
  return rows.map(({ event, recipient }) => `${event} ${recipient ?? '-'}`);
}

const idOf = async (response: Response) => ((await response.json()) as { id: string }).id;

describe.each(LEAD_STORES)('a new registration tells its visit and queues its messages (%s)', (store) => {
  it('a booking names its visit, a registration without one names none; both queue their messages with them', async () => {
    const notifier = recordingNotifier();
    app = await startLeadApp({ store, notifier, assignNewLead: async () => KIM });
    await app.addSlot(SLOT);
    const booked = await app.post(validBody({ visitSlot: SLOT.id }));
    expect(booked.status).toBe(201);
    const plain = await app.post(validBody());
    expect(plain.status).toBe(201);
    expect(notifier.sent.map((lead) => lead.visitAt)).toEqual([VISIT_AT, undefined]);
    expect(await queued(app.sales, await idOf(booked))).toEqual(['booking -', `staffBooking ${KIM.email}`, `staffNewLead ${KIM.email}`]);
    expect(await queued(app.sales, await idOf(plain))).toEqual(['registration -', `staffNewLead ${KIM.email}`]);
  });

  it("a returning customer's registration keeps their 담당자 and queues the 기존 고객 재등록 message to them", async () => {
    const assignees = [KIM, LEE];
    app = await startLeadApp({ store, assignNewLead: async () => assignees.shift() ?? null });
    const phone = nextPhone();
    const first = await app.post(validBody({ phone }));
    const again = await app.post(validBody({ phone, name: '김민수' }));
    expect([first.status, again.status]).toEqual([201, 201]);
    const againId = await idOf(again);
    expect(await queued(app.sales, againId)).toEqual(['registration -', `staffReturning ${KIM.email}`]);
    expect((await app.lead(againId))?.assignee).toEqual(KIM);
  });
});

describe('from the outbox after an outage (PostgreSQL)', () => {
  it('the delayed registration is told with its visit and its messages are queued as it is stored', async () => {
    const url = new URL(await freshDatabaseUrl());
    await migrate(url.href);
    gate = await openTcpGate({ host: url.hostname, port: Number(url.port) });
    url.host = `127.0.0.1:${gate.port}`;
    pool = new pg.Pool({ connectionString: url.href, max: 4, connectionTimeoutMillis: 1000 });
    pool.on('error', () => undefined);
    const sales = salesDatabaseOnPostgres(pool);
    const notifier = recordingNotifier();
    // The service's clock, moved forward below instead of sleeping through the outbox backoff.
    let clockOffset = 0;
    app = await startLeadApp({ sales, notifier, now: () => Date.now() + clockOffset });
    await app.addSlot(SLOT);
    expect((await app.post(validBody({ visitSlot: SLOT.id }))).status).toBe(201);
    gate.down = true;
    const delayed = await app.post(validBody({ visitSlot: SLOT.id }));
    expect(delayed.status).toBe(201);
    expect(await app.service.pendingOutboxCount()).toBe(1);
    gate.down = false;
    clockOffset = 10 * 60_000;
    await app.service.deliverOutbox();
    expect(await app.service.pendingOutboxCount()).toBe(0);
    expect(notifier.sent.map((lead) => lead.visitAt)).toEqual([VISIT_AT, VISIT_AT]);
    expect(await queued(sales, await idOf(delayed))).toEqual(['booking -']);
  });
});
