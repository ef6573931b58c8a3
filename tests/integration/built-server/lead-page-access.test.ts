/**
 * A 상담사 stays out of a colleague's leads in every action of the lead page, not only in its GET:
 * against the built server, with 상담사가 모든 관심고객 보기 off, a 상담사 posts each console
 * action of a colleague's lead (`/admin/leads/<id>.data`: reveal, change, memo, call, book, move,
 * cancel; `/admin/visits.data`: check-in of a visit not today) with a made-up revision and with the true one. Each
 * answers 403 as the GET does, names nothing of the lead (name, message, memo, number,
 * 담당자), and the lead is unchanged with no record of the 상담사 about it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { register } from '../../../web/server/customers/registration';
import { openEmbeddedSalesDatabase, type SalesDatabase } from '../../../web/server/database/index';
import { seoulDay, shiftDay } from '../../../web/shared/seoul-time';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie, type RawResponse } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';
import { STAFF_CLI } from '../../support/operator-cli';

const ADMIN = 'boss@example.kr';
const KIM = 'kim@example.kr';
const LEE = 'lee@example.kr';
const PASSWORD = 'correct horse battery staple';
const TODAY = seoulDay(Date.now());
const TOMORROW = shiftDay(TODAY, 1);
const AFTER = shiftDay(TODAY, 2);
const slotId = (date: string) => `visitSlot-${date.replaceAll('-', '')}-2350`;

/** What no answer to the 상담사 may hold. */
const SECRETS = {
  name: '비밀고객',
  message: '비밀 문의 내용',
  memo: '이상담의 비밀 메모',
  phone: '01098765432',
  phoneTail: '5432',
  assignee: LEE,
  source: 'secret-campaign',
};

/** Lee's customers (their registrations' ids): one checked in today (its visit on today's sheet), one booked tomorrow. */
const CHECKED_IN = 'lead-colleague-checked-in';
const BOOKED = 'lead-colleague-booked';
/** The customers the two registrations joined: what the records name. */
const customers: string[] = [];

const LEE_ACTOR: CustomerActor = { email: LEE, name: '이상담', role: 'sales', ip: '10.0.0.9', visibleTo: LEE, takesColleagues: false };

/** A customer of Lee's with a memo and a call, booked on `date` (and checked in). */
async function colleagueCustomer(sales: SalesDatabase, id: string, phone: string, date: string, checkedIn: boolean): Promise<string> {
  const at = new Date().toISOString();
  const outcome = await register(
    sales,
    {
      id,
      name: SECRETS.name,
      phone,
      message: SECRETS.message,
      createdAt: at,
      formKind: 'customer',
      sourcePage: '/Promotion/Customer',
      utm: { source: SECRETS.source },
      consent: { marketing: true, noticeVersion: '2026-11', agreedAt: at },
    },
    {
      assignee: { email: LEE, name: '이상담' },
      today: TODAY,
      visit: { slotId: slotId(date), bookableFrom: TODAY, whenUnavailable: 'refuse', kind: 'site', by: null },
    },
  );
  if (outcome.status !== 'created') throw new Error(outcome.status);
  const work = new CustomerWork(sales);
  await work.addMemo(outcome.customerId, SECRETS.memo, LEE_ACTOR);
  const version = async () => (await sales.db.selectFrom('customers').select('version').where('id', '=', outcome.customerId).executeTakeFirstOrThrow()).version;
  expect((await work.recordCall(outcome.customerId, { version: await version(), result: '부재', callbackAt: null }, LEE_ACTOR)).ok).toBe(true);
  if (checkedIn) expect((await work.checkIn(outcome.customerId, await version(), LEE_ACTOR)).ok).toBe(true);
  return outcome.customerId;
}

async function preparedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-lead-access-'));
  const sales = await openEmbeddedSalesDatabase(dataDir);
  for (const date of [TODAY, TOMORROW, AFTER]) {
    await sales.db
      .insertInto('visit_slots')
      .values({ id: slotId(date), date, time: '23:50', capacity: 4, created_at: new Date().toISOString() })
      .execute();
  }
  customers.push(
    await colleagueCustomer(sales, CHECKED_IN, SECRETS.phone, TODAY, true),
    await colleagueCustomer(sales, BOOKED, '01055555432', TOMORROW, false),
  );
  await sales.close();
  for (const [email, name] of [
    [KIM, '김상담'],
    [LEE, '이상담'],
  ]) {
    execFileSync(process.execPath, [STAFF_CLI, 'add', email, '--role', 'sales', '--name', name], {
      env: { ...process.env, DATA_DIR: dataDir, SANITY_PROJECT_ID: '', PASSWORD_HASH_COST: '12' },
      input: `${PASSWORD}\n`,
    });
  }
  return dataDir;
}

