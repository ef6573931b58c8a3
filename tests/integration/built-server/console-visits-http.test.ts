/**
 * The visit sheet and the dashboard over real HTTP against the built server (`node server.js`):
 * a booking made through the lead API shows on its day's sheet (masked phone, status); the
 * check-in carries the revision, sets 방문 완료 and says when; a stale revision is refused with a
 * Korean message and the sheet's current state; bad dates and malformed posts answer 4xx with a
 * Korean message, never a 500; signed out, the sheet sends to the sign-in; the dashboard counts the
 * lead; console pages are no-store and noindex; the check-in is in the audit trail.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { seoulDay, shiftDay } from '../../../web/shared/seoul-time';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, getWithCookie, postFormWithCookie, type RawResponse } from '../../support/http';
import { STAFF_CLI } from '../../support/operator-cli';
import { hashTestPassword, TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';

const EMAIL = 'desk@example.kr';
const PASSWORD = 'correct horse battery staple';
const SALES_EMAIL = 'sales@example.kr';
const TODAY = seoulDay(Date.now());
const TOMORROW = shiftDay(TODAY, 1);
let server: RunningServer;
let cookie: string;
let salesCookie: string;

/** The customer tables holding a slot today and one tomorrow (the demo slots start tomorrow), and a 상담사. */
async function preparedDataDir(): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-visits-'));
  const sales = await openEmbeddedSalesDatabase(dataDir);
  await sales.db
    .insertInto('visit_slots')
    .values(
      [TODAY, TOMORROW].map((date) => ({
        id: `visitSlot-${date.replaceAll('-', '')}-2350`,
        date,
        time: '23:50',
        capacity: 4,
        created_at: new Date().toISOString(),
      })),
    )
    .execute();
  await sales.close();
  execFileSync(process.execPath, [STAFF_CLI, 'add', SALES_EMAIL, '--role', 'sales', '--name', '김상담'], {
    env: { ...process.env, ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' },
    input: `${PASSWORD}\n`,
  });
  return dataDir;
}

beforeAll(async () => {
  server = await startServer({
    env: {
      E2E_DATA_DIR: await preparedDataDir(),
      E2E_KEEP_DATA: '1',
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-visit-sheet-test-0123',
      LEAD_MIN_FILL_MS: '0',
    },
  });
  const signIn = await postForm('/cheonghak/press', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
  expect(signIn.status).toBe(302);
  cookie = cookiesOf(signIn);
  salesCookie = cookiesOf(await postForm('/admin', { intent: 'login', email: SALES_EMAIL, password: PASSWORD }, ''));
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

function get(path: string, withCookie = cookie): Promise<RawResponse> {
  return getWithCookie(server.url, path, withCookie);
}

function postForm(path: string, fields: Record<string, string>, withCookie = cookie): Promise<RawResponse> {
  return postFormWithCookie(server.url, path, fields, withCookie);
}

const html = (response: RawResponse) => response.body.toString('utf8');

/** The check-in form's hidden fields for the booking whose row shows `masked`. */
function rowOf(page: string, masked: string): string | undefined {
  return page
    .split('</tr>')
    .find((part) => part.includes(masked))
    ?.split('<tr')
    .at(-1);
}

function checkInFields(page: string, masked: string): { leadId: string; rev: string } {
  const row = rowOf(page, masked);
  expect(row, `a row for ${masked}`).toBeTruthy();
  const leadId = /name="leadId" value="([^"]+)"/.exec(row!)?.[1];
  const rev = /name="rev" value="([^"]+)"/.exec(row!)?.[1];
  expect(leadId && rev, 'the row has a check-in form').toBeTruthy();
  return { leadId: leadId!, rev: rev! };
}

