/**
 * Every way a whole phone number leaves the server is recorded in the audit trail. Against the
 * built server, signed in as an admin (who may see everything a sales account may), every route
 * the site has is requested: the console's pages and their data requests, the downloads, the API
 * and the lead page's actions. Each answer that holds the lead's whole number (in any format, an
 * .xlsx opened) must have added a record naming the export or the lead; the routes that do are
 * exactly the three the console offers (the phone reveal and the two downloads).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../support/built-server';
import { cookiesOf, postFormWithCookie, rawRequest, type RawResponse } from '../../support/http';
import { hashTestPassword } from '../../support/passwords';

const EMAIL = 'audit-routes@example.kr';
const PASSWORD = 'correct horse battery staple';
const PHONE_DIGITS = '01035791357';
const PHONE_FORMS = [PHONE_DIGITS, '010-3579-1357', '010 3579 1357', '+821035791357'];
const RECORDED_ACTIONS = ['연락처 전체 보기', '고객 목록 내려받기'];

let server: RunningServer;
let cookie: string;
let leadId: string;
let visitDay: string;

/** Same-origin navigations, as the console's own links and forms make them. */
const sameOrigin = () => ({ 'sec-fetch-site': 'same-origin', origin: server.url });

beforeAll(async () => {
  server = await startServer({
    env: {
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-personal-data-routes-0123',
      LEAD_MIN_FILL_MS: '0',
    },
  });
  const signIn = await postFormWithCookie(server.url, '/cheonghak/press', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
  expect(signIn.status).toBe(302);
  cookie = cookiesOf(signIn);
  const form = (await (await fetch(`${server.url}/api/leads/form`)).json()) as { token: string; slots: Array<{ id: string; date: string }> };
  visitDay = form.slots[0].date;
  const submitted = await fetch(`${server.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({
      formToken: form.token,
      formKind: 'customer',
      name: '감사대상',
      message: '방문 상담 희망',
      phone: PHONE_DIGITS,
      visitSlot: form.slots[0].id,
      privacyConsent: true,
      ageConfirmed: true,
      website: '',
      sourcePage: '/Promotion/Customer',
    }),
  });
  expect(submitted.status, await submitted.clone().text()).toBe(201);
  leadId = ((await submitted.json()) as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

async function textOf(response: RawResponse): Promise<string> {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.includes('spreadsheetml')) return response.body.toString('utf8');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.body as unknown as ArrayBuffer);
  const cells: string[] = [];
  workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
  return cells.join('\n');
}

const holdsWholePhone = (text: string) => PHONE_FORMS.some((form) => text.includes(form));

/** How many records of reveals and exports the trail holds (read through the audit download). */
async function recordedCount(): Promise<number> {
  const response = await rawRequest(server.url, { path: '/admin/audit/export.csv?reason=test', headers: { cookie } });
  expect(response.status).toBe(200);
  return response.body
    .toString('utf8')
    .split('\r\n')
    .filter((line) => RECORDED_ACTIONS.some((action) => line.includes(`"${action}"`))).length;
}

type Probe = { name: string; request: () => Promise<RawResponse> };

function probes(): Probe[] {
  const get = (path: string): Probe => ({ name: `GET ${path}`, request: () => rawRequest(server.url, { path, headers: { cookie, ...sameOrigin() } }) });
  const leadAction = (intent: string): Probe => ({
    name: `POST /admin/leads/:id intent=${intent}`,
    request: () =>
      rawRequest(server.url, {
        method: 'POST',
        path: `/admin/leads/${leadId}`,
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', ...sameOrigin() },
        body: new URLSearchParams({ intent }).toString(),
      }),
  });
  const pages = [
    '/admin',
    `/admin/visits?date=${visitDay}`,
    `/admin/leads?q=${PHONE_DIGITS.slice(-4)}`,
    `/admin/leads/${leadId}`,
    '/admin/stats',
    '/admin/audit',
    '/admin/accounts',
  ];
  return [
    ...pages.map(get),
    // React Router's data requests answer the same loaders without the HTML.
    ...pages.map((page) => get(page.replace(/(\?|$)/, '.data$1'))),
    get('/admin/leads/export.csv?reason=test'),
    get('/admin/leads/export.xlsx?reason=test'),
    get('/admin/stats.csv?reason=test'),
    get('/api/leads.csv'),
    get('/api/leads/form'),
    get('/api/press'),
    get('/healthz'),
    get('/readyz'),
    get('/sitemap.xml'),
    get('/Promotion/Customer'),
    leadAction('reveal'),
    leadAction('memo'),
    leadAction('change'),
  ];
}

describe('routes that give out a whole phone number', () => {
  it('each records an audit event, and they are exactly the reveal and the two downloads', async () => {
    const giving: string[] = [];
    for (const probe of probes()) {
      const before = await recordedCount();
      const response = await probe.request();
      expect(response.status, probe.name).toBeLessThan(500);
      if (!holdsWholePhone(await textOf(response))) continue;
      giving.push(probe.name);
      expect(await recordedCount(), `${probe.name} gave out the whole number: recorded`).toBe(before + 1);
    }
    expect(giving.sort()).toEqual([
      'GET /admin/leads/export.csv?reason=test',
      'GET /admin/leads/export.xlsx?reason=test',
      'POST /admin/leads/:id intent=reveal',
    ]);
  });

  it('the old staff CSV at /api/leads.csv is gone for every session', async () => {
    const response = await rawRequest(server.url, { path: '/api/leads.csv', headers: { cookie } });
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body.toString('utf8'))).toEqual({ error: expect.any(String), message: expect.stringMatching(/[가-힣]/) });
  });

  it('a lead page another site navigates to shows and records nothing until the staff member follows our link', async () => {
    const views = async () => {
      // The customer's records, found by the registration's id (a view is recorded against the customer).
      const trail = await rawRequest(server.url, { path: `/admin/audit/export.csv?action=leadView&lead=${leadId}&reason=test`, headers: { cookie } });
      // Every line after the header is one record.
      return trail.body.toString('utf8').split('\r\n').slice(1).filter(Boolean).length;
    };
    const before = await views();
    for (const site of ['cross-site', 'same-site']) {
      const forced = await rawRequest(server.url, {
        path: `/admin/leads/${leadId}`,
        headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(forced.status).toBe(200);
      const page = forced.body.toString('utf8');
      expect(page).not.toContain('감사대상');
      expect(page).toContain(`href="/admin/leads/${leadId}"`);
      expect(page).toContain('다른 사이트에서 연 링크입니다');
    }
    expect(await views()).toBe(before);
    // Our own link (same-origin), a bookmark or a typed address (none) opens it, recorded.
    for (const site of ['same-origin', 'none']) {
      const opened = await rawRequest(server.url, {
        path: `/admin/leads/${leadId}`,
        headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(opened.body.toString('utf8')).toContain('감사대상');
    }
    expect(await views()).toBe(before + 2);
  });
});