let server: RunningServer;
let admin: string;
let kim: string;

beforeAll(async () => {
  server = await startServer({
    env: {
      E2E_DATA_DIR: await preparedDataDir(),
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: ADMIN,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-lead-access-test-0123',
    },
  });
  admin = cookiesOf(await postFormWithCookie(server.url, '/admin', { intent: 'login', email: ADMIN, password: PASSWORD }, ''));
  kim = cookiesOf(await postFormWithCookie(server.url, '/admin', { intent: 'login', email: KIM, password: PASSWORD }, ''));
  expect(admin && kim).toBeTruthy();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

const text = (response: RawResponse) => response.body.toString('utf8');
const leadData = (id: string, cookie: string) => getWithCookie(server.url, `/admin/leads/${id}.data`, cookie);
/** The revision the lead has now, read as the admin. */
async function revOf(id: string): Promise<string> {
  const body = text(await leadData(id, admin));
  const rev = /"rev","([^"]+)"/.exec(body)?.[1];
  expect(rev, `the lead ${id} has a revision`).toBeTruthy();
  return rev!;
}

describe("a 상담사 on a colleague's lead", () => {
  it('the GET of the page is refused (403) and shows nothing', async () => {
    const answer = await leadData(CHECKED_IN, kim);
    expect(answer.status).toBe(403);
    for (const secret of Object.values(SECRETS)) expect(text(answer)).not.toContain(secret);
  });

  it('every action of the lead page and the check-in answer 403, reveal nothing and change nothing', async () => {
    const before: Record<string, string> = { [CHECKED_IN]: await revOf(CHECKED_IN), [BOOKED]: await revOf(BOOKED) };
    const attempts: Array<{ id: string; path: string; fields: Record<string, string> }> = [];
    for (const id of [CHECKED_IN, BOOKED]) {
      for (const rev of ['bogus', before[id]]) {
        const lead = (fields: Record<string, string>) => attempts.push({ id, path: `/admin/leads/${id}.data`, fields: { rev, ...fields } });
        lead({ intent: 'reveal' });
        lead({ intent: 'change', status: 'invalid', assignee: LEE, assigneeWas: LEE });
        lead({ intent: 'change', status: 'contacting', assignee: KIM, assigneeWas: LEE });
        lead({ intent: 'memo', memo: '몰래 쓰는 메모' });
        lead({ intent: 'memo', memo: '보인 번호도 함께', revealed: '1' });
        lead({ intent: 'call', callResult: '부재' });
        lead({ intent: 'book', slotId: slotId(AFTER) });
        lead({ intent: 'book', slotId: slotId(AFTER), visitWas: `${TODAY} 23:50` });
        lead({ intent: 'cancelVisit' });
        // The check-in of a visitor not on today's sheet (today's is the desk's to check in, below).
        if (id === BOOKED) attempts.push({ id, path: '/admin/visits.data', fields: { intent: 'checkIn', leadId: id, rev } });
      }
    }
    const refused: string[] = [];
    for (const attempt of attempts) {
      const answer = await postFormWithCookie(server.url, attempt.path, attempt.fields, kim);
      const body = text(answer);
      const label = `${attempt.path} ${JSON.stringify(attempt.fields)}`;
      expect(answer.status, `${label}: ${body.slice(0, 300)}`).toBe(403);
      // The customer's version (a count of its changes) tells nothing of it; what it holds must not show.
      for (const secret of Object.values(SECRETS)) expect(body, `${label} names ${secret}`).not.toContain(secret);
      refused.push(label);
    }
    expect(refused).toHaveLength(38);

    expect({ [CHECKED_IN]: await revOf(CHECKED_IN), [BOOKED]: await revOf(BOOKED) }).toEqual(before);
    // Nothing was recorded in the 상담사's name about either lead (no view, reveal or change).
    const records = text(await getWithCookie(server.url, `/admin/audit.data?${new URLSearchParams({ actor: KIM })}`, admin));
    for (const id of [CHECKED_IN, BOOKED, ...customers]) expect(records).not.toContain(id);
    // The day's sheet still has the checked-in visitor, and the other day's place is still free.
    expect(text(await getWithCookie(server.url, `/admin/visits.data?date=${TODAY}`, admin))).toContain(customers[0]);
  });

  it("the desk still checks in a colleague's visitor on the visit's own day (the sheet shows everyone)", async () => {
    // Lee's visitor of today, posted from a sheet printed before a change: the desk is told of the change (409).
    const answer = await postFormWithCookie(server.url, '/admin/visits.data', { intent: 'checkIn', leadId: CHECKED_IN, rev: 'stale' }, kim);
    expect(answer.status).toBe(409);
  });
});
