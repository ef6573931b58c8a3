/**
 * The export's columns, a customer a row: the visit (coming, or else the latest) under 방문 일시
 * with its state, a walk-in's arrival also under 방문 확인(KST); how often the customer registered;
 * the latest registration's campaign beside the first one's (CSV and xlsx alike).
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, writeLeadCsv, writeLeadXlsx } from '../../web/server/console/lead-export';
import type { LeadExportRow } from '../../web/server/console/types';

const row = (fields: Partial<LeadExportRow>): LeadExportRow => ({
  id: 'customer-x',
  createdAt: '2026-11-28T01:00:00.000Z',
  name: '김방문',
  phone: '01012345678',
  message: null,
  formKind: 'popup',
  status: 'new',
  assigneeName: null,
  visitAt: null,
  visitStatus: null,
  registrations: 1,
  firstTouch: null,
  marketing: false,
  noticeVersion: null,
  agreedAt: null,
  sourcePage: null,
  utm: {},
  checkedInAt: null,
  memos: [],
  calls: [],
  profile: { interestType: null, subscription: null, funding: null },
  ...fields,
});

const WALK_IN = row({
  id: 'customer-walkin',
  formKind: 'walkIn',
  status: 'visited',
  visitAt: '2026-11-28 10:05',
  visitStatus: 'checkedIn',
  checkedInAt: '2026-11-28T01:05:00.000Z',
});
const BOOKED = row({
  id: 'customer-booked',
  formKind: 'customer',
  status: 'visitBooked',
  visitAt: '2026-11-29 14:00',
  visitStatus: 'booked',
  registrations: 3,
  utm: { source: 'kakao', campaign: 'retarget' },
  firstTouch: { at: '2026-11-20T00:00:00.000Z', utmSource: 'naver', utmCampaign: 'launch', formKind: 'popup' },
});

async function* rowsOf(...rows: LeadExportRow[]) {
  yield* rows;
}

describe("the export's columns", () => {
  const visit = EXPORT_HEADERS.indexOf('방문 일시');
  const visitState = EXPORT_HEADERS.indexOf('방문 상태');
  const arrival = EXPORT_HEADERS.indexOf('방문 확인(KST)');
  const times = EXPORT_HEADERS.indexOf('등록 횟수');
  const lastSource = EXPORT_HEADERS.indexOf('utm_source(최근 등록)');
  const firstSource = EXPORT_HEADERS.indexOf('첫 등록 utm_source');
  const firstAt = EXPORT_HEADERS.indexOf('첫 등록일시(KST)');

  it('CSV: the visit and its state, a walk-in arrival under 방문 확인; registrations counted; the latest and the first campaign', async () => {
    expect(Math.min(visit, visitState, arrival, times, lastSource, firstSource, firstAt)).toBeGreaterThanOrEqual(0);
    const out = new PassThrough();
    const written = text(out);
    await writeLeadCsv(rowsOf(WALK_IN, BOOKED), out);
    out.end();
    const [, walkIn, booked] = (await written)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect([walkIn![visit], walkIn![visitState], walkIn![arrival]]).toEqual(['2026-11-28 10:05', '방문 완료', '2026-11-28 10:05:00']);
    expect([booked![visit], booked![visitState], booked![arrival]]).toEqual(['2026-11-29 14:00', '예약됨', '']);
    expect([booked![times], booked![lastSource], booked![firstSource], booked![firstAt]]).toEqual(['3', 'kakao', 'naver', '2026-11-20 09:00:00']);
    expect([walkIn![firstSource], walkIn![firstAt]]).toEqual(['', '']);
  });

  it('CSV: 관심 타입, 청약 자격 and 자금 계획 as chosen, empty when not', async () => {
    const columns = ['관심 타입', '청약 자격', '자금 계획'].map((header) => EXPORT_HEADERS.indexOf(header));
    expect(Math.min(...columns)).toBeGreaterThanOrEqual(0);
    const out = new PassThrough();
    const written = text(out);
    await writeLeadCsv(rowsOf(row({ profile: { interestType: '84A', subscription: 'firstHomeless', funding: 'loan' } }), WALK_IN), out);
    out.end();
    const [, chosen, none] = (await written)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'));
    expect(columns.map((column) => chosen![column])).toEqual(['84A', '1순위 · 무주택', '중도금·잔금 대출']);
    expect(columns.map((column) => none![column])).toEqual(['', '', '']);
  });

  it('xlsx: the same, with times as date cells and the count a number', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeLeadXlsx(rowsOf(WALK_IN, BOOKED), out);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0]!;
    const cell = (rowNumber: number, column: number) => sheet.getRow(rowNumber).getCell(column + 1).value;
    expect([cell(2, visit), cell(2, arrival)]).toEqual([new Date('2026-11-28T10:05:00.000Z'), new Date('2026-11-28T10:05:00.000Z')]);
    expect([cell(3, visit), cell(3, times), cell(3, firstAt)]).toEqual([new Date('2026-11-29T14:00:00.000Z'), 3, new Date('2026-11-20T09:00:00.000Z')]);
  });
});
