/**
 * The console's export routes over HTTP: signed-out and bad-filter refusals, and CSV and xlsx
 * downloads holding exactly the list's filtered customers (a customer a row, seeded as the site registers them) (read back: the CSV parsed, the workbook
 * opened with exceljs), phones as text, formulas inert, times as Excel dates, memos and calls, and
 * the audit record of each export with its 사유; a 상담사 and a download without a 사유 refused.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffIdentity } from '../../../web/shared/staff-roles';
import { randomBytes } from 'node:crypto';
import { leadSearchAddress } from '../../../web/server/console/search-address';
import { consoleDownloads, type ConsoleDownloads } from '../../../web/server/app/downloads';
import { campaignStatsOf } from '../../../web/server/measurement/stats';
import { teamPerformanceOf } from '../../../web/server/console/team-performance';
import type { LeadConsoleService } from '../../../web/server/console/lead-console';
import { deliverLeadExport, EXPORT_HEADERS } from '../../../web/server/console/lead-export';
import { CustomerWork, type CustomerActor } from '../../../web/server/customers/customer-work';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { consoleOver, registered, SALES_DATABASES, slotIn, type OpenedSales } from '../../support/console-sales-databases';
import { appRoutes } from '../../support/source-modules';
import type { StaffAuth } from '../../../web/server/auth/staff-auth';

const staff: StaffIdentity = { email: 'admin@example.com', name: '최관리', role: 'admin' };
const salesStaff: StaffIdentity = { email: 'sales@example.com', name: '정상담', role: 'sales' };
const manager: CustomerActor = { ...staff, ip: '127.0.0.1', visibleTo: null, takesColleagues: false };

/** A customer as seeded: the site's registrations of one phone. */
type Seeded = { id: string; index: number; phone: string; marketing: boolean; contacting: boolean; lastAt: string; registrations: number; formKind: string };

const CUSTOMERS = 1200;
/** The first customers registered twice (a second campaign). */
const RETURNING = 100;
const BASE = Date.parse('2026-10-01T00:00:00.000Z');
const FORM_KINDS = ['popup', 'home', 'customer'] as const;
const seeded: Seeded[] = [];
const newestFirst = (a: Seeded, b: Seeded) => b.lastAt.localeCompare(a.lastAt) || b.id.localeCompare(a.id);

let opened: OpenedSales;
let audit: MemoryAuditTrail;
let leadConsole: LeadConsoleService;
let closeConsole: () => Promise<void>;
let downloads: ConsoleDownloads;
let server: http.Server;
let url: string;

beforeAll(async () => {
  opened = await SALES_DATABASES['embedded SQLite']!();
  const sales = opened.sales;
  const work = new CustomerWork(sales, { now: () => BASE + 2 * CUSTOMERS * 60_000 });
  for (let index = 0; index < CUSTOMERS; index += 1) {
    const phone = `0101${String(index).padStart(7, '0')}`;
    const marketing = index % 2 === 0;
    const consent = (at: string) => ({ marketing, noticeVersion: 'v1', agreedAt: at });
    const firstAt = new Date(BASE + index * 60_000).toISOString();
    const formKind = FORM_KINDS[index % 3]!;
    const message = index === 4 ? '=SUM(1+1) 84A 문의' : `문의 ${index}`;
    const id = await registered(sales, {
      id: `lead-${index}`,
      name: `고객${index}`,
      phone,
      createdAt: firstAt,
      formKind,
      message,
      consent: consent(firstAt),
      utm: { source: 'naver', campaign: 'launch' },
    });
    let lastAt = firstAt;
    if (index < RETURNING) {
      lastAt = new Date(BASE + (CUSTOMERS + index) * 60_000).toISOString();
      await registered(sales, {
        id: `lead-${index}-again`,
        name: `고객${index}`,
        phone,
        createdAt: lastAt,
        formKind: 'popup',
        message,
        consent: consent(lastAt),
        utm: { source: 'kakao', campaign: 'retarget' },
      });
    }
    const contacting = index % 10 === 3;
    if (contacting) await work.change(id, { version: index < RETURNING ? 2 : 1, status: 'contacting' }, manager);
    seeded.push({
      id,
      index,
      phone,
      marketing,
      contacting,
      lastAt,
      registrations: index < RETURNING ? 2 : 1,
      formKind: index < RETURNING ? 'popup' : formKind,
    });
  }
  ({ service: leadConsole, close: closeConsole } = await consoleOver(sales, { audit: (audit = new MemoryAuditTrail()) }));
  const leadSearch = leadSearchAddress(randomBytes(32));
  downloads = consoleDownloads({
    leadConsole,
    leadSearch,
    audit,
    campaignStats: campaignStatsOf({ sales }),
    teamPerformance: teamPerformanceOf({ sales, staff: { list: async () => [] }, callResults: async () => [] }),
  });
  // The test's stand-in for the session cookie: the auth service's answer is what the route uses.
  const session = (request: Request) =>
    request.headers.get('x-test-signed-in') === 'sales' ? salesStaff : request.headers.get('x-test-signed-in') ? staff : null;
  const render = await appRoutes((req) => ({ auth: { session } as unknown as StaffAuth, leadConsole, leadSearch, downloads, clientIp: req.ip ?? '' }));
  const app = express();
  app.use(render);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await closeConsole?.();
  await opened?.close();
});

