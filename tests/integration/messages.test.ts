/**
 * Messages to customers (알림톡 with SMS fallback) against a strict SOLAPI stand-in, on both
 * stores: the confirmations and the day-before reminder reach the provider with the template's
 * code and exactly its variables, once; what is not sent says why; provider errors are retried
 * through the outbox; and no server log line carries the number or the name.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import type { ContentSource } from '../../web/server/content/types';
import { loadConfig, type MessagesConfig } from '../../web/server/config';
import { MessageDispatcher, seoulTomorrow } from '../../web/server/messages/dispatcher';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres } from '../../web/server/database/index';
import { MESSAGE_BACKOFF_BASE_MS, MESSAGE_MAX_ATTEMPTS, SalesMessageLog, type MessageLog } from '../../web/server/messages/message-log';
import { createSolapiProvider } from '../../web/server/messages/solapi';
import type { LeadDocument } from '../../web/server/leads/store';
import type { MessageEvent } from '../../web/shared/outbound-messages';
import { startSolapiStandIn, type SolapiStandIn } from '../support/solapi-stand-in';
import { freshDatabaseUrl } from '../support/postgres';

const NAME = '김민지';
const PHONE = '01098765432';
const REPRESENTATIVE = '1668-0000';
const NOW = Date.UTC(2026, 10, 26, 3, 0, 0); // 12:00 in Seoul
const TOMORROW = seoulTomorrow(NOW);

const TEMPLATE_TEXTS: Record<string, string> = {
  'KA01TP-REG': '#{이름}님, 관심고객 등록이 완료되었습니다. 문의: #{대표번호}',
  'KA01TP-BOOK': '#{이름}님, #{방문일시} 모델하우스 방문이 예약되었습니다. 문의: #{대표번호}',
  'KA01TP-REMIND': '#{이름}님, 내일 #{방문일시} 방문을 기다리겠습니다.',
  'KA01TP-STAFF-NEW': '새 고객 #{이름}님이 배정되었습니다.',
  'KA01TP-STAFF-BOOK': '담당 고객 #{이름}님이 #{방문일시} 방문을 예약했습니다.',
};
const STAFF_TEMPLATES = {
  staffNewLead: { enabled: true, templateCode: 'KA01TP-STAFF-NEW', text: TEMPLATE_TEXTS['KA01TP-STAFF-NEW'] },
  staffBooking: { enabled: true, templateCode: 'KA01TP-STAFF-BOOK', text: TEMPLATE_TEXTS['KA01TP-STAFF-BOOK'] },
};
const KIM = 'kim@example.com';
const KIM_MOBILE = '01011112222';
const CODES: Partial<Record<MessageEvent, string>> = { registration: 'KA01TP-REG', booking: 'KA01TP-BOOK', reminder: 'KA01TP-REMIND' };

const ACCOUNT = { apiKey: 'NCSTESTKEY', apiSecret: 'test-secret-0123456789', sender: '0321234567', pfId: 'KA01PF-TEST' };

function templates(overrides: Partial<Record<MessageEvent, object>> = {}) {
  const entries = Object.entries(CODES).map(([event, code]) => [event, { enabled: true, templateCode: code, text: TEMPLATE_TEXTS[code!] }]);
  return { ...Object.fromEntries(entries), ...overrides };
}

function lead(id: string, fields: Partial<LeadDocument> & Record<string, unknown> = {}): LeadDocument {
  const createdAt = new Date(NOW).toISOString();
  return {
    _id: id,
    _type: 'lead',
    name: NAME,
    phone: PHONE,
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
    ...fields,
  } as LeadDocument;
}

/** `anotherInstance`: the same log as a second instance opens it (a connection of its own). */
type Stores = { leads: ContentSource; log: MessageLog; anotherInstance(): Promise<MessageLog>; close(): Promise<void> };