describe('visit sheet', () => {
  let visitDay: string;
  const phone = '010-2468-1357';
  const masked = '010-****-1357';

  /** Books `slotId` through the lead API, as the customer page does. */
  async function book(slotId: string, name: string, bookingPhone: string): Promise<void> {
    const form = (await (await fetch(`${server.url}/api/leads/form`)).json()) as { token: string };
    const response = await fetch(`${server.url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({
        formToken: form.token,
        formKind: 'customer',
        name,
        phone: bookingPhone,
        message: '모델하우스 방문 예정',
        visitSlot: slotId,
        privacyConsent: true,
        ageConfirmed: true,
        website: '',
        sourcePage: '/Promotion/Customer?utm_source=naver',
      }),
    });
    expect(response.status).toBe(201);
  }

  beforeAll(async () => {
    const form = (await (await fetch(`${server.url}/api/leads/form`)).json()) as { slots: Array<{ id: string; date: string }> };
    // The earliest slot on offer is today's.
    const slot = form.slots[0];
    visitDay = slot.date;
    expect(visitDay).toBe(TODAY);
    await book(slot.id, '방문고객', phone);
    await book(form.slots.find((entry) => entry.date === TOMORROW)!.id, '내일고객', '010-2468-1358');
  });

  it('shows the booking on its day, phone masked, and checks the visitor in once', async () => {
    const sheet = await get(`/admin/visits?date=${visitDay}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers['cache-control']).toBe('private, no-store');
    const page = html(sheet);
    expect(page).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(page).toContain('방문고객');
    expect(page).not.toContain(phone);
    const { leadId, rev } = checkInFields(page, masked);
    // Booked on the site: 방문 예약.
    expect(rowOf(page, masked)).toContain('<td data-label="상태">방문 예약</td>');

    const checkedIn = await postForm(`/admin/visits?date=${visitDay}`, { intent: 'checkIn', leadId, rev });
    expect(checkedIn.status).toBe(200);
    expect(html(checkedIn)).toMatch(/방문고객 님의 방문을 확인했습니다 \(\d{2}:\d{2}\)/);
    const row = rowOf(html(checkedIn), masked)!;
    expect(row).toContain('<td data-label="상태">방문 완료</td>');
    expect(row).toMatch(/\d{2}:\d{2} 방문 확인/);
    expect(row).not.toContain('value="checkIn"');
    // Recorded in the audit trail, naming the lead.
    const audit = html(await get('/admin/audit?action=visitCheckIn'));
    expect(audit).toContain(leadId);
    expect(audit).toContain('방문 확인');

    // The same (now stale) revision again: refused, nothing written twice, the state shown.
    const again = await postForm(`/admin/visits?date=${visitDay}`, { intent: 'checkIn', leadId, rev });
    expect(again.status).toBe(409);
    expect(html(again)).toContain('방문고객 님은 이미 방문 확인되었습니다');
    expect(rowOf(html(again), masked)).toContain('<td data-label="상태">방문 완료</td>');
  });

  it('a manager takes the check-in back (방문 예약, time cleared, recorded); a 상담사 cannot', async () => {
    const sheetOf = async (as: string) => rowOf(html(await get(`/admin/visits?date=${TODAY}`, as)), masked)!;
    // A 상담사's sheet offers no undo; a forged post is refused.
    expect(await sheetOf(salesCookie)).not.toContain('value="undoCheckIn"');
    const row = await sheetOf(cookie);
    expect(row).toContain('value="undoCheckIn"');
    const fields = { intent: 'undoCheckIn', leadId: /name="leadId" value="([^"]+)"/.exec(row)![1], rev: /name="rev" value="([^"]+)"/.exec(row)![1] };
    const refused = await postForm(`/admin/visits?date=${TODAY}`, fields, salesCookie);
    expect(refused.status).toBe(403);
    expect(html(refused)).toContain('방문 확인 취소는 팀장이나 관리자만 할 수 있습니다.');
    expect(rowOf(html(refused), masked)).toContain('<td data-label="상태">방문 완료</td>');

    const undone = await postForm(`/admin/visits?date=${TODAY}`, fields);
    expect(undone.status).toBe(200);
    expect(html(undone)).toContain('방문고객 님의 방문 확인을 취소했습니다.');
    const after = rowOf(html(undone), masked)!;
    expect(after).toContain('<td data-label="상태">방문 예약</td>');
    expect(after).toContain('value="checkIn"');
    expect(after).not.toMatch(/\d{2}:\d{2} 방문 확인/);
    const audit = html(await get('/admin/audit?action=visitCheckInUndo'));
    expect(audit).toContain(fields.leadId);
    expect(audit).toContain('방문 확인 취소');
  });

  it('a checked-in visitor set back to 상담 완료 on their page: refused to a 상담사 (403), done by an admin with the time cleared', async () => {
    const sheet = html(await get(`/admin/visits?date=${TODAY}`));
    const { leadId, rev } = checkInFields(sheet, masked);
    expect((await postForm(`/admin/visits?date=${TODAY}`, { intent: 'checkIn', leadId, rev })).status).toBe(200);
    const setBack = async (as: string) => {
      const page = html(await get(`/admin/leads/${leadId}`, as));
      const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page)?.[1] ?? '';
      return postForm(
        `/admin/leads/${leadId}`,
        { intent: 'change', rev: field('rev'), status: 'consulted', assignee: field('assigneeWas'), assigneeWas: field('assigneeWas') },
        as,
      );
    };
    const refused = await setBack(salesCookie);
    expect(refused.status).toBe(403);
    expect(html(refused)).toContain('방문 확인된 고객을 방문 전 상태로 되돌리는 것은 팀장이나 관리자만 할 수 있습니다.');
    expect(rowOf(html(await get(`/admin/visits?date=${TODAY}`)), masked)).toMatch(/\d{2}:\d{2} 방문 확인/);
    expect((await setBack(cookie)).status).toBe(200);
    const row = rowOf(html(await get(`/admin/visits?date=${TODAY}`)), masked)!;
    expect(row).toContain('<td data-label="상태">상담 완료</td>');
    expect(row).not.toMatch(/\d{2}:\d{2} 방문 확인/);
  });

  it("tomorrow's visitor: the sheet offers no check-in, and a forged one is refused with a Korean message", async () => {
    const page = html(await get(`/admin/visits?date=${TOMORROW}`));
    const row = rowOf(page, '010-****-1358')!;
    expect(row).toContain('내일고객');
    expect(row).toContain('방문 당일에 확인합니다');
    expect(row).not.toContain('<form');
    const leadId = /href="\/admin\/leads\/([^"]+)"/.exec(row)![1];
    const rev = /name="rev" value="([^"]+)"/.exec(html(await get(`/admin/leads/${leadId}`)))![1];
    const forged = await postForm(`/admin/visits?date=${TOMORROW}`, { intent: 'checkIn', leadId, rev });
    expect(forged.status).toBe(409);
    expect(html(forged)).toContain('방문 확인은 예약한 날 당일에만 할 수 있습니다.');
    expect(rowOf(html(forged), '010-****-1358')).toContain('<td data-label="상태">방문 예약</td>');
  });

  it('the dashboard counts the lead and the day’s booking', async () => {
    const dashboard = await get('/admin');
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers['cache-control']).toBe('private, no-store');
    const page = html(dashboard);
    expect(page).toMatch(/<dt>오늘<\/dt><dd>[1-9]\d*명<\/dd>/);
    expect(page).toContain('방문예약 등록 페이지');
    expect(page).toContain('naver');
    expect(page).toContain(`/admin/visits?date=${visitDay}`);
    expect(page).toMatch(/<svg[^>]*role="img"/);
  });
});