const signedIn = { 'x-test-signed-in': '1' };

/** The cells of a CSV in the export's format (every cell quoted, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  let row: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    row.push(match[1].replace(/""/g, '"'));
    if (match[2] === '\r\n') {
      rows.push(row);
      row = [];
    }
  }
  expect(row).toEqual([]);
  return rows;
}

describe('lead export routes', () => {
  it('signed out: 401 with a Korean message, or to the sign-in for a browser, and nothing recorded', async () => {
    const api = await fetch(`${url}/admin/leads/export.csv?status=new`);
    expect(api.status).toBe(401);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(await api.json()).toEqual({ error: 'unauthorized', message: expect.stringMatching(/로그인/) });
    const page = await fetch(`${url}/admin/leads/export.xlsx?status=new`, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/admin?next=${encodeURIComponent('/admin/leads?status=new')}`);
    expect(audit.entries).toEqual([]);
  });

  it('a 상담사: 403 with a Korean message, and nothing recorded', async () => {
    for (const format of ['csv', 'xlsx']) {
      const response = await fetch(`${url}/admin/leads/export.${format}?reason=${encodeURIComponent('확인')}`, { headers: { 'x-test-signed-in': 'sales' } });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ error: 'staffRoleForbidden', message: expect.stringMatching(/관리자/) });
    }
    expect(audit.entries).toEqual([]);
  });

  it('no 사유, or one over 200 characters: 400 in Korean, and nothing recorded', async () => {
    for (const reason of ['', '%20%20', '가'.repeat(201)]) {
      const response = await fetch(`${url}/admin/leads/export.xlsx?status=new&reason=${reason}`, { headers: signedIn });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: expect.stringMatching(/^reason(Required|TooLong)$/), message: expect.stringMatching(/사유/) });
    }
    expect(audit.entries).toEqual([]);
  });

  it('a single-fetch data request (.data) for a download: 404, the file neither made nor recorded', async () => {
    const before = audit.entries.length;
    for (const format of ['csv', 'xlsx']) {
      const response = await fetch(`${url}/admin/leads/export.${format}.data?reason=x`, { headers: signedIn });
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await response.json()).toEqual({ error: 'notFound', message: expect.stringMatching(/주소/) });
    }
    expect(audit.entries.length).toBe(before);
  });

  it('a route that only redirects is no file: its .data answers the redirect (a menu link navigates to it in the browser)', async () => {
    const response = await fetch(`${url}/LocationEnvironment/premium.data`, { redirect: 'manual' });
    // Single fetch answers a redirect as 202 with the target in its encoded body.
    expect(response.status).toBe(202);
    expect(await response.text()).toContain('/LocationEnvironment/primium');
  });

  it('a filter that is not valid: 400 naming it, in Korean', async () => {
    const response = await fetch(`${url}/admin/leads/export.csv?status=bogus&from=2026-02-30&reason=x`, { headers: signedIn });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalidFilters', message: expect.stringMatching(/조건/), fields: ['from', 'status'] });
  });

  it('CSV: the filtered rows only, newest first, Excel-safe, and one leadExport record', async () => {
    const before = audit.entries.length;
    const response = await fetch(`${url}/admin/leads/export.csv?marketing=yes&reason=${encodeURIComponent('분양팀 주간 보고')}`, { headers: signedIn });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{8}\.csv"$/);
    // Decoded keeping the BOM, which Excel needs to read the file as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [headers, ...rows] = parseCsv(text.slice(1));
    expect(headers).toEqual(EXPORT_HEADERS);
    // A customer a row, one per phone, though some registered twice.
    const expected = seeded.filter((customer) => customer.marketing).sort(newestFirst);
    // More than one page of reads (500 customers).
    expect(expected.length).toBeGreaterThan(500);
    const column = (name: string) => headers.indexOf(name);
    expect(rows.map((row) => row[column('고객 ID')])).toEqual(expected.map((customer) => customer.id));
    expect(new Set(rows.map((row) => row[column('연락처')])).size).toBe(rows.length);
    const first = expected[0];
    expect(rows[0][column('연락처')]).toBe(`${first.phone.slice(0, 3)}-${first.phone.slice(3, 7)}-${first.phone.slice(7)}`);
    expect(rows.map((row) => row[column('마케팅 정보 수신 동의')])).toEqual(expected.map(() => '예'));
    expect(rows.map((row) => row[column('등록 횟수')])).toEqual(expected.map((customer) => String(customer.registrations)));
    // The latest registration's campaign beside the first one's.
    expect([rows[0][column('utm_source(최근 등록)')], rows[0][column('첫 등록 utm_source')]]).toEqual(['kakao', 'naver']);
    expect(new Set(rows.map((row) => row[column('양식(최근 등록)')]))).toEqual(new Set(['관심고객 등록 창', '홈 방문예약', '방문예약 등록 페이지']));
    const withFormula = rows.find((row) => row[column('문의내용(최근 등록)')].includes('SUM'));
    expect(withFormula?.[column('문의내용(최근 등록)')]).toMatch(/^'=SUM/);
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ actor: staff.email, action: 'leadExport', detail: `csv ${expected.length}건 · marketing=yes · 사유: 분양팀 주간 보고` }),
    ]);
  });

  it('xlsx: Korean headers, phones as text cells, times as date cells, memos and calls, an autofilter and a frozen header, recorded', async () => {
    const before = audit.entries.length;
    const worked = seeded.filter((customer) => customer.contacting).sort(newestFirst)[0]!;
    const at = (iso: string) => new CustomerWork(opened.sales, { now: () => Date.parse(iso) });
    const version = async () => (await opened.sales.db.selectFrom('customers').select('version').where('id', '=', worked.id).executeTakeFirstOrThrow()).version;
    await at('2026-11-21T02:00:00.000Z').recordCall(worked.id, { version: await version(), result: '부재', callbackAt: null }, manager);
    await at('2026-11-22T00:30:00.000Z').addMemo(worked.id, '=SUM(1) 84A 관심', manager);
    await at('2026-11-22T01:00:00.000Z').addMemo(worked.id, '주말 방문', manager);
    await at('2026-11-22T02:00:00.000Z').recordCall(
      worked.id,
      { version: await version(), result: '재통화 요청', callbackAt: '2026-11-24T05:30:00.000Z' },
      manager,
    );
    await slotIn(opened.sales, 'slot-worked', '2026-11-23', '10:00', 4);
    // Booked from the customer's page (방문 예약), then set back to 연락 중 by hand: the visit stays.
    await at('2026-11-22T03:00:00.000Z').book(worked.id, await version(), 'slot-worked', manager);
    await at('2026-11-22T03:10:00.000Z').change(worked.id, { version: await version(), status: 'contacting' }, manager);
    const response = await fetch(`${url}/admin/leads/export.xlsx?status=contacting&reason=${encodeURIComponent('백업')}`, { headers: signedIn });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('고객 목록')!;
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual(EXPORT_HEADERS);
    const expected = seeded.filter((customer) => customer.contacting).sort(newestFirst);
    expect(sheet.actualRowCount - 1).toBe(expected.length);
    const idColumn = EXPORT_HEADERS.indexOf('고객 ID') + 1;
    const phoneColumn = EXPORT_HEADERS.indexOf('연락처') + 1;
    const ids = expected.map((_, index) => sheet.getRow(index + 2).getCell(idColumn).value);
    expect(ids).toEqual(expected.map((customer) => customer.id));
    const phone = sheet.getRow(2).getCell(phoneColumn);
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toMatch(/^010-\d{4}-\d{4}$/);
    expect(phone.numFmt).toBe('@');
    expect(values(2)[EXPORT_HEADERS.indexOf('상담 상태')]).toBe('연락 중');
    // The worked customer is the newest contacting one: row 2. Times are date cells in Seoul time.
    expect(sheet.getRow(2).getCell(idColumn).value).toBe(worked.id);
    const cell = (name: string) => sheet.getRow(2).getCell(EXPORT_HEADERS.indexOf(name) + 1);
    const created = cell('최근 등록일시(KST)');
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.value).toEqual(new Date(Date.parse(worked.lastAt) + 9 * 3600_000));
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(cell('등록 횟수').value).toBe(2);
    expect(cell('재통화 예정(KST)').value).toEqual(new Date('2026-11-24T14:30:00.000Z'));
    expect(cell('재통화 예정(KST)').numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(cell('최근 통화 결과').value).toBe('재통화 요청');
    expect(cell('통화 횟수').value).toBe(2);
    expect(cell('통화 기록').value).toBe('2026-11-21 11:00 부재\n2026-11-22 11:00 재통화 요청 (재통화 2026-11-24 14:30)');
    // A memo that looks like a formula stays text.
    expect(cell('메모').type).toBe(ExcelJS.ValueType.String);
    expect(cell('메모').value).toBe('2026-11-22 09:30 최관리: =SUM(1) 84A 관심\n2026-11-22 10:00 최관리: 주말 방문');
    // A visit time is stored as Seoul wall-clock time already.
    expect(cell('방문 일시').type).toBe(ExcelJS.ValueType.Date);
    expect(cell('방문 일시').value).toEqual(new Date('2026-11-23T10:00:00.000Z'));
    expect(cell('방문 상태').value).toBe('예약됨');
    // The header row: an autofilter over every column, frozen.
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(EXPORT_HEADERS.length).letter}1`);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ actor: staff.email, action: 'leadExport', detail: `xlsx ${expected.length}건 · status=contacting · 사유: 백업` }),
    ]);
  });

  it.each([
    ['csv', {}, /^csv \d+건 \(중단\) · 전체 · 사유: 백업$/],
    ['xlsx', {}, /^xlsx \d+건 \(중단\) · 전체 · 사유: 백업$/],
    // A file of its header alone, which may have been read whole before the cancel.
    ['csv', { status: 'visited' }, /^csv 0건( \(중단\))? · status=visited · 사유: 백업$/],
  ] as const)(
    'a %s download (%o) cancelled once it has begun (a HEAD is answered so) is recorded, and the server answers on',
    async (format, filters, detail) => {
      const before = audit.entries.length;
      // The page handler answers a HEAD from the GET's response, whose body it cancels once the file has begun.
      const file = downloads.leads(filters, format, { actor: { ...staff, ip: '127.0.0.1' }, reason: '백업' }).getReader();
      expect((await file.read()).done).toBe(false);
      await file.cancel();
      await expect.poll(() => audit.entries.slice(before)).toEqual([expect.objectContaining({ action: 'leadExport', detail: expect.stringMatching(detail) })]);
      const next = await fetch(`${url}/admin/leads/export.csv?status=new&reason=x`, { headers: signedIn });
      expect(next.status).toBe(200);
      await next.arrayBuffer();
    },
  );

  it.each(['csv', 'xlsx'] as const)('a %s download the reader stops at its first bytes is recorded as cut short', async (format) => {
    const before = audit.entries.length;
    // The reader goes away as the first bytes arrive, as a browser whose download is cancelled.
    const reader = new Writable({
      write(_chunk, _encoding, done) {
        this.destroy();
        done();
      },
    });
    const delivery = leadConsole.exportLeads({}, { ...staff, ip: '127.0.0.1' }, { format, reason: '백업' }, (rows) => deliverLeadExport(format, rows, reader));
    await expect(delivery).rejects.toThrow();
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ action: 'leadExport', detail: expect.stringMatching(new RegExp(`^${format} \\d+건 \\(중단\\) · 전체 · 사유: 백업$`)) }),
    ]);
  });
});
