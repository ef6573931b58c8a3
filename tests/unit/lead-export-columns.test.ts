/**
 * The export's columns for a walk-in: its arrival is 방문 확인(KST) only; 방문 희망 일시 is what a
 * customer asked for, so a walk-in, who asked for nothing, leaves it empty (CSV and xlsx alike).
 */
import { PassThrough } from 'node:stream';
import { text } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, writeLeadCsv, writeLeadXlsx } from '../../web/server/console/lead-export';
import type { LeadExportRow } from '../../web/server/console/types';

const row = (fields: Partial<LeadExportRow>): LeadExportRow => ({
  id: 'lead-x',
  createdAt: '2026-11-28T01:00:00.000Z',
  name: '김방문',
  phone: '01012345678',
  message: null,
  formKind: 'popup',
  status: 'new',
  assigneeName: null,
  visitAt: null,
  visitSlotStatus: null,
  marketing: false,
  noticeVersion: null,
  agreedAt: null,
  sourcePage: null,
  utm: {},
  checkedInAt: null,
  memos: [],
  calls: [],
  ...fields,
});

const WALK_IN = row({ id: 'lead-desk-walkin', formKind: 'walkIn', status: 'visited', visitAt: '2026-11-28 10:05', checkedInAt: '2026-11-28T01:05:00.000Z' });
const BOOKED = row({ id: 'lead-booked', formKind: 'customerPage', status: 'visitBooked', visitAt: '2026-11-29 14:00', visitSlotStatus: 'booked' });

async function* rowsOf(...rows: LeadExportRow[]) {
  yield* rows;
}

describe("the export's visit columns", () => {
  const wish = EXPORT_HEADERS.indexOf('방문 희망 일시');
  const arrival = EXPORT_HEADERS.indexOf('방문 확인(KST)');

  it('CSV: a walk-in arrival is under 방문 확인(KST), not 방문 희망 일시; a booking keeps its wish', async () => {
    const out = new PassThrough();
    const written = text(out);
    await writeLeadCsv(rowsOf(WALK_IN, BOOKED), out);
    out.end();
    const [, walkIn, booked] = (await written).replace(/^\uFEFF/, '').trim().split('\r\n').map((line) => line.slice(1, -1).split('","'));
    expect([walkIn![wish], walkIn![arrival]]).toEqual(['', '2026-11-28 10:05:00']);
    expect([booked![wish], booked![arrival]]).toEqual(['2026-11-29 14:00', '']);
  });

  it('xlsx: the same, with the arrival a date cell', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeLeadXlsx(rowsOf(WALK_IN, BOOKED), out);
    const workbook = new ExcelJS.Workbook();
    const bytes = Buffer.concat(chunks);
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    const sheet = workbook.worksheets[0]!;
    const cell = (rowNumber: number, column: number) => sheet.getRow(rowNumber).getCell(column + 1).value;
    expect([cell(2, wish), cell(2, arrival)]).toEqual([null, new Date('2026-11-28T10:05:00.000Z')]);
    expect(cell(3, wish)).toEqual(new Date('2026-11-29T14:00:00.000Z'));
  });
});