describe('sign-in at /admin beside the dashboard', () => {
  // React Router hands a POST to an index route's path to the parent's action unless the URL
  // says `?index`: the sign-in form posts to /admin, whose index (the dashboard) has no action.
  it('a sign-in posted to /admin reaches the layout: a session, then the dashboard', async () => {
    const signIn = await postForm('/admin', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe('/admin');
    const session = cookiesOf(signIn);
    const dashboard = await get('/admin', session);
    expect(html(dashboard)).toContain('<h1 class="console-page__title">대시보드</h1>');
  });

  it("a 상담사's sign-in lands on 오늘 할 일; a page that sent them to sign in still comes first", async () => {
    const signIn = await postForm('/admin', { intent: 'login', email: SALES_EMAIL, password: PASSWORD }, '');
    expect(signIn.status).toBe(302);
    expect(signIn.headers.location).toBe('/admin/today');
    const sentBack = await postForm(
      `/admin?next=${encodeURIComponent('/admin/leads?status=new')}`,
      { intent: 'login', email: SALES_EMAIL, password: PASSWORD },
      '',
    );
    expect(sentBack.headers.location).toBe('/admin/leads?status=new');
  });

  it('a post to the dashboard itself (/admin?index) is 405: it takes none', async () => {
    const response = await postForm('/admin?index', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });
});

describe('bad input', () => {
  it.each(['2026-02-30', '2026-13-01', 'tomorrow', '<script>alert(1)</script>', '9'.repeat(5000), '2026-11-25%00'])(
    'date %j: 400 with a Korean message, never a 500',
    async (date) => {
      const response = await get(`/admin/visits?date=${encodeURIComponent(date)}`);
      expect(response.status).toBe(400);
      expect(html(response)).toContain('올바른 날짜가 아닙니다');
      expect(html(response)).not.toContain('<script>alert(1)');
    },
  );

  it.each([
    [{}, 400],
    [{ intent: 'checkIn', leadId: 'lead-missing', rev: '' }, 400],
    [{ intent: 'somethingElse', leadId: 'x', rev: 'y' }, 400],
    [{ intent: 'checkIn', leadId: 'lead-that-does-not-exist', rev: 'r1' }, 404],
  ])('check-in post %j: %i with a Korean message', async (fields, status) => {
    const response = await postForm(`/admin/visits?date=${seoulDay(Date.now())}`, fields);
    expect(response.status).toBe(status);
    expect(html(response)).toMatch(/방문 확인 요청을 읽을 수 없습니다|고객 정보를 찾을 수 없습니다/);
  });

  it('signed out: the sheet sends to the sign-in, which comes back to it; a post changes nothing', async () => {
    const response = await get('/admin/visits?date=2026-12-05', '');
    expect(response.status).toBe(302);
    expect(response.headers.location).toBe(`/admin?next=${encodeURIComponent('/admin/visits?date=2026-12-05')}`);
    const post = await postForm('/admin/visits', { intent: 'checkIn', leadId: 'x', rev: 'y' }, '');
    expect(post.status).toBe(302);
  });
});

describe('slots and the desk over HTTP', () => {
  it('a 상담사 can neither open nor post to 방문 일정 관리 (403, Korean); an admin can', async () => {
    const page = await get('/admin/slots', salesCookie);
    expect(page.status).toBe(403);
    expect(html(page)).toContain('방문 일정은 관리자와 팀장만 만들고 고칠 수 있습니다.');
    const post = await postForm(
      '/admin/slots',
      { intent: 'create', key: 'sales-try-0001', from: '2031-03-03', period: '1', times: '10:00', capacity: '3' },
      salesCookie,
    );
    expect(post.status).toBe(403);
    expect(html(post)).toContain('관리자와 팀장만');
    expect(html(await get('/admin/slots?from=2031-03-03&days=1'))).toContain('이 기간에는 방문 일정이 없습니다.');
    expect(html(await get('/admin', salesCookie))).not.toContain('href="/admin/slots"');
  });

  it.each([
    [{ intent: 'create', key: 'bad-times-0001', from: '2031-03-03', period: '7', times: '25:00', capacity: '3' }, 400, '24시간제'],
    [{ intent: 'create', key: 'bad-capacity-1', from: '2031-03-03', period: '1', times: '10:00', capacity: '0' }, 400, '정수로'],
    [{ intent: 'edit', slotId: 'visitSlot-missing', rev: '1', time: '10:00', capacity: '3' }, 404, '이미 삭제되었습니다'],
    [{ intent: 'delete', slotId: 'visitSlot-missing', rev: '1' }, 404, '이미 삭제되었습니다'],
    [{ intent: 'nothing' }, 400, '24시간제'],
  ])('slot post %j: %i with a Korean message, never a 500', async (fields, status, message) => {
    const response = await postForm('/admin/slots', fields);
    expect(response.status).toBe(status);
    expect(html(response)).toContain(message);
  });

  it('the desk finds a booked customer by number, and a phone-in for them offers to move the visit instead of a second place', async () => {
    const lookup = html(
      await postForm(
        '/admin/visits',
        { intent: 'desk', lookup: '1', key: 'desk-http-0002', kind: 'phoneIn', name: '', phone: '010-2468-1358', consent: '' },
        salesCookie,
      ),
    );
    expect(lookup).toContain(`기존 고객 · 내일고객 · 담당 미배정 · 방문 예약 ${TOMORROW} 23:50`);
    const unknown = html(
      await postForm(
        '/admin/visits',
        { intent: 'desk', lookup: '1', key: 'desk-http-0003', kind: 'phoneIn', name: '', phone: '010-1357-0000', consent: '' },
        salesCookie,
      ),
    );
    expect(unknown).toContain('신규 고객: 이 번호로 등록된 고객이 없습니다.');
    const todaySlot = `visitSlot-${TODAY.replaceAll('-', '')}-2350`;
    const offered = await postForm(
      '/admin/visits',
      { intent: 'desk', key: 'desk-http-0004', kind: 'phoneIn', name: '내일고객', phone: '010-2468-1358', consent: 'on', slotId: todaySlot },
      salesCookie,
    );
    expect(offered.status).toBe(409);
    expect(html(offered)).toContain(`내일고객 님은 ${TOMORROW} 23:50 방문 예약이 있습니다`);
    const moveRev = /<button[^>]*value="(\d+)"[^>]*name="moveRev"/.exec(html(offered))?.[1];
    expect(moveRev).toBeTruthy();
    const moved = await postForm(
      '/admin/visits',
      { intent: 'desk', key: 'desk-http-0004', kind: 'phoneIn', name: '내일고객', phone: '010-2468-1358', consent: 'on', slotId: todaySlot, moveRev: moveRev! },
      salesCookie,
    );
    expect(moved.status).toBe(200);
    expect(html(moved)).toContain(`내일고객 님의 방문 예약을 ${TOMORROW} 23:50에서 ${TODAY} 23:50으로 옮겼습니다. 기존 고객 · 담당 미배정.`);
    expect(rowOf(html(await get(`/admin/visits?date=${TOMORROW}`)), '010-****-1358')).toBeUndefined();
    expect(rowOf(html(await get(`/admin/visits?date=${TODAY}`)), '010-****-1358')).toContain('내일고객');
  });

  it('the desk form offers the 유입 경로 list and 동반 인원; a 유입 경로 not on it or 동반 인원 out of 0–20 is a 400 with Korean messages, nothing stored; a valid one registers', async () => {
    const form = html(await get('/admin/visits', salesCookie));
    for (const source of ['현수막', '지인 소개', '전단', '인터넷', '기타']) expect(form).toContain(`<option value="${source}">${source}</option>`);
    expect(form).toContain('name="companions"');
    expect(form).toContain('name="marketing"');
    const refused = await postForm(
      '/admin/visits',
      { intent: 'desk', key: 'desk-http-0101', kind: 'walkIn', name: '현장고객', phone: '010-2468-0101', consent: 'on', source: '신문', companions: '99' },
      salesCookie,
    );
    expect(refused.status).toBe(400);
    expect(html(refused)).toContain('유입 경로는 목록에서 골라 주세요.');
    expect(html(refused)).toContain('동반 인원은 0에서 20 사이의 숫자로 입력해 주세요.');
    const lookup = html(
      await postForm(
        '/admin/visits',
        { intent: 'desk', lookup: '1', key: 'desk-http-0102', kind: 'walkIn', name: '', phone: '010-2468-0101', consent: '' },
        salesCookie,
      ),
    );
    expect(lookup).toContain('신규 고객: 이 번호로 등록된 고객이 없습니다.');
    const registered = await postForm(
      '/admin/visits',
      {
        intent: 'desk',
        key: 'desk-http-0101',
        kind: 'walkIn',
        name: '현장고객',
        phone: '010-2468-0101',
        consent: 'on',
        marketing: 'on',
        source: '지인 소개',
        companions: '3',
      },
      salesCookie,
    );
    expect(registered.status).toBe(200);
    expect(html(registered)).toContain('현장고객 님을 등록하고 방문 확인했습니다');
  });

  it('a desk registration without name, number or consent: 400 with a Korean message per field', async () => {
    const response = await postForm(
      `/admin/visits`,
      { intent: 'desk', key: 'desk-http-0001', kind: 'walkIn', name: '', phone: '02-123', consent: '' },
      salesCookie,
    );
    expect(response.status).toBe(400);
    const page = html(response);
    expect(page).toContain('이름을 입력해 주세요.');
    expect(page).toContain('휴대전화 번호를 정확히 입력해 주세요.');
    expect(page).toContain('체크해 주세요.');
  });
});
