/**
 * 오늘 할 일 on both lead stores (embedded SQLite and PostgreSQL): calls due by the end of the
 * Seoul day (overdue first; a later call without a 재통화 clears one), the day's booked visits in
 * time order with their check-in, and the new leads nobody has called, one 상담사's or everyone's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mutation } from '../../web/server/content/types';
import { todayWorkOf, type TodayWorkService } from '../../web/server/console/today-work';
import { todayWhoOf } from '../../web/shared/today-work';
import { postgresLeadsWithReads, sqliteLeadsWithReads, type LeadsWithReads } from './lead-stores-with-reads';

/** 12:00 in Seoul on 2026-11-24. */
const NOW = Date.parse('2026-11-24T03:00:00.000Z');
const KIM = { email: 'kim@example.com', name: '김상담' };
const LEE = { email: 'lee@example.com', name: '이상담' };

const call = (at: string, result: string, callbackAt?: string) => ({
  _key: `c${at.replace(/\D/g, '')}`,
  _type: 'leadCall',
  result,
  ...(callbackAt ? { callbackAt } : {}),
  authorEmail: KIM.email,
  authorName: KIM.name,
  at,
});

function lead(id: string, fields: Record<string, unknown>): Mutation {
  return {
    create: {
      _id: `lead-${id}`,
      _type: 'lead',
      name: `고객${id}`,
      phone: `0101234${String(id.charCodeAt(0)).padStart(4, '0')}`,
      createdAt: '2026-11-20T00:00:00.000Z',
      status: 'contacting',
      ...fields,
    },
  };
}

const LEADS: Mutation[] = [
  lead('A', { assignee: KIM, calls: [call('2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-23T05:00:00.000Z')] }),
  lead('B', { assignee: KIM, calls: [call('2026-11-22T01:00:00.000Z', '부재'), call('2026-11-23T01:00:00.000Z', '재통화 요청', '2026-11-24T08:00:00.000Z')] }),
  // Called back already: the last call asked for nothing more.
  lead('C', { assignee: KIM, calls: [call('2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-24T01:00:00.000Z'), call('2026-11-24T01:00:00.000Z', '통화 완료')] }),
  lead('D', { assignee: LEE, calls: [call('2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-24T06:00:00.000Z')] }),
  // Tomorrow, 10:00 in Seoul: not today's.
  lead('E', { assignee: KIM, calls: [call('2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-25T01:00:00.000Z')] }),
  // Nobody's lead: the call-back is whoever recorded the call's (김상담's).
  lead('Q', { calls: [call('2026-11-23T01:00:00.000Z', '재통화 요청', '2026-11-24T07:00:00.000Z')] }),
  lead('F', { assignee: KIM, status: 'invalid', calls: [call('2026-11-22T01:00:00.000Z', '재통화 요청', '2026-11-23T05:00:00.000Z')] }),
  lead('G', { assignee: KIM, status: 'visitBooked', visitAt: '2026-11-24 14:00', visitSlotStatus: 'booked' }),
  lead('H', { assignee: KIM, status: 'visited', visitAt: '2026-11-24 11:00', visitSlotStatus: 'booked', checkedInAt: '2026-11-24T01:55:00.000Z' }),
  lead('I', { assignee: KIM, status: 'invalid', visitAt: '2026-11-24 10:00', visitSlotStatus: 'released' }),
  lead('J', { assignee: LEE, status: 'visitBooked', visitAt: '2026-11-24 10:30', visitSlotStatus: 'booked' }),
  lead('K', { assignee: KIM, status: 'visitBooked', visitAt: '2026-11-25 10:00', visitSlotStatus: 'booked' }),
  lead('L', { status: undefined, createdAt: '2026-11-23T23:00:00.000Z' }),
  lead('M', { assignee: KIM, status: 'new', createdAt: '2026-11-24T00:00:00.000Z' }),
  lead('N', { assignee: LEE, status: 'new', createdAt: '2026-11-23T00:00:00.000Z' }),
  lead('O', { assignee: KIM, status: 'new', calls: [call('2026-11-24T02:00:00.000Z', '부재')] }),
  lead('P', { assignee: KIM, createdAt: '2026-11-23T00:00:00.000Z' }),
];

