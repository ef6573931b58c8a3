/**
 * The console's export routes over HTTP: signed-out and bad-filter refusals, and CSV and xlsx
 * downloads holding exactly the list's filtered rows (read back: the CSV parsed, the workbook
 * opened with exceljs), phones as text, formulas inert, and the audit record of each export.
 */
import http from 'node:http';
import { Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffIdentity } from '../../web/shared/console';
import { openEmbeddedStore, type EmbeddedStore } from '../../web/server/content/embedded';
import type { Mutation } from '../../web/server/content/types';
import { createLeadExportRouter } from '../../web/server/console/export-routes';
import { LeadConsoleService } from '../../web/server/console/lead-console';
import { deliverLeadExport, EXPORT_HEADERS } from '../../web/server/console/lead-export';
import { MemoryAuditTrail } from './memory-audit-trail';
import { FIXTURE_TODAY, fixtureDocuments, newestFirst, type FixtureLead } from './lead-console-fixture';

const documents = fixtureDocuments(1200, FIXTURE_TODAY);
const fixtureLeads = documents.filter((document): document is FixtureLead => document._type === 'lead');
const staff: StaffIdentity = { email: 'sales@example.com', name: '최상담', role: 'sales' };

let store: EmbeddedStore;
let audit: MemoryAuditTrail;
let leadConsole: LeadConsoleService;
let server: http.Server;
let url: string;

beforeAll(async () => {
  store = await openEmbeddedStore({ file: ':memory:' });
  await store.mutate(documents.map((document) => ({ createOrReplace: document }) as Mutation));
  audit = new MemoryAuditTrail();
  leadConsole = new LeadConsoleService({ leads: store, content: store, audit, staff: { list: async () => [] } });
  const app = express();
  // The test's stand-in for the session cookie: the auth service's answer is what the route uses.
  app.use(createLeadExportRouter({ leadConsole, session: (req) => (req.headers['x-test-signed-in'] ? staff : null) }));
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await store?.close();
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

  it('a filter that is not valid: 400 naming it, in Korean', async () => {
    const response = await fetch(`${url}/admin/leads/export.csv?status=bogus&from=2026-02-30`, { headers: signedIn });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'invalidFilters', message: expect.stringMatching(/조건/), fields: ['from', 'status'] });
  });

  it('CSV: the filtered rows only, newest first, Excel-safe, and one leadExport record', async () => {
    const before = audit.entries.length;
    const response = await fetch(`${url}/admin/leads/export.csv?marketing=yes`, { headers: signedIn });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="leads-\d{8}\.csv"$/);
    // Decoded keeping the BOM, which Excel needs to read the file as UTF-8.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [headers, ...rows] = parseCsv(text.slice(1));
    expect(headers).toEqual(EXPORT_HEADERS);
    const expected = fixtureLeads.filter((lead) => lead.consent.marketing).sort(newestFirst);
    // More than one page of reads (500 rows).
    expect(expected.length).toBeGreaterThan(500);
    const column = (name: string) => headers.indexOf(name);
    expect(rows.map((row) => row[column('ID')])).toEqual(expected.map((lead) => lead._id));
    const first = expected[0];
    expect(rows[0][column('연락처')]).toBe(`${first.phone.slice(0, 3)}-${first.phone.slice(3, 7)}-${first.phone.slice(7)}`);
    expect(rows.map((row) => row[column('마케팅 정보 수신 동의')])).toEqual(expected.map(() => '예'));
    expect(new Set(rows.map((row) => row[column('양식')]))).toEqual(new Set(['관심고객 등록 창', '홈 방문예약', '방문예약 등록 페이지']));
    const withFormula = rows.find((row) => row[column('문의내용')].includes('SUM'));
    expect(withFormula?.[column('문의내용')]).toMatch(/^'=SUM/);
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ actor: staff.email, action: 'leadExport', detail: `csv ${expected.length}건 · marketing=yes` }),
    ]);
  });

  it('xlsx: a workbook with Korean headers, phones as text cells, exactly the filtered rows, recorded', async () => {
    const before = audit.entries.length;
    const response = await fetch(`${url}/admin/leads/export.xlsx?status=contacting`, { headers: signedIn });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet('고객 목록')!;
    const values = (rowNumber: number) => (sheet.getRow(rowNumber).values as unknown[]).slice(1);
    expect(values(1)).toEqual(EXPORT_HEADERS);
    const expected = fixtureLeads.filter((lead) => lead.status === 'contacting').sort(newestFirst);
    expect(sheet.actualRowCount - 1).toBe(expected.length);
    const idColumn = EXPORT_HEADERS.indexOf('ID') + 1;
    const phoneColumn = EXPORT_HEADERS.indexOf('연락처') + 1;
    const ids = expected.map((_, index) => sheet.getRow(index + 2).getCell(idColumn).value);
    expect(ids).toEqual(expected.map((lead) => lead._id));
    const phone = sheet.getRow(2).getCell(phoneColumn);
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toMatch(/^010-\d{4}-\d{4}$/);
    expect(phone.numFmt).toBe('@');
    expect(values(2)[EXPORT_HEADERS.indexOf('상담 상태')]).toBe('연락 중');
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ actor: staff.email, action: 'leadExport', detail: `xlsx ${expected.length}건 · status=contacting` }),
    ]);
  });

  it.each(['csv', 'xlsx'] as const)('a %s download the reader stops at its first bytes is recorded as cut short', async (format) => {
    const before = audit.entries.length;
    // The reader goes away as the first bytes arrive, as a browser whose download is cancelled.
    const reader = new Writable({
      write(_chunk, _encoding, done) {
        this.destroy();
        done();
      },
    });
    const delivery = leadConsole.exportLeads({}, { ...staff, ip: '127.0.0.1' }, format, (rows) => deliverLeadExport(format, rows, reader));
    await expect(delivery).rejects.toThrow();
    expect(audit.entries.slice(before)).toEqual([
      expect.objectContaining({ action: 'leadExport', detail: expect.stringMatching(new RegExp(`^${format} \\d+건 \\(중단\\) · 전체$`)) }),
    ]);
  });
});
