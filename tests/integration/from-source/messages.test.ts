/**
 * Messages to customers and to their 담당자 (알림톡 with SMS fallback) against a strict SOLAPI
 * stand-in, on both databases, the customer tables seeded as the site and the console write them
 * (register(), CustomerWork): the confirmations and the day-before reminder reach the provider
 * with the template's code and exactly its variables, once; the 담당자's messages are queued in the
 * transaction of the change that causes them (a rolled-back change queues none); what is not sent
 * says why; provider errors are retried through the outbox; and no server log line carries the
 * number or the name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import type { ContentSource } from '../../../web/server/content/types';
import { loadConfig, type MessagesConfig } from '../../../web/server/config';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { VisitBookings } from '../../../web/server/console/visit-bookings';
import { eraseCustomerRows } from '../../../web/server/customers/customer-erasure';
import { register } from '../../../web/server/customers/registration';
import type { Assignee, NewRegistration } from '../../../web/server/customers/registration-types';
import { distributeEvenly } from '../../../web/server/customers/team-assignment';
import { MessageDispatcher, seoulTomorrow } from '../../../web/server/messages/dispatcher';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { MESSAGE_BACKOFF_BASE_MS, MESSAGE_MAX_ATTEMPTS, SalesMessageLog, messageKey, type MessageLog } from '../../../web/server/messages/message-log';
import { createSolapiProvider } from '../../../web/server/messages/solapi';
import { migrate } from '../../../web/server/postgres/index';
import type { MessageEvent } from '../../../web/shared/outbound-messages';
import { seoulDay } from '../../../web/shared/seoul-time';
import { startSolapiStandIn, type SolapiStandIn } from '../../support/solapi-stand-in';
import { freshDatabaseUrl } from '../../support/postgres';
import { registrationMessages } from '../../support/registration-messages';

const NAME = '김민지';
const PHONE = '01098765432';
const REPRESENTATIVE = '1668-0000';
const NOW = Date.UTC(2026, 10, 26, 3, 0, 0); // 12:00 in Seoul
const TODAY = seoulDay(NOW);
const TOMORROW = seoulTomorrow(NOW);
/** Slots at 14:00: tomorrow (one with a single place), today, the day after tomorrow, and years away. */
const SLOT_TOMORROW = 'slot-tomorrow';
const SLOT_LATER = 'slot-later';
const SLOT_ONE_PLACE = 'slot-one-place';
const SLOT_TODAY = 'slot-today';
const SLOT_DAY_AFTER = 'slot-day-after';

const TEMPLATE_TEXTS: Record<string, string> = {
  'KA01TP-REG': '#{이름}님, 관심고객 등록이 완료되었습니다. 문의: #{대표번호}',
  'KA01TP-BOOK': '#{이름}님, #{방문일시} 모델하우스 방문이 예약되었습니다. 문의: #{대표번호}',
  'KA01TP-REMIND': '#{이름}님, 내일 #{방문일시} 방문을 기다리겠습니다.',
  'KA01TP-STAFF-NEW': '새 고객 #{이름}님이 배정되었습니다.',
  'KA01TP-STAFF-BOOK': '담당 고객 #{이름}님이 #{방문일시} 방문을 예약했습니다.',
  'KA01TP-STAFF-RETURN': '담당 고객 #{이름}님이 다시 등록했습니다.',
  'KA01TP-STAFF-SPLIT': '균등 배분으로 새 고객 #{고객수}명이 배정되었습니다.',
  'KA01TP-CHANGE': '#{이름}님, 모델하우스 방문 일시가 바뀌었습니다. 새 방문 일시: #{방문일시}. 문의: #{대표번호}',
  'KA01TP-CANCEL': '#{이름}님, #{방문일시} 모델하우스 방문 예약이 취소되었습니다. 문의: #{대표번호}',
};
const STAFF_TEMPLATES = {
  staffNewLead: { enabled: true, templateCode: 'KA01TP-STAFF-NEW', text: TEMPLATE_TEXTS['KA01TP-STAFF-NEW'] },
  staffBooking: { enabled: true, templateCode: 'KA01TP-STAFF-BOOK', text: TEMPLATE_TEXTS['KA01TP-STAFF-BOOK'] },
  staffReturning: { enabled: true, templateCode: 'KA01TP-STAFF-RETURN', text: TEMPLATE_TEXTS['KA01TP-STAFF-RETURN'] },
  staffDistribution: { enabled: true, templateCode: 'KA01TP-STAFF-SPLIT', text: TEMPLATE_TEXTS['KA01TP-STAFF-SPLIT'] },
};
const KIM: Assignee = { email: 'kim@example.com', name: '김상담' };
const LEE: Assignee = { email: 'lee@example.com', name: '이상담' };
const KIM_MOBILE = '01011112222';
const MANAGER: CustomerActor = { email: 'boss@example.com', name: '박팀장', role: 'manager', ip: '10.0.0.7', visibleTo: null, takesColleagues: false };
const CODES: Partial<Record<MessageEvent, string>> = {
  registration: 'KA01TP-REG',
  booking: 'KA01TP-BOOK',
  reminder: 'KA01TP-REMIND',
  bookingChange: 'KA01TP-CHANGE',
  bookingCancel: 'KA01TP-CANCEL',
};

const ACCOUNT = { apiKey: 'NCSTESTKEY', apiSecret: 'test-secret-0123456789', sender: '0321234567', pfId: 'KA01PF-TEST' };

