/**
 * The audit trail filtered by customer (고객으로 찾기, `lead`): the records whose target is the
 * customer or any of its registrations (older records name a registration), whichever of those ids
 * is asked for, on both trails, page and stream alike; other filters still apply beside it.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../../../web/server/customers/registration';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';

let database: ConsoleSales | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

describe.each(Object.entries(CONSOLE_DATABASES))('the audit trail of one customer on %s', (_name, open) => {
  it("lists and streams the customer's records and its registrations', newest first on the page", async () => {
    database = await open();
    const registered = async (id: string, phone: string) => {
      const at = '2026-11-20T01:00:00.000Z';
      const outcome = await register(
        database!.sales,
        { id, name: '한고객', phone, createdAt: at, formKind: 'popup', consent: { marketing: false, noticeVersion: 'v1', agreedAt: at } },
        { assignee: null, today: '2026-11-20' },
      );
      if (outcome.status !== 'created') throw new Error(outcome.status);
      return outcome.customerId;
    };
    const customer = await registered('lead-a', '01012345678');
    expect(await registered('lead-a2', '01012345678')).toBe(customer);
    const other = await registered('lead-b', '01099990000');
    const audit = database.audit;
    const record = (actor: string, action: 'leadView' | 'leadChange' | 'leadMemo', target: string, detail?: string) =>
      audit.record({ actor, action, ip: '10.0.0.1', target, detail });
    await record('kim@example.com', 'leadView', 'lead-a');
    await record('kim@example.com', 'leadChange', 'lead-a2', '상태 신규 → 연락 중');
    await record('lee@example.com', 'leadView', other);
    await record('lee@example.com', 'leadMemo', customer, '5자');
    await audit.record({ actor: 'admin@example.com', action: 'accountCreate', ip: '10.0.0.1', target: 'lead-a@example.com' });

    const expected = [
      ['lee@example.com', 'leadMemo', customer],
      ['kim@example.com', 'leadChange', 'lead-a2'],
      ['kim@example.com', 'leadView', 'lead-a'],
    ];
    for (const asked of [customer, 'lead-a', 'lead-a2']) {
      expect(
        (await audit.list({ lead: asked })).entries.map((entry) => [entry.actor, entry.action, entry.target]),
        asked,
      ).toEqual(expected);
    }
    expect((await audit.list({ lead: customer, actor: 'kim@example.com', action: 'leadChange' })).entries.map((entry) => entry.detail)).toEqual([
      '상태 신규 → 연락 중',
    ]);
    const streamed = [];
    for await (const entry of audit.stream({ lead: 'lead-b' })) streamed.push(entry.target);
    expect(streamed).toEqual([other]);
    expect((await audit.list({ lead: 'lead-none' })).entries).toEqual([]);
  });
});