const STORES: Array<[string, () => Promise<Stores>]> = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'messages-'));
      const leads = await openEmbeddedStore({ file: path.join(dir, 'leads.sqlite') });
      const sales = await openEmbeddedSalesDatabase(dir);
      const others: Array<{ close(): Promise<void> }> = [];
      return {
        leads,
        log: new SalesMessageLog(sales),
        async anotherInstance() {
          const other = await openEmbeddedSalesDatabase(dir);
          others.push(other);
          return new SalesMessageLog(other);
        },
        async close() {
          for (const other of others) await other.close();
          await sales.close();
          await leads.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const pool = new pg.Pool({ connectionString: await freshDatabaseUrl(), max: 6 });
      const leads = await openPostgresDocumentStore({ pool });
      return {
        leads,
        log: new SalesMessageLog(salesDatabaseOnPostgres(pool)),
        anotherInstance: async () => new SalesMessageLog(salesDatabaseOnPostgres(pool)),
        async close() {
          await leads.close();
          await pool.end();
        },
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

  /**
   * `providerTimeoutMs`: how long the client waits for the provider — short only where a test makes
   * it slow on purpose; elsewhere a loaded machine's slow answer must not read as no answer.
   */
  const dispatcher = (options: { provider?: false; log?: MessageLog; customerDailyCap?: number; providerTimeoutMs?: number } = {}) =>
    new MessageDispatcher({
      customerDailyCap: options.customerDailyCap,
      log: options.log ?? stores.log,
      leads: stores.leads,
      content,
      provider: options.provider === false ? undefined : createSolapiProvider(config, { timeoutMs: options.providerTimeoutMs ?? 10_000 }),
      staffMobile: async (email) => (email === KIM ? KIM_MOBILE : null),
      now: () => now,
    });

  const setTemplates = (value: object) =>
    content.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', consentVersion: '2026-11', retentionDays: 365, messageTemplates: value } }]);

  /** Stores the lead and tells the dispatcher, as the lead service does; resolves once the message is settled. */
  async function registerAndSend(sender: MessageDispatcher, document: LeadDocument) {
    await stores.leads.mutate([{ create: document }]);
    sender.notify({ ...document, visitAt: (document as { visitAt?: string }).visitAt });
    await expect.poll(async () => (await stores.log.forLead(document._id))[0]?.status, { timeout: 5000 }).toMatch(/^(sent|failed|skipped|unknown)$/);
    return (await stores.log.forLead(document._id))[0];
  }

  beforeEach(async () => {
    now = NOW;
    stores = await open();
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
    const entry = await registerAndSend(dispatcher(), lead('lead-registered'));
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

  it('a booking: its confirmation names the visit; the reminder the day before goes once, however often the job runs', async () => {
    const sender = dispatcher();
    const booked = lead('lead-booked', { visitAt: `${TOMORROW} 14:00`, visitSlotStatus: 'booked' });
    const entry = await registerAndSend(sender, booked);
    expect(entry).toMatchObject({ event: 'booking', status: 'sent' });
    expect(standIn.received[0].variables['#{방문일시}']).toMatch(/^\d+월 \d+일\([일월화수목금토]\) 14:00$/);
    await stores.leads.mutate([{ create: lead('lead-next-week', { visitAt: '2099-01-01 10:00', visitSlotStatus: 'booked' }) }]);

    await sender.queueReminders();
    await sender.queueReminders();
    await dispatcher().queueReminders();
    const reminders = standIn.received.filter((message) => message.templateId === 'KA01TP-REMIND');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]).toMatchObject({ to: PHONE, variables: { '#{이름}': NAME, '#{방문일시}': standIn.received[0].variables['#{방문일시}'] } });
    expect((await stores.log.forLead('lead-booked')).map(({ event, status }) => [event, status])).toEqual([
      ['booking', 'sent'],
      ['reminder', 'sent'],
    ]);
    expect(await stores.log.forLead('lead-next-week')).toEqual([]);
  });

  it('the assigned 상담사 is told of a new lead and of its booking, once per assignment (churn too); no number: not sent (휴대폰 번호 없음)', async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    const sender = dispatcher();
    await stores.leads.mutate([{ create: lead('lead-staff', { visitAt: `${TOMORROW} 14:00`, visitSlotStatus: 'booked' }) }]);
    await sender.staffAssigned('lead-staff', KIM, 'rev-1');
    await sender.staffAssigned('lead-staff', KIM, 'rev-1');
    await sender.staffAssigned('lead-staff', 'lee@example.com', 'rev-2');
    await sender.staffAssigned('lead-staff', KIM, 'rev-3');
    await sender.staffBooked('lead-staff', KIM, 'rev-4');
    await sender.staffBooked('lead-staff', KIM, 'rev-4');
    await dispatcher().deliver();
    expect(standIn.received.map(({ to, templateId, variables }) => ({ to, templateId, variables }))).toEqual([
      { to: KIM_MOBILE, templateId: 'KA01TP-STAFF-NEW', variables: { '#{이름}': '김*지' } },
      { to: KIM_MOBILE, templateId: 'KA01TP-STAFF-NEW', variables: { '#{이름}': '김*지' } },
      { to: KIM_MOBILE, templateId: 'KA01TP-STAFF-BOOK', variables: { '#{이름}': '김*지', '#{방문일시}': expect.stringMatching(/^\d+월 \d+일\([일월화수목금토]\) 14:00$/) } },
    ]);
    expect(JSON.stringify(standIn.received)).not.toContain(PHONE);
    // One row per assignment event (made at one moment here, so listed by key: the booking, then rev-1, rev-2, rev-3).
    expect((await stores.log.forLead('lead-staff')).map(({ event, status, reason }) => [event, status, reason])).toEqual([
      ['staffBooking', 'sent', null],
      ['staffNewLead', 'sent', null],
      ['staffNewLead', 'skipped', 'noStaffNumber'],
      ['staffNewLead', 'sent', null],
    ]);
  });

  it('a lead assigned as it is stored (automatic assignment) tells its 상담사 of the lead and its booking; off by default', async () => {
    await setTemplates(templates(STAFF_TEMPLATES));
    const booked = lead('lead-round-robin', { visitAt: `${TOMORROW} 11:00`, visitSlotStatus: 'booked', assignee: { email: KIM, name: '김상담' } });
    await stores.leads.mutate([{ create: booked }]);
    dispatcher().notify({ ...booked, visitAt: `${TOMORROW} 11:00` });
    await expect.poll(async () => (await stores.log.forLead(booked._id)).filter((entry) => entry.status === 'sent').length, { timeout: 5000 }).toBe(3);
    expect(standIn.received.map(({ to, templateId }) => [to, templateId])).toEqual(
      expect.arrayContaining([
        [PHONE, 'KA01TP-BOOK'],
        [KIM_MOBILE, 'KA01TP-STAFF-NEW'],
        [KIM_MOBILE, 'KA01TP-STAFF-BOOK'],
      ]),
    );
    const off = dispatcher({ provider: false });
    await off.staffAssigned(booked._id, KIM, 'rev-off');
    expect(await stores.log.forLead(booked._id)).toContainEqual(expect.objectContaining({ event: 'staffNewLead', status: 'skipped', reason: 'off', attempts: 1 }));
  });

  it('a visit asked for but not booked (its slot filled while the lead waited in the outbox): the registration confirmation goes instead', async () => {
    const sender = dispatcher();
    const unbooked = lead('lead-unbooked', { visitAt: `${TOMORROW} 14:00`, visitSlotStatus: 'unavailable' });
    expect(await registerAndSend(sender, unbooked)).toMatchObject({ event: 'booking', status: 'skipped', reason: 'notBooked' });
    await sender.deliver();
    expect((await stores.log.forLead('lead-unbooked')).map(({ event, status }) => [event, status])).toEqual([
      ['booking', 'skipped'],
      ['registration', 'sent'],
    ]);
    expect(standIn.received.map((message) => message.templateId)).toEqual(['KA01TP-REG']);
    await sender.queueReminders();
    expect(standIn.received).toHaveLength(1);
  });

  it('50 leads to one number (anyone can type a victim\'s) send one message: the others are not sent, a confirmation went this week', async () => {
    const sender = dispatcher();
    const entries = [];
    for (let index = 0; index < 50; index += 1) {
      const visit = index % 2 === 1 ? { visitAt: `${TOMORROW} 14:00`, visitSlotStatus: 'booked' } : {};
      entries.push(await registerAndSend(sender, lead(`lead-flood-${index}`, visit)));
    }
    expect(standIn.received.filter((message) => message.to === PHONE)).toHaveLength(1);
    expect(entries[0]).toMatchObject({ status: 'sent' });
    expect(entries.slice(1).map(({ status, reason }) => `${status} ${reason}`)).toEqual(Array(49).fill('skipped sentThisWeek'));
  });

  it('the site-wide daily cap: once today\'s messages to customers reach it the rest are not sent, staff are alerted, and the count is there for the console', async () => {
    const alerts = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sender = dispatcher({ customerDailyCap: 3 });
    const outcomes = [];
    for (let index = 0; index < 5; index += 1) {
      outcomes.push(await registerAndSend(sender, lead(`lead-capped-${index}`, { phone: `0105555${String(index).padStart(4, '0')}` })));
    }
    expect(outcomes.map(({ status, reason }) => `${status} ${reason}`)).toEqual(['sent null', 'sent null', 'sent null', 'skipped dailyCap', 'skipped dailyCap']);
    expect(standIn.received).toHaveLength(3);
    expect(await sender.customerQuota()).toEqual({ sent: 3, cap: 3 });
    expect(alerts.mock.calls.filter(([line]) => String(line).includes('daily cap'))).toHaveLength(1);
    alerts.mockRestore();
  });

  it('the provider down (503 twice): retried through the outbox with backoff until it is sent, once', async () => {
    const sender = dispatcher();
    standIn.failNext(2, 'status503');
    await stores.leads.mutate([{ create: lead('lead-retried') }]);
    sender.notify(lead('lead-retried'));
    await expect.poll(async () => (await stores.log.forLead('lead-retried'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    expect((await stores.log.forLead('lead-retried'))[0]).toMatchObject({ status: 'pending', reason: 'providerError', providerCode: 'ServiceUnavailable' });

    await sender.deliver();
    expect((await stores.log.forLead('lead-retried'))[0].attempts).toBe(1); // not due before the backoff
    now += MESSAGE_BACKOFF_BASE_MS;
    await sender.deliver();
    expect((await stores.log.forLead('lead-retried'))[0]).toMatchObject({ status: 'pending', attempts: 2, providerCode: 'ServiceUnavailable' });
    now += 2 * MESSAGE_BACKOFF_BASE_MS;
    await sender.deliver();
    expect((await stores.log.forLead('lead-retried'))[0]).toMatchObject({ status: 'sent', attempts: 3 });
    expect(standIn.received).toHaveLength(1);
  });

  it('a provider that answers after the timeout (it sent the message): recorded as not known, never sent again; each message carries its own key', async () => {
    const sender = dispatcher({ providerTimeoutMs: 300 });
    standIn.failNext(1, 'slowAnswer');
    await stores.leads.mutate([{ create: lead('lead-slow') }]);
    sender.notify(lead('lead-slow'));
    await expect.poll(async () => (await stores.log.forLead('lead-slow'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    for (let round = 1; round < MESSAGE_MAX_ATTEMPTS; round += 1) {
      now += 60 * 60_000;
      await sender.deliver();
    }
    await expect.poll(() => standIn.received.length, { timeout: 5000 }).toBe(1);
    expect((await stores.log.forLead('lead-slow'))[0]).toMatchObject({ status: 'unknown', reason: 'providerNoAnswer', providerCode: 'Timeout', attempts: 1 });
    expect(standIn.received[0].customFields).toEqual({ messageKey: 'registration:lead-slow' });
    // No answer at all is as unknown: the provider may have sent it (another number: one confirmation a week per number).
    standIn.failNext(1, 'noAnswer');
    expect(await registerAndSend(sender, lead('lead-no-answer', { phone: '01055550099' }))).toMatchObject({ status: 'unknown', reason: 'providerNoAnswer' });
  });

  it(`a provider down for good: failed after ${MESSAGE_MAX_ATTEMPTS} attempts (공급자 오류)`, async () => {
    const sender = dispatcher();
    standIn.failNext(MESSAGE_MAX_ATTEMPTS, 'status503');
    await stores.leads.mutate([{ create: lead('lead-given-up') }]);
    sender.notify(lead('lead-given-up'));
    await expect.poll(async () => (await stores.log.forLead('lead-given-up'))[0]?.attempts, { timeout: 5000 }).toBe(1);
    for (let attempt = 2; attempt <= MESSAGE_MAX_ATTEMPTS; attempt += 1) {
      now += 60 * 60_000;
      await sender.deliver();
    }
    expect((await stores.log.forLead('lead-given-up'))[0]).toMatchObject({ status: 'failed', reason: 'providerError', attempts: MESSAGE_MAX_ATTEMPTS });
    expect(standIn.received).toEqual([]);
  });

  it('not sent, and why: off, no template, no consent, a bad number, a template the provider does not know', async () => {
    expect(await registerAndSend(dispatcher({ provider: false }), lead('lead-off'))).toMatchObject({ status: 'skipped', reason: 'off' });
    await setTemplates(templates({ registration: { enabled: false, templateCode: 'KA01TP-REG', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
    expect(await registerAndSend(dispatcher(), lead('lead-no-template'))).toMatchObject({ status: 'skipped', reason: 'noTemplate' });
    await setTemplates(templates({ registration: { enabled: true, templateCode: 'KA01TP-UNKNOWN', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
    expect(await registerAndSend(dispatcher(), lead('lead-unknown-template'))).toMatchObject({
      status: 'failed',
      reason: 'providerRefused',
      providerCode: 'TemplateNotFound',
    });
    await setTemplates(templates());
    const withoutConsent = lead('lead-no-consent');
    withoutConsent.consent = { ...withoutConsent.consent, privacy: false as true };
    expect(await registerAndSend(dispatcher(), withoutConsent)).toMatchObject({ status: 'skipped', reason: 'noConsent' });
    expect(await registerAndSend(dispatcher(), lead('lead-landline', { phone: '0212345678' }))).toMatchObject({ status: 'failed', reason: 'badNumber' });
    expect(standIn.received).toEqual([]);
  });

  it("a 대표번호 as SOLAPI_SENDER (1600-0000, the site's own number) is sent from, digits only", async () => {
    await standIn.close();
    standIn = await startSolapiStandIn({ ...ACCOUNT, sender: '16000000', templates: TEMPLATE_TEXTS });
    const fromEnvironment = loadConfig({ MESSAGES_PROVIDER: 'solapi', SOLAPI_API_KEY: ACCOUNT.apiKey, SOLAPI_API_SECRET: ACCOUNT.apiSecret, SOLAPI_SENDER: '1600-0000', KAKAO_PFID: ACCOUNT.pfId, SOLAPI_API_URL: standIn.url }).messages;
    config = fromEnvironment!;
    expect(await registerAndSend(dispatcher(), lead('lead-representative-sender'))).toMatchObject({ status: 'sent' });
    expect(standIn.received.map((message) => message.from)).toEqual(['16000000']);
  });

  it('the stand-in refuses a sender written with hyphens, as SOLAPI does (InvalidSenderNumber)', async () => {
    config = { ...config, sender: '032-123-4567' };
    expect(await registerAndSend(dispatcher(), lead('lead-hyphen-sender'))).toMatchObject({ status: 'failed', reason: 'providerRefused', providerCode: 'InvalidSenderNumber' });
    expect(standIn.received).toEqual([]);
  });

  it('the stand-in is strict: a wrong secret is refused (SignatureDoesNotMatch) and logged as refused, not retried', async () => {
    config = { ...config, apiSecret: 'not-the-secret' };
    expect(await registerAndSend(dispatcher(), lead('lead-bad-secret'))).toMatchObject({
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
      await stores.leads.mutate([{ create: lead('lead-logged') }]);
      sender.notify(lead('lead-logged'));
      await expect.poll(async () => (await stores.log.forLead('lead-logged'))[0]?.attempts, { timeout: 5000 }).toBe(1);
      now += MESSAGE_BACKOFF_BASE_MS;
      await sender.deliver();
      await setTemplates(templates({ registration: { enabled: true, templateCode: 'KA01TP-UNKNOWN', text: TEMPLATE_TEXTS['KA01TP-REG'] } }));
      await registerAndSend(sender, lead('lead-refused'));
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
    // Twelve customers (one number gets one confirmation a week).
    await stores.leads.mutate(ids.map((id, index) => ({ create: lead(id, { phone: `0107777${String(index).padStart(4, '0')}` }) })));
    await stores.log.enqueue(ids.map((id) => ({ key: `registration:${id}`, leadId: id, event: 'registration' as const })), now);
    await stores.log.enqueue(ids.map((id) => ({ key: `registration:${id}`, leadId: id, event: 'registration' as const })), now);
    await Promise.all([dispatcher().deliver(), dispatcher({ log: otherLog }).deliver()]);
    expect(standIn.received).toHaveLength(ids.length);
    for (const id of ids) expect(await stores.log.forLead(id)).toEqual([expect.objectContaining({ status: 'sent', attempts: 1 })]);
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
    expect(await provider.send({ to: PHONE, templateId: 'KA01TP-REG', variables: {}, text: '', key: 'registration:lead-1' })).toEqual({ ok: false, retryable: true, code: 'ConnectFailed' });
  });
});