function templates(overrides: Partial<Record<MessageEvent, object>> = {}) {
  const entries = Object.entries(CODES).map(([event, code]) => [event, { enabled: true, templateCode: code, text: TEMPLATE_TEXTS[code!] }]);
  return { ...Object.fromEntries(entries), ...overrides };
}

/** A registration's form as the site stores it. */
type Form = { phone?: string; name?: string; slotId?: string; assignee?: Assignee | null };

/** `anotherInstance`: the same log as a second instance opens it (a connection of its own). */
type Stores = {
  sales: SalesDatabase;
  log: SalesMessageLog;
  anotherInstance(): Promise<MessageLog>;
  exec(statement: string): Promise<void>;
  close(): Promise<void>;
};

const STORES: Array<[string, () => Promise<Stores>]> = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'messages-'));
      const sales = await openEmbeddedSalesDatabase(dir);
      const others: Array<{ close(): Promise<void> }> = [];
      return {
        sales,
        log: new SalesMessageLog(sales),
        async anotherInstance() {
          const other = await openEmbeddedSalesDatabase(dir);
          others.push(other);
          return new SalesMessageLog(other);
        },
        exec: async (statement) => void (await sql.raw(statement).execute(sales.db)),
        async close() {
          for (const other of others) await other.close();
          await sales.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await freshDatabaseUrl();
      await migrate(url);
      const pool = new pg.Pool({ connectionString: url, max: 6 });
      const sales = salesDatabaseOnPostgres(pool);
      return {
        sales,
        log: new SalesMessageLog(sales),
        anotherInstance: async () => new SalesMessageLog(salesDatabaseOnPostgres(pool)),
        exec: async (statement) => void (await pool.query(statement)),
        close: () => pool.end(),
      };
    },
  ],
];