describe.each([
  ['embedded SQLite', sqliteLeadsWithReads],
  ['PostgreSQL', postgresLeadsWithReads],
] as const)('오늘 할 일 on %s', (_name, open) => {
  let store: LeadsWithReads;
  let today: TodayWorkService;

  beforeAll(async () => {
    store = await open(LEADS);
    today = todayWorkOf(store.leads, () => NOW);
  });
  afterAll(() => store?.close());

  it("one 상담사's: calls due (overdue first), the day's visits in time order, new leads of theirs first, then nobody's", async () => {
    const work = await today.read({ email: KIM.email });
    expect(work.day).toBe('2026-11-24');
    expect(work.calls).toEqual([
      { id: 'lead-A', name: '고객A', maskedPhone: '010-****-0065', status: 'contacting', assigneeName: KIM.name, callbackAt: '2026-11-23T05:00:00.000Z', lastCallResult: '재통화 요청', overdue: true },
      expect.objectContaining({ id: 'lead-Q', assigneeName: null, callbackAt: '2026-11-24T07:00:00.000Z' }),
      expect.objectContaining({ id: 'lead-B', callbackAt: '2026-11-24T08:00:00.000Z', lastCallResult: '재통화 요청', overdue: false }),
    ]);
    expect(work.visits).toEqual([
      { id: 'lead-H', name: '고객H', maskedPhone: '010-****-0072', status: 'visited', assigneeName: KIM.name, time: '11:00', checkedInAt: '2026-11-24T01:55:00.000Z' },
      expect.objectContaining({ id: 'lead-G', time: '14:00', checkedInAt: null }),
    ]);
    // Their own before the older unassigned one: a launch's pool of unassigned leads never hides them.
    expect(work.newLeads.map((row) => row.id)).toEqual(['lead-M', 'lead-L']);
    expect(work.newLeads[1]).toEqual({ id: 'lead-L', name: '고객L', maskedPhone: '010-****-0076', createdAt: '2026-11-23T23:00:00.000Z', assigneeName: null });
    expect(JSON.stringify(work)).not.toContain('01012340065');
  });

  it("everyone's: every 상담사's due calls and visits, every new lead not called", async () => {
    const work = await today.read('all');
    expect(work.calls.map((row) => row.id)).toEqual(['lead-A', 'lead-D', 'lead-Q', 'lead-B']);
    expect(work.visits.map((row) => row.id)).toEqual(['lead-J', 'lead-H', 'lead-G']);
    expect(work.newLeads.map((row) => row.id)).toEqual(['lead-N', 'lead-L', 'lead-M']);
  });

  it('a day with nothing to do: empty lists', async () => {
    const work = await today.read({ email: 'nobody@example.com' });
    expect(work.calls).toEqual([]);
    expect(work.visits).toEqual([]);
    // Nobody's new lead is anyone's to call.
    expect(work.newLeads.map((row) => row.id)).toEqual(['lead-L']);
  });
});

describe('whose day the page asks for', () => {
  const params = (query: string) => new URLSearchParams(query);
  it("a 상담사 sees their own whatever the address asks; an admin anyone's, everyone's by default", () => {
    const sales = { email: KIM.email, role: 'sales' } as const;
    const admin = { email: 'admin@example.com', role: 'admin' } as const;
    expect(todayWhoOf(params('who=all'), sales)).toEqual({ email: KIM.email });
    expect(todayWhoOf(params(`who=${LEE.email}`), sales)).toEqual({ email: KIM.email });
    expect(todayWhoOf(params(''), admin)).toBe('all');
    expect(todayWhoOf(params('who=me'), admin)).toEqual({ email: admin.email });
    expect(todayWhoOf(params(`who=${LEE.email.toUpperCase()}`), admin)).toEqual({ email: LEE.email });
    expect(todayWhoOf(params('who=<script>'), admin)).toBe('all');
  });
});
