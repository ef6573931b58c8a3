/**
 * Group messages (단체 문자) on both databases: who a template may go to is decided in SQL (an
 * advertising template never reaches a customer without marketing consent, even when the request
 * names them), one confirmation queues one row per customer with one audit record and never twice,
 * and each message is sent through the dispatcher and lands in the customer's send log.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';
import type { ContentSource } from '../../../web/server/content/types';
import { register } from '../../../web/server/customers/registration';
import { GroupMessages, type GroupActor } from '../../../web/server/messages/group-messages';
import { MessageDispatcher } from '../../../web/server/messages/dispatcher';
import { SalesMessageLog } from '../../../web/server/messages/message-log';
import { createSolapiProvider } from '../../../web/server/messages/solapi';
import { seoulDay } from '../../../web/shared/seoul-time';
import { SALES_DATABASES, type TestSalesDatabase } from '../../support/sales-database';
import { startSolapiStandIn, type SolapiStandIn } from '../../support/solapi-stand-in';

const NOON = Date.UTC(2026, 10, 26, 3, 0, 0); // 12:00 in Seoul
const NIGHT = Date.UTC(2026, 10, 26, 13, 30, 0); // 22:30 in Seoul
const TODAY = seoulDay(NOON);
const MANAGER: GroupActor = { email: 'boss@example.com', name: '박팀장', role: 'manager', ip: '10.0.0.7' };
const SALES: GroupActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.8' };
const AD_TEXT = '(광고) 더샵 분양홍보관\n#{이름}님, 이번 주말 분양 설명회에 초대합니다.\n문의 #{대표번호}\n무료수신거부 080-123-4567';
const NOTICE_TEXT = '#{이름}님, 오늘 #{방문일시} 모델하우스 방문을 기다리겠습니다. 문의 #{대표번호}';
const ACCOUNT = { apiKey: 'NCSTESTKEY', apiSecret: 'test-secret-0123456789', sender: '16000000', pfId: 'KA01PF-TEST' };

describe.each(Object.keys(SALES_DATABASES))('group messages on %s', (database) => {
  let stores: TestSalesDatabase;
  let content: ContentSource;
  let standIn: SolapiStandIn;
  let now: number;
  let groups: GroupMessages;

  /** A customer registered on the site with or without marketing consent; returns their id. */
  async function customer(phone: string, name: string, marketing: boolean, slotId?: string): Promise<string> {
    const createdAt = new Date(now).toISOString();
    const outcome = await register(
      stores.sales,
      { id: `lead-${phone}`, name, phone, createdAt, formKind: 'popup', consent: { marketing, noticeVersion: '2026-11', agreedAt: createdAt } },
      {
        assignee: null,
        today: TODAY,
        queueMessages: false,
        ...(slotId ? { visit: { slotId, bookableFrom: TODAY, whenUnavailable: 'keepUnbooked', kind: 'site', by: null } } : {}),
      },
    );
    if (outcome.status !== 'created') throw new Error(outcome.status);
    return outcome.customerId;
  }

  const groupRows = async () =>
    (
      await stores.sales.db
        .selectFrom('lead_messages')
        .select(['lead_id', 'event'])
        .where('event', 'in', ['groupAd', 'groupNotice'])
        .orderBy('lead_id')
        .execute()
    ).map((row) => `${row.event} ${row.lead_id}`);
  const audits = async () => stores.sales.db.selectFrom('audit_events').select(['actor', 'action', 'detail']).where('action', '=', 'groupMessage').execute();

  beforeEach(async () => {
    now = NOON;
    stores = await SALES_DATABASES[database]();
    content = await openEmbeddedStore({ file: ':memory:' });
    await content.mutate([
      { create: { _id: 'siteSettings', _type: 'siteSettings', phone: '1600-0000' } },
      { create: { _id: 'group-event', _type: 'groupMessageTemplate', title: '분양 설명회 초대', purpose: 'ad', text: AD_TEXT } },
      {
        create: {
          _id: 'group-visit',
          _type: 'groupMessageTemplate',
          title: '오늘 방문 안내',
          purpose: 'notice',
          templateCode: 'KA01TP-VISIT-TODAY',
          text: NOTICE_TEXT,
        },
      },
    ]);
    await stores.sales.db
      .insertInto('visit_slots')
      .values({ id: 'slot-today', date: TODAY, time: '15:00', capacity: 10, created_at: new Date(NOON).toISOString() })
      .execute();
    standIn = await startSolapiStandIn({ ...ACCOUNT, templates: { 'KA01TP-VISIT-TODAY': NOTICE_TEXT } });
    groups = new GroupMessages({ sales: stores.sales, content, maxRecipients: 5, prices: { alimtalk: 13, sms: 20, lms: 50 }, now: () => now });
  });

  afterEach(async () => {
    await standIn.close();
    await content.close();
    await stores.close();
  });

  it('an advertising template: a hand-made list of ids reaches only the customers with marketing consent, once, in each send log', async () => {
    const agreed = await customer('01011110001', '김민지', true);
    const refused = await customer('01011110002', '이서준', false);
    const invalid = await customer('01011110003', '박하늘', true);
    await stores.sales.db.updateTable('customers').set({ status: 'invalid' }).where('id', '=', invalid).execute();
    const audience = { kind: 'selection' as const, customerIds: [agreed, refused, invalid, 'customer-nobody'] };

    const preview = await groups.preview('group-event', audience, MANAGER);
    expect(preview).toMatchObject({
      ok: true,
      recipients: 1,
      excluded: { noMarketingConsent: 1, invalid: 1 },
      sample: { text: AD_TEXT.replace('#{이름}', '김민지').replace('#{대표번호}', '1600-0000') },
      cost: { channel: 'lms', unitPrice: 50, total: 50 },
    });

    const first = await groups.send({ templateId: 'group-event', audience, requestKey: 'confirm-1' }, MANAGER);
    expect(first).toEqual({ ok: true, queued: 1, excluded: 2, repeated: false });
    const again = await groups.send({ templateId: 'group-event', audience, requestKey: 'confirm-1' }, MANAGER);
    expect(again).toEqual({ ok: true, queued: 1, excluded: 2, repeated: true });
    expect(await groupRows()).toEqual([`groupAd ${agreed}`]);
    expect(await audits()).toEqual([
      { actor: MANAGER.email, action: 'groupMessage', detail: expect.stringMatching(/^분양 설명회 초대 \(광고\) · 1명 \(제외 2명\) · 선택한 고객 4명$/) },
    ]);

    // Consent withdrawn after the confirmation: the dispatcher asks again and does not send.
    const log = new SalesMessageLog(stores.sales);
    const dispatcher = new MessageDispatcher({
      log,
      sales: stores.sales,
      content,
      provider: createSolapiProvider({ provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: standIn.url }),
      now: () => now,
    });
    await dispatcher.deliver();
    expect(standIn.received).toEqual([
      expect.objectContaining({ to: '01011110001', templateId: '', text: AD_TEXT.replace('#{이름}', '김민지').replace('#{대표번호}', '1600-0000') }),
    ]);
    expect((await log.forCustomer(agreed)).map(({ event, status }) => `${event} ${status}`)).toEqual(['groupAd sent']);
    expect(await log.forCustomer(refused)).toEqual([]);
  });

  it('the dispatcher refuses an advertising message to a customer whose consent was withdrawn after queuing, and at night', async () => {
    const agreed = await customer('01011110011', '김민지', true);
    const later = await customer('01011110012', '최유나', true);
    const audience = { kind: 'selection' as const, customerIds: [agreed, later] };
    expect(await groups.send({ templateId: 'group-event', audience, requestKey: 'confirm-2' }, MANAGER)).toMatchObject({ ok: true, queued: 2 });
    await stores.sales.db.updateTable('customers').set({ marketing_consent: 0 }).where('id', '=', agreed).execute();
    now = NIGHT;
    const log = new SalesMessageLog(stores.sales);
    const dispatcher = new MessageDispatcher({
      log,
      sales: stores.sales,
      content,
      provider: createSolapiProvider({ provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: standIn.url }),
      now: () => now,
    });
    await dispatcher.deliver();
    expect(standIn.received).toEqual([]);
    expect((await log.forCustomer(agreed)).map(({ status, reason }) => `${status} ${reason}`)).toEqual(['skipped noMarketingConsent']);
    expect((await log.forCustomer(later)).map(({ status, reason }) => `${status} ${reason}`)).toEqual(['skipped adNight']);
    // And a confirmation at night is refused outright.
    expect(await groups.send({ templateId: 'group-event', audience, requestKey: 'confirm-3' }, MANAGER)).toEqual({ ok: false, error: 'adNight' });
  });

  it("a notice to today's booked visitors needs no marketing consent and goes as 알림톡 with the visit", async () => {
    const booked = await customer('01011110021', '김민지', false, 'slot-today');
    await customer('01011110022', '이서준', true);
    const preview = await groups.preview('group-visit', { kind: 'todayVisitors' }, MANAGER);
    expect(preview).toMatchObject({ ok: true, recipients: 1, excluded: {}, cost: { channel: 'alimtalk', unitPrice: 13, total: 13 } });
    expect(await groups.send({ templateId: 'group-visit', audience: { kind: 'todayVisitors' }, requestKey: 'confirm-4' }, MANAGER)).toMatchObject({
      ok: true,
      queued: 1,
    });
    const log = new SalesMessageLog(stores.sales);
    await new MessageDispatcher({
      log,
      sales: stores.sales,
      content,
      provider: createSolapiProvider({ provider: 'solapi', ...ACCOUNT, kakaoPfId: ACCOUNT.pfId, apiUrl: standIn.url }),
      now: () => now,
    }).deliver();
    expect(standIn.received).toEqual([
      expect.objectContaining({
        to: '01011110021',
        templateId: 'KA01TP-VISIT-TODAY',
        variables: expect.objectContaining({ '#{방문일시}': expect.stringMatching(/15:00$/) }),
      }),
    ]);
    expect((await log.forCustomer(booked)).map(({ event, status }) => `${event} ${status}`)).toEqual(['groupNotice sent']);
  });

  it('a 상담사 is refused; more recipients than the maximum are refused; a filter counts the whole filter', async () => {
    const ids = [];
    for (let index = 0; index < 6; index += 1) ids.push(await customer(`0101111003${index}`, '김민지', true));
    expect(await groups.preview('group-event', { kind: 'selection', customerIds: ids.slice(0, 2) }, SALES)).toEqual({ ok: false, error: 'forbidden' });
    expect(
      await groups.send({ templateId: 'group-event', audience: { kind: 'selection', customerIds: ids.slice(0, 2) }, requestKey: 'confirm-5' }, SALES),
    ).toEqual({ ok: false, error: 'forbidden' });
    expect(await groups.preview('group-event', { kind: 'filter', filters: { marketing: true } }, MANAGER)).toEqual({ ok: false, error: 'tooMany', max: 5 });
    expect(
      await groups.send({ templateId: 'group-event', audience: { kind: 'filter', filters: { marketing: true } }, requestKey: 'confirm-6' }, MANAGER),
    ).toEqual({ ok: false, error: 'tooMany', max: 5 });
    expect(await groups.preview('group-event', { kind: 'filter', filters: { q: '김민' } }, MANAGER)).toMatchObject({ ok: false, error: 'tooMany' });
    await stores.sales.db.updateTable('customers').set({ status: 'invalid' }).where('id', 'in', ids.slice(0, 2)).execute();
    expect(await groups.preview('group-event', { kind: 'filter', filters: { status: 'new' } }, MANAGER)).toMatchObject({ ok: true, recipients: 4 });
    expect(await groupRows()).toEqual([]);
    expect(await audits()).toEqual([]);
  });
});