describe.each(STORES)('messages on %s', (_label, open) => {
  let stores: Stores;
  let content: ContentSource;
  let standIn: SolapiStandIn;
  let now: number;
  let config: MessagesConfig;
  let work: CustomerWork;

  /**
   * `providerTimeoutMs`: how long the client waits for the provider — short only where a test makes
   * it slow on purpose; elsewhere a loaded machine's slow answer must not read as no answer.
   */
  const dispatcher = (options: { provider?: false; log?: MessageLog; customerDailyCap?: number; providerTimeoutMs?: number } = {}) =>
    new MessageDispatcher({
      customerDailyCap: options.customerDailyCap,
      log: options.log ?? stores.log,
      sales: stores.sales,
      content,
      provider: options.provider === false ? undefined : createSolapiProvider(config, { timeoutMs: options.providerTimeoutMs ?? 10_000 }),
      staffMobile: async (email) => (email === KIM.email ? KIM_MOBILE : null),
      now: () => now,
    });

  const setTemplates = (value: object) =>
    content.mutate([
      { createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', consentVersion: '2026-11', retentionDays: 365, messageTemplates: value } },
    ]);

  /** Stores registration `id` as the lead service does (its messages queued in its transaction); returns its customer. */
  async function store(id: string, form: Form = {}): Promise<string> {
    const createdAt = new Date(now).toISOString();
    const registration: NewRegistration = {
      id,
      name: form.name ?? NAME,
      phone: form.phone ?? PHONE,
      createdAt,
      formKind: 'popup',
      consent: { marketing: false, noticeVersion: '2026-11', agreedAt: createdAt },
    };
    const outcome = await register(stores.sales, registration, {
      assignee: form.assignee ?? null,
      today: TODAY,
      queueMessages: true,
      ...(form.slotId ? { visit: { slotId: form.slotId, bookableFrom: TODAY, whenUnavailable: 'keepUnbooked', kind: 'site', by: null } } : {}),
    });
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.customerId;
  }

  /** Stores the registration and tells the dispatcher, as the lead service does; resolves with its first message once settled. */
  async function registerAndSend(sender: MessageDispatcher, id: string, form: Form = {}) {
    await store(id, form);
    sender.notify();
    await expect.poll(async () => (await registrationMessages(stores.sales, id))[0]?.status, { timeout: 5000 }).toMatch(/^(sent|failed|skipped|unknown)$/);
    return (await registrationMessages(stores.sales, id))[0];
  }

  const version = async (customerId: string) =>
    (await stores.sales.db.selectFrom('customers').select('version').where('id', '=', customerId).executeTakeFirstOrThrow()).version;
  const staffRows = async () =>
    (await stores.sales.db.selectFrom('lead_messages').select(['event', 'recipient']).where('recipient', 'is not', null).execute())
      .map(({ event, recipient }) => `${event} ${recipient}`)
      .sort();

  beforeEach(async () => {
    now = NOW;
    stores = await open();
    work = new CustomerWork(stores.sales, { now: () => now });
    const slots = [
      [SLOT_TOMORROW, TOMORROW, 100],
      [SLOT_LATER, '2099-01-01', 10],
      [SLOT_ONE_PLACE, TOMORROW, 1],
      [SLOT_TODAY, TODAY, 10],
      [SLOT_DAY_AFTER, seoulTomorrow(NOW + 24 * 3600_000), 10],
    ] as const;
    for (const [id, date, capacity] of slots) {
      await stores.sales.db
        .insertInto('visit_slots')
        .values({ id, date, time: '14:00', capacity, created_at: new Date(NOW).toISOString() })
        .execute();
    }
    content = await openEmbeddedStore({ file: ':memory:' });
    await content.mutate([{ create: { _id: 'siteSettings', _type: 'siteSettings', phone: REPRESENTATIVE } }]);
    await setTemplates(templates());
    standIn = await startSolapiStandIn({ ...ACCOUNT, templates: TEMPLATE_TEXTS });
    config = { provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: standIn.url };
  });

  afterEach(async () => {
    await standIn.close();
    await content.close();
    await stores.close();
  });

  it('a registration: the confirmation goes to the customer with the template code and exactly its variables', async () => {
    const entry = await registerAndSend(dispatcher(), 'lead-registered');
    expect(entry).toMatchObject({ event: 'registration', status: 'sent', reason: null, attempts: 1 });
    expect(standIn.received).toEqual([
      {
        to: PHONE,
        from: ACCOUNT.sender,
        templateId: 'KA01TP-REG',
        variables: { '#{이름}': NAME, '#{대표번호}': REPRESENTATIVE },
        text: `${NAME}님, 관심고객 등록이 완료되었습니다. 문의: ${REPRESENTATIVE}`,
        customFields: { messageKey: 'registration:lead-registered' },
      },
    ]);
  });

  it('a booking: its confirmation names the visit; the reminder the day before goes once per customer, however often the job runs', async () => {
    const sender = dispatcher();
    const entry = await registerAndSend(sender, 'lead-booked', { slotId: SLOT_TOMORROW });
    expect(entry).toMatchObject({ event: 'booking', status: 'sent' });
    expect(standIn.received[0].variables['#{방문일시}']).toMatch(/^\d+월 \d+일\([일월화수목금토]\) 14:00$/);
    const customer = await store('lead-booked-again', { slotId: SLOT_TOMORROW });
    const later = await store('lead-next-week', { phone: '01055551234', slotId: SLOT_LATER });
    await store('lead-today', { phone: '01055551235', slotId: SLOT_TODAY });
    await store('lead-day-after', { phone: '01055551236', slotId: SLOT_DAY_AFTER });

    expect(await sender.queueReminders()).toBe(1);
    await sender.queueReminders();
    await dispatcher().queueReminders();
    const reminders = standIn.received.filter((message) => message.templateId === 'KA01TP-REMIND');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ to: PHONE, variables: { '#{이름}': NAME, '#{방문일시}': standIn.received[0].variables['#{방문일시}'] } });
    expect((await stores.log.forCustomer(customer)).map(({ event, status, reason }) => [event, status, reason])).toEqual([
      ['booking', 'sent', null],
      ['registration', 'skipped', 'sentThisWeek'],
      ['reminder', 'sent', null],
    ]);
    expect((await stores.log.forCustomer(later)).map(({ event }) => event)).toEqual(['booking']);
  });

  it('a reminder queued for a visit cancelled or moved since is not sent', async () => {
    const cancelled = await store('lead-cancelled', { slotId: SLOT_TOMORROW });
    const moved = await store('lead-moved', { phone: '01055550001', slotId: SLOT_TOMORROW });
    const sender = dispatcher({ provider: false });
    await sender.deliver();
    await stores.log.enqueue(
      [cancelled, moved].map((id) => ({ key: messageKey('reminder', id, TOMORROW), leadId: id, event: 'reminder' as const })),
      now,
    );
    expect(await work.cancelVisit(cancelled, await version(cancelled), MANAGER)).toMatchObject({ ok: true });
    expect(await work.book(moved, await version(moved), SLOT_LATER, MANAGER)).toMatchObject({ ok: true });
    await dispatcher().deliver();
    for (const id of [cancelled, moved]) {
      const reminders = (await registrationMessages(stores.sales, id)).filter(({ event }) => event === 'reminder');
      expect(reminders.map(({ status, reason }) => `${status} ${reason}`)).toEqual(['skipped notBooked']);
    }
    expect(standIn.received.filter(({ templateId }) => templateId === 'KA01TP-REMIND')).toEqual([]);
  });

  it('the 상담사 given a customer by staff work is told once per change (churn too), and of the visit booked or moved; no number: not sent (휴대폰 번호 없음)', async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    const customer = await store('lead-staff');
    expect(await work.change(customer, { version: 1, assignee: KIM }, MANAGER)).toEqual({ ok: true, version: 2 });
    // The same change again (a double click, a retry): refused as stale, nothing more queued.
    expect(await work.change(customer, { version: 1, assignee: KIM }, MANAGER)).toEqual({ ok: false, error: 'conflict' });
    expect(await work.change(customer, { version: 2, assignee: LEE }, MANAGER)).toMatchObject({ ok: true });
    expect(await work.change(customer, { version: 3, assignee: KIM }, MANAGER)).toMatchObject({ ok: true });
    // A change that leaves the 담당자 as they are tells nobody.
    expect(await work.change(customer, { version: 4, status: 'contacting', assignee: KIM }, MANAGER)).toMatchObject({ ok: true });
    expect(await work.book(customer, 5, SLOT_TOMORROW, MANAGER)).toMatchObject({ ok: true });
    expect(await work.book(customer, 6, SLOT_LATER, MANAGER)).toMatchObject({ ok: true });
    await dispatcher().deliver();
    const visit = /^\d+월 \d+일\([일월화수목금토]\) 14:00$/;
    expect(standIn.received.filter(({ to }) => to === KIM_MOBILE).map(({ templateId, variables }) => ({ templateId, variables }))).toEqual([
      { templateId: 'KA01TP-STAFF-BOOK', variables: { '#{이름}': '김*지', '#{방문일시}': expect.stringMatching(visit) } },
      { templateId: 'KA01TP-STAFF-BOOK', variables: { '#{이름}': '김*지', '#{방문일시}': expect.stringMatching(/^1월 1일\(목\) 14:00$/) } },
      { templateId: 'KA01TP-STAFF-NEW', variables: { '#{이름}': '김*지' } },
      { templateId: 'KA01TP-STAFF-NEW', variables: { '#{이름}': '김*지' } },
    ]);
    expect(JSON.stringify(standIn.received.filter(({ to }) => to === KIM_MOBILE))).not.toContain(PHONE);
    expect(
      (await stores.log.forCustomer(customer)).filter(({ event }) => event !== 'registration').map(({ event, status, reason }) => [event, status, reason]),
    ).toEqual([
      // The customer is told of the move only: the first booking's confirmation was overtaken before it went out.
      ['booking', 'skipped', 'notBooked'],
      ['bookingChange', 'sent', null],
      ['staffBooking', 'sent', null],
      ['staffBooking', 'sent', null],
      ['staffNewLead', 'sent', null],
      ['staffNewLead', 'skipped', 'noStaffNumber'],
      ['staffNewLead', 'sent', null],
    ]);
  });

  it('a visit booked, moved or cancelled by staff (the lead page, the desk, a phone-in) tells the customer as a site booking does, whoever booked: confirmation, change, cancel notice, the reminder', async () => {
    const visit = (day: string) =>
      expect.stringMatching(new RegExp(`^${Number(day.slice(5, 7))}월 ${Number(day.slice(8, 10))}일\\([일월화수목금토]\\) 14:00$`));
    const sent = () => standIn.received.map(({ to, templateId, variables }) => ({ to, templateId, visitAt: variables['#{방문일시}'] }));
    const sender = dispatcher();
    // Registered on the site this week (confirmed): staff's bookings are told all the same.
    const customer = await store('lead-console-booked');
    await sender.deliver();
    now += 60_000;
    expect(await work.book(customer, await version(customer), SLOT_TOMORROW, MANAGER)).toMatchObject({ ok: true });
    await sender.deliver();
    now += 60_000;
    expect(await work.book(customer, await version(customer), SLOT_DAY_AFTER, MANAGER)).toMatchObject({ ok: true });
    await sender.deliver();
    now += 60_000;
    expect(await work.cancelVisit(customer, await version(customer), MANAGER)).toMatchObject({ ok: true });
    await sender.deliver();
    expect(sent()).toEqual([
      { to: PHONE, templateId: 'KA01TP-REG', visitAt: undefined },
      { to: PHONE, templateId: 'KA01TP-BOOK', visitAt: visit(TOMORROW) },
      { to: PHONE, templateId: 'KA01TP-CHANGE', visitAt: visit(seoulTomorrow(NOW + 24 * 3600_000)) },
      { to: PHONE, templateId: 'KA01TP-CANCEL', visitAt: visit(seoulTomorrow(NOW + 24 * 3600_000)) },
    ]);
    expect(standIn.received[3].text).toBe(
      `${NAME}님, ${standIn.received[3].variables['#{방문일시}']} 모델하우스 방문 예약이 취소되었습니다. 문의: ${REPRESENTATIVE}`,
    );
    expect((await stores.log.forCustomer(customer)).map(({ event, status }) => `${event} ${status}`)).toEqual([
      'registration sent',
      'booking sent',
      'bookingChange sent',
      'bookingCancel sent',
    ]);

    // A phone-in at the desk (a new customer), booked for tomorrow: the confirmation, then the reminder.
    standIn.received.length = 0;
    const desk = new VisitBookings({
      sales: stores.sales,
      actorOf: async () => MANAGER,
      current: async () => ({ ok: false, error: 'notFound' }),
      now: () => now,
    });
    const phoneIn = await desk.register(
      { key: 'phone-in-0001', kind: 'phoneIn', name: '이영희', phone: '010-5555-7777', consent: true, slotId: SLOT_TOMORROW },
      { ...MANAGER, role: 'manager' },
    );
    expect(phoneIn).toMatchObject({ ok: true, visitAt: `${TOMORROW} 14:00` });
    // The same form sent twice (a double submit): one confirmation.
    await desk.register(
      { key: 'phone-in-0001', kind: 'phoneIn', name: '이영희', phone: '010-5555-7777', consent: true, slotId: SLOT_TOMORROW },
      { ...MANAGER, role: 'manager' },
    );
    await sender.deliver();
    now += 60_000;
    expect(await sender.queueReminders()).toBe(1);
    expect(standIn.received.map(({ to, templateId, variables }) => [to, templateId, variables['#{이름}']])).toEqual([
      ['01055557777', 'KA01TP-BOOK', '이영희'],
      ['01055557777', 'KA01TP-REMIND', '이영희'],
    ]);

    // Off, or no template for it: not sent, and the send log says why.
    await setTemplates(templates({ bookingChange: { enabled: false, templateCode: 'KA01TP-CHANGE', text: TEMPLATE_TEXTS['KA01TP-CHANGE'] } }));
    const moved = phoneIn.ok ? phoneIn.leadId : '';
    now += 60_000;
    expect(await work.book(moved, await version(moved), SLOT_LATER, MANAGER)).toMatchObject({ ok: true });
    await sender.deliver();
    expect((await stores.log.forCustomer(moved)).map(({ event, status, reason }) => `${event} ${status} ${reason}`)).toEqual([
      'booking sent null',
      'reminder sent null',
      'bookingChange skipped noTemplate',
    ]);
  });

  it('a visit moved again before its change notice went out: only the latest time is told; a booking cancelled before its confirmation went out sends the cancel notice alone', async () => {
    const customer = await store('lead-moved-twice', { phone: '01055550011' });
    await dispatcher().deliver();
    standIn.received.length = 0;
    now += 60_000;
    expect(await work.book(customer, await version(customer), SLOT_TOMORROW, MANAGER)).toMatchObject({ ok: true });
    now += 60_000;
    expect(await work.book(customer, await version(customer), SLOT_DAY_AFTER, MANAGER)).toMatchObject({ ok: true });
    now += 60_000;
    expect(await work.book(customer, await version(customer), SLOT_LATER, MANAGER)).toMatchObject({ ok: true });
    await dispatcher().deliver();
    expect(standIn.received.map(({ templateId, variables }) => [templateId, variables['#{방문일시}']])).toEqual([['KA01TP-CHANGE', '1월 1일(목) 14:00']]);
    expect((await stores.log.forCustomer(customer)).map(({ event, status, reason }) => `${event} ${status} ${reason}`)).toEqual([
      'registration sent null',
      'booking skipped notBooked',
      'bookingChange skipped notBooked',
      'bookingChange sent null',
    ]);

    standIn.received.length = 0;
    const cancelled = await store('lead-cancelled-at-once', { phone: '01055550012' });
    await dispatcher().deliver();
    now += 60_000;
    expect(await work.book(cancelled, await version(cancelled), SLOT_TOMORROW, MANAGER)).toMatchObject({ ok: true });
    now += 60_000;
    expect(await work.cancelVisit(cancelled, await version(cancelled), MANAGER)).toMatchObject({ ok: true });
    await dispatcher().deliver();
    expect(standIn.received.map(({ to, templateId }) => [to, templateId])).toEqual([
      ['01055550012', 'KA01TP-REG'],
      ['01055550012', 'KA01TP-CANCEL'],
    ]);
    expect((await stores.log.forCustomer(cancelled)).map(({ event, status, reason }) => `${event} ${status} ${reason}`)).toEqual([
      'registration sent null',
      'booking skipped notBooked',
      'bookingCancel sent null',
    ]);
  });

  it('a change that does not commit (its audit record refused) queues no message', async () => {
    const customer = await store('lead-rolled-back', { assignee: LEE });
    await stores.exec(
      _label === 'SQLite'
        ? `CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events BEGIN SELECT RAISE(ABORT, 'audit down'); END`
        : `CREATE FUNCTION audit_refused() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$;
           CREATE TRIGGER audit_refused BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_refused()`,
    );
    await expect(work.change(customer, { version: 1, assignee: KIM }, MANAGER)).rejects.toThrow(/audit down/);
    await expect(work.book(customer, 1, SLOT_TOMORROW, MANAGER)).rejects.toThrow(/audit down/);
    expect(await work.handOver(LEE.email, KIM, MANAGER).catch((error: Error) => error.message)).toMatch(/audit down/);
    expect(await staffRows()).toEqual([`staffNewLead ${LEE.email}`]);
  });

  it("균등 배분 sends each 상담사 one message naming how many customers they got, never one per customer nor a customer's name", async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    const customers = [
      await store('lead-split-1'),
      await store('lead-split-2', { phone: '01055550002' }),
      await store('lead-split-3', { phone: '01055550003' }),
    ];
    const result = await distributeEvenly(stores.sales, { customerIds: customers }, [KIM, LEE], MANAGER, now);
    const kimGot = result.counts.find((entry) => entry.email === KIM.email)!.count;
    expect(kimGot).toBeGreaterThan(0);
    await dispatcher().deliver();
    expect(standIn.received.filter(({ to }) => to === KIM_MOBILE).map(({ templateId, variables, text }) => ({ templateId, variables, text }))).toEqual([
      { templateId: 'KA01TP-STAFF-SPLIT', variables: { '#{고객수}': String(kimGot) }, text: `균등 배분으로 새 고객 ${kimGot}명이 배정되었습니다.` },
    ]);
    // 이상담 has no 휴대폰: their one message is logged as not sent, and no customer's log names the distribution.
    const rows = await stores.sales.db
      .selectFrom('lead_messages')
      .select(['recipient', 'status', 'reason'])
      .where('event', '=', 'staffDistribution')
      .orderBy('recipient')
      .execute();
    expect(rows).toEqual([
      { recipient: KIM.email, status: 'sent', reason: null },
      { recipient: LEE.email, status: 'skipped', reason: 'noStaffNumber' },
    ]);
    for (const customer of customers) expect((await stores.log.forCustomer(customer)).map(({ event }) => event)).toEqual(['registration']);
  });

  it("a 담당자 handed a departed colleague's customers is told of each", async () => {
    const first = await store('lead-handed-1', { assignee: LEE });
    await store('lead-handed-2', { phone: '01055550002', assignee: LEE });
    expect(await work.handOver(LEE.email, KIM, MANAGER)).toBe(2);
    expect(await work.handOver(KIM.email, null, MANAGER)).toBe(2);
    expect(await staffRows()).toEqual([`staffNewLead ${KIM.email}`, `staffNewLead ${KIM.email}`, `staffNewLead ${LEE.email}`, `staffNewLead ${LEE.email}`]);
    expect((await stores.log.forCustomer(first)).map(({ event }) => event)).toEqual(['registration', 'staffNewLead', 'staffNewLead']);
  });

  it("a registration assigned as it is stored (automatic assignment) tells its 상담사 of the customer and the booking; a returning customer's tells their 담당자 (기존 고객 재등록); off by default", async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    const customer = await store('lead-round-robin', { slotId: SLOT_TOMORROW, assignee: KIM });
    dispatcher().notify();
    await expect
      .poll(async () => (await registrationMessages(stores.sales, 'lead-round-robin')).filter((entry) => entry.status === 'sent').length, { timeout: 5000 })
      .toBe(3);
    expect(standIn.received.map(({ to, templateId }) => [to, templateId])).toEqual(
      expect.arrayContaining([
        [PHONE, 'KA01TP-BOOK'],
        [KIM_MOBILE, 'KA01TP-STAFF-NEW'],
        [KIM_MOBILE, 'KA01TP-STAFF-BOOK'],
      ]),
    );

    // Automatic assignment would give the next registration to 이상담: the customer stays 김상담's, who is told.
    standIn.received.length = 0;
    expect(await store('lead-returning', { assignee: LEE, name: '김민수' })).toBe(customer);
    await dispatcher().deliver();
    expect(await registrationMessages(stores.sales, 'lead-returning')).toEqual([
      expect.objectContaining({ event: 'registration', status: 'skipped', reason: 'sentThisWeek' }),
      expect.objectContaining({ event: 'staffReturning', status: 'sent' }),
    ]);
    expect(standIn.received.map(({ to, templateId, variables }) => ({ to, templateId, variables }))).toEqual([
      { to: KIM_MOBILE, templateId: 'KA01TP-STAFF-RETURN', variables: { '#{이름}': '김*수' } },
    ]);

    await store('lead-off', { phone: '01055550003', assignee: KIM });
    await dispatcher({ provider: false }).deliver();
    expect(await registrationMessages(stores.sales, 'lead-off')).toEqual([
      expect.objectContaining({ event: 'registration', status: 'skipped', reason: 'off', attempts: 1 }),
      expect.objectContaining({ event: 'staffNewLead', status: 'skipped', reason: 'off', attempts: 1 }),
    ]);
  });

  it('a booking cancelled by staff before its confirmation went out: the customer is told of the cancel (the registration confirmation queued instead waits a week); a delayed registration whose slot filled gets that one', async () => {
    const customer = await store('lead-unbooked', { slotId: SLOT_TOMORROW });
    expect(await work.cancelVisit(customer, await version(customer), MANAGER)).toMatchObject({ ok: true });
    const sender = dispatcher();
    await sender.deliver();
    await sender.deliver();
    expect((await stores.log.forCustomer(customer)).map(({ event, status, reason }) => [event, status, reason])).toEqual([
      ['booking', 'skipped', 'notBooked'],
      ['bookingCancel', 'sent', null],
      ['registration', 'skipped', 'sentThisWeek'],
    ]);
    expect(standIn.received.map((message) => message.templateId)).toEqual(['KA01TP-CANCEL']);
    expect(await sender.queueReminders()).toBe(0);

    await store('lead-took-the-place', { phone: '01055550004', slotId: SLOT_ONE_PLACE });
    await store('lead-delayed', { phone: '01055550005', slotId: SLOT_ONE_PLACE });
    await sender.deliver();
    expect((await registrationMessages(stores.sales, 'lead-delayed')).map(({ event, status }) => [event, status])).toEqual([['registration', 'sent']]);
  });

  it("an erased customer's queued messages are not sent", async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    await store('lead-erased', { slotId: SLOT_TOMORROW, assignee: KIM });
    expect(await eraseCustomerRows(stores.sales, PHONE, '본인 요청', { email: MANAGER.email, ip: MANAGER.ip }, now)).toMatchObject({
      registrationIds: ['lead-erased'],
    });
    await dispatcher().deliver();
    expect((await registrationMessages(stores.sales, 'lead-erased')).map(({ status, reason }) => `${status} ${reason}`)).toEqual(
      Array(3).fill('skipped noRecipient'),
    );
    expect(standIn.received).toEqual([]);
  });

  it("50 registrations of one number (anyone can type a victim's) send one message: the others are not sent, a confirmation went this week", async () => {
    const sender = dispatcher();
    const entries = [];
    for (let index = 0; index < 50; index += 1) {
      entries.push(await registerAndSend(sender, `lead-flood-${index}`, index % 2 === 1 ? { slotId: SLOT_TOMORROW } : {}));
    }
    expect(standIn.received.filter((message) => message.to === PHONE)).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'sent' });
    expect(entries.slice(1).map(({ status, reason }) => `${status} ${reason}`)).toEqual(Array(49).fill('skipped sentThisWeek'));
  });

  it("the site-wide daily cap: once today's messages to customers reach it the rest are not sent, staff are alerted, and the count is there for the console", async () => {
    const alerts = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sender = dispatcher({ customerDailyCap: 3 });
    const outcomes = [];
    for (let index = 0; index < 5; index += 1) {
      outcomes.push(await registerAndSend(sender, `lead-capped-${index}`, { phone: `0105555${String(index).padStart(4, '0')}` }));
    }
    expect(outcomes.map(({ status, reason }) => `${status} ${reason}`)).toEqual([
      'sent null',
      'sent null',
      'sent null',
      'skipped dailyCap',
      'skipped dailyCap',
    ]);
    expect(standIn.received).toHaveLength(3);
    expect(await sender.customerQuota()).toEqual({ sent: 3, cap: 3 });
    expect(alerts.mock.calls.filter(([line]) => String(line).includes('daily cap'))).toHaveLength(1);
    alerts.mockRestore();
  });

  it('the provider down (503 twice): retried through the outbox with backoff until it is sent, once', async () => {
    const sender = dispatcher();
    standIn.failNext(2, 'status503');
    await store('lead-retried');
    sender.notify();
    await expect.poll(async () => (await registrationMessages(stores.sales, 'lead-retried'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    expect((await registrationMessages(stores.sales, 'lead-retried'))[0]).toMatchObject({
      status: 'pending',
      reason: 'providerError',
      providerCode: 'ServiceUnavailable',
    });

    await sender.deliver();
    expect((await registrationMessages(stores.sales, 'lead-retried'))[0].attempts).toBe(1); // not due before the backoff
    now += MESSAGE_BACKOFF_BASE_MS;
    await sender.deliver();
    expect((await registrationMessages(stores.sales, 'lead-retried'))[0]).toMatchObject({ status: 'pending', attempts: 2, providerCode: 'ServiceUnavailable' });
    now += 2 * MESSAGE_BACKOFF_BASE_MS;
    await sender.deliver();
    expect((await registrationMessages(stores.sales, 'lead-retried'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(standIn.received).toHaveLength(1);
  });

  it('a provider that answers after the timeout (it sent the message): recorded as not known, never sent again; each message carries its own key', async () => {
    const sender = dispatcher({ providerTimeoutMs: 300 });
    standIn.failNext(1, 'slowAnswer');
    await store('lead-slow');
    sender.notify();
    await expect.poll(async () => (await registrationMessages(stores.sales, 'lead-slow'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    for (let round = 1; round < MESSAGE_MAX_ATTEMPTS; round += 1) {
      now += 60 * 60_000;
      await sender.deliver();
    }
    await expect.poll(() => standIn.received.length, { timeout: 5000 }).toBe(1);
    expect((await registrationMessages(stores.sales, 'lead-slow'))[0]).toMatchObject({
      status: 'unknown',
      reason: 'providerNoAnswer',
      providerCode: 'Timeout',
      attempts: 1,
    });
    expect(standIn.received[0].customFields).toEqual({ messageKey: 'registration:lead-slow' });
    // No answer at all is as unknown: the provider may have sent it (another number: one confirmation a week per customer).
    standIn.failNext(1, 'noAnswer');
    expect(await registerAndSend(sender, 'lead-no-answer', { phone: '01055550099' })).toMatchObject({ status: 'unknown', reason: 'providerNoAnswer' });
  });

  it(`a provider down for good: failed after ${MESSAGE_MAX_ATTEMPTS} attempts (공급자 오류)`, async () => {
    const sender = dispatcher();
    standIn.failNext(MESSAGE_MAX_ATTEMPTS, 'status503');
    await store('lead-given-up');
    sender.notify();
    await expect.poll(async () => (await registrationMessages(stores.sales, 'lead-given-up'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    for (let attempt = 2; attempt <= MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      now += 60 * 60_000;
      await sender.deliver();
    }
    expect((await registrationMessages(stores.sales, 'lead-given-up'))[0]).toMatchObject({
      status: 'failed',
      reason: 'providerError',
      attempts: MESSAGE_MAX_ATTEMPTS,
    });
    expect(standIn.received).toEqual([]);
  });

  it('not sent, and why: off, no template, no consent, a bad number, a template the provider does not know', async () => {
    expect(await registerAndSend(dispatcher({ provider: false }), 'lead-off')).toMatchObject({ status: 'skipped', reason: 'off' });
    await setTemplates(templates({ registration: { enabled: false, templateCode: 'KA01TP-REG', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
    expect(await registerAndSend(dispatcher(), 'lead-no-template')).toMatchObject({ status: 'skipped', reason: 'noTemplate' });
    await setTemplates(templates({ registration: { enabled: true, templateCode: 'KA01TP-UNKNOWN', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
    expect(await registerAndSend(dispatcher(), 'lead-unknown-template')).toMatchObject({
      status: 'failed',
      reason: 'providerRefused',
      providerCode: 'TemplateNotFound',
    });
    await setTemplates(templates());
    // A registration moved from a document stored before consent was asked for.
    await store('lead-no-consent', { phone: '01055550006' });
    await stores.sales.db.updateTable('registrations').set({ agreed_at: null }).where('id', '=', 'lead-no-consent').execute();
    await dispatcher().deliver();
    expect((await registrationMessages(stores.sales, 'lead-no-consent'))[0]).toMatchObject({ status: 'skipped', reason: 'noConsent' });
    expect(await registerAndSend(dispatcher(), 'lead-landline', { phone: '0212345678' })).toMatchObject({ status: 'failed', reason: 'badNumber' });
    expect(standIn.received).toEqual([]);
  });

  it("a 대표번호 as SOLAPI_SENDER (1600-0000, the site's own number) is sent from, digits only", async () => {
    await standIn.close();
    standIn = await startSolapiStandIn({ ...ACCOUNT, sender: '16000000', templates: TEMPLATE_TEXTS });
    const fromEnvironment = loadConfig({
      MESSAGES_PROVIDER: 'solapi',
      SOLAPI_API_KEY: ACCOUNT.apiKey,
      SOLAPI_API_SECRET: ACCOUNT.apiSecret,
      SOLAPI_SENDER: '1600-0000',
      KAKAO_PFID: ACCOUNT.pfId,
      SOLAPI_API_URL: standIn.url,
    }).messages;
    config = fromEnvironment!;
    expect(await registerAndSend(dispatcher(), 'lead-representative-sender')).toMatchObject({ status: 'sent' });
    expect(standIn.received.map((message) => message.from)).toEqual(['16000000']);
  });

  it('the stand-in refuses a sender written with hyphens, as SOLAPI does (InvalidSenderNumber)', async () => {
    config = { ...config, sender: '032-123-4567' };
    expect(await registerAndSend(dispatcher(), 'lead-hyphen-sender')).toMatchObject({
      status: 'failed',
      reason: 'providerRefused',
      providerCode: 'InvalidSenderNumber',
    });
    expect(standIn.received).toEqual([]);
  });

  it('the stand-in is strict: a wrong secret is refused (SignatureDoesNotMatch) and logged as refused, not retried', async () => {
    config = { ...config, apiSecret: 'not-the-secret' };
    expect(await registerAndSend(dispatcher(), 'lead-bad-secret')).toMatchObject({
      status: 'failed',
      reason: 'providerRefused',
      providerCode: 'SignatureDoesNotMatch',
    });
    expect(standIn.refusals).toEqual(['SignatureDoesNotMatch']);
  });

  it('no log line carries the number or the name, on a send, a retry and a refusal', async () => {
    const lines: string[] = [];
    const capture = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(capture));
    try {
      standIn.failNext(1, 'status503');
      const sender = dispatcher();
      await store('lead-logged');
      sender.notify();
      await expect.poll(async () => (await registrationMessages(stores.sales, 'lead-logged'))[0]?.attempts, { timeout: 5000 }).toBe(1);
      now += MESSAGE_BACKOFF_BASE_MS;
      await sender.deliver();
      await setTemplates(templates({ registration: { enabled: true, templateCode: 'KA01TP-UNKNOWN', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
      await registerAndSend(sender, 'lead-refused', { phone: '01055550007' });
    } finally {
      spies.forEach((spy) => spy.mockRestore());
    }
    expect(lines.length).toBeGreaterThan(0);
    const all = lines.join('\n');
    expect(all).toContain('lead-logged');
    for (const secret of [NAME, PHONE, PHONE.slice(3), PHONE.slice(-4), ACCOUNT.apiSecret, ACCOUNT.apiKey]) expect(all).not.toContain(secret);
  });

  it('two instances draining one outbox send each message once', async () => {
    const otherLog = await stores.anotherInstance();
    const ids = Array.from({ length: 12 }, (_, index) => `lead-shared-${index}`);
    // Twelve customers (one customer gets one confirmation a week).
    for (const [index, id] of ids.entries()) await store(id, { phone: `0107777${String(index).padStart(4, '0')}` });
    await stores.log.enqueue(
      ids.map((id) => ({ key: `registration:${id}`, leadId: id, event: 'registration' as const })),
      now,
    );
    await Promise.all([dispatcher().deliver(), dispatcher({ log: otherLog }).deliver()]);
    expect(standIn.received).toHaveLength(ids.length);
    for (const id of ids) expect(await registrationMessages(stores.sales, id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
  });
});

describe('SOLAPI client', () => {
  it('keeps only a short code of a refusal: an answer echoing the number or the name does not reach the log', async () => {
    const answers = [
      { status: 400, body: { errorCode: `InvalidPhone${PHONE}`, errorMessage: `${NAME} ${PHONE}` } },
      { status: 200, body: { failedMessageList: [{ statusCode: `${PHONE}`, statusMessage: NAME }] } },
      { status: 200, body: { failedMessageList: [{ statusCode: '3059', statusMessage: '' }] } },
      { status: 400, body: { errorCode: 'ValidationError' } },
    ];
    const codes: string[] = [];
    for (const { status, body } of answers) {
      const fetchImpl = (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;
      const provider = createSolapiProvider({ provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: 'http://127.0.0.1:9' }, { fetchImpl });
      const result = await provider.send({ to: PHONE, templateId: 'KA01TP-REG', variables: {}, text: '', key: 'registration:lead-1' });
      codes.push(result.ok ? 'sent' : result.code);
    }
    expect(codes).toEqual(['Unrecognised', 'Unrecognised', '3059', 'ValidationError']);
  });

  it('a provider that cannot be reached (connection refused) saw nothing: retried, not recorded as unknown', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const provider = createSolapiProvider({ provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: `http://127.0.0.1:${port}` });
    expect(await provider.send({ to: PHONE, templateId: 'KA01TP-REG', variables: {}, text: '', key: 'registration:lead-1' })).toEqual({
      ok: false,
      retryable: true,
      code: 'ConnectFailed',
    });
  });
});
