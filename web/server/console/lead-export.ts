/**
 * The lead export (the console's downloads and `npm run leads -- export`), written row by row as
 * the rows arrive so memory stays flat however many leads match: CSV in the site's Excel-safe
 * format (../csv.ts), and .xlsx through exceljs's streaming writer, with Korean headers and the
 * phone as text (its leading 0 kept).
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { LEAD_FORM_KIND_LABELS, LEAD_STATUS_LABELS, isLeadStatus } from '../../shared/console';
import { formatPhone } from '../../shared/lead-validation';
import { seoulDateTime } from '../../shared/seoul-time';
import { UTM_KEYS, utmParameterName } from '../../shared/utm';
import { BOM, csvLine } from '../csv';
import type { LeadExportFormat, LeadExportRow } from './types';

const SLOT_STATUS_LABELS: Record<string, string> = { booked: '예약됨', unavailable: '확인 필요(마감)', released: '취소됨(자리 반환)' };

const formKindLabel = (formKind: string) => (LEAD_FORM_KIND_LABELS as Record<string, string>)[formKind] ?? formKind;

const yesNo = (value: boolean | null | undefined) => (value ? '예' : '아니오');

type Column = { header: string; width: number; value: (row: LeadExportRow) => string };

const EXPORT_COLUMNS: Column[] = [
  { header: '등록일시(KST)', width: 20, value: (row) => seoulDateTime(row.createdAt, 'second') },
  { header: '이름', width: 12, value: (row) => row.name },
  { header: '연락처', width: 15, value: (row) => (row.phone ? formatPhone(row.phone) : '') },
  { header: '상담 상태', width: 10, value: (row) => (isLeadStatus(row.status) ? LEAD_STATUS_LABELS[row.status] : row.status) },
  { header: '담당자', width: 10, value: (row) => row.assigneeName ?? '' },
  { header: '문의내용', width: 40, value: (row) => row.message ?? '' },
  { header: '방문 희망 일시', width: 17, value: (row) => row.visitAt ?? '' },
  { header: '방문예약 상태', width: 14, value: (row) => (row.visitSlotStatus ? (SLOT_STATUS_LABELS[row.visitSlotStatus] ?? row.visitSlotStatus) : '') },
  { header: '마케팅 정보 수신 동의', width: 10, value: (row) => yesNo(row.marketing) },
  { header: '동의 문구 버전', width: 12, value: (row) => row.noticeVersion ?? '' },
  { header: '동의 일시(KST)', width: 20, value: (row) => seoulDateTime(row.agreedAt, 'second') },
  { header: '등록 페이지', width: 20, value: (row) => row.sourcePage ?? '' },
  { header: '양식', width: 18, value: (row) => (row.formKind ? formKindLabel(row.formKind) : '') },
  ...UTM_KEYS.map((key): Column => ({ header: utmParameterName(key), width: 14, value: (row) => row.utm[key] ?? '' })),
  { header: 'ID', width: 40, value: (row) => row.id },
];

export const EXPORT_HEADERS = EXPORT_COLUMNS.map((column) => column.header);

const cellsOf = (row: LeadExportRow) => EXPORT_COLUMNS.map((column) => column.value(row));

/** Resolves once `out` takes more (at once when its buffer is not full): a slow download slows the reads. */
function drained(out: Writable): Promise<void> {
  if (out.destroyed) return Promise.reject(new Error('the download was closed'));
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const cleanUp = () => {
      out.off('drain', onDrain);
      out.off('close', onClose);
    };
    const onDrain = () => {
      cleanUp();
      resolve();
    };
    const onClose = () => {
      cleanUp();
      reject(new Error('the download was closed'));
    };
    out.on('drain', onDrain);
    out.on('close', onClose);
  });
}

async function write(out: Writable, chunk: string): Promise<void> {
  out.write(chunk);
  await drained(out);
}

/** UTF-8 with a BOM, CRLF, every cell quoted and formula-inert; resolves with the row count. */
export async function writeLeadCsv(rows: AsyncIterable<LeadExportRow>, out: Writable): Promise<number> {
  await write(out, BOM + csvLine(EXPORT_HEADERS));
  let count = 0;
  for await (const row of rows) {
    await write(out, csvLine(cellsOf(row)));
    count += 1;
  }
  out.end();
  return count;
}

/**
 * One sheet "고객 목록". Every cell is a string cell (never a formula: a value that starts with
 * "=" stays text), and the phone column is formatted as text too, so Excel keeps "010-…".
 */
export async function writeLeadXlsx(rows: AsyncIterable<LeadExportRow>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('고객 목록', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({ header: column.header, width: column.width, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(cellsOf(row)).commit();
    count += 1;
    await drained(out);
  }
  sheet.commit();
  await workbook.commit();
  return count;
}

const WRITERS: Record<LeadExportFormat, (rows: AsyncIterable<LeadExportRow>, out: Writable) => Promise<number>> = {
  csv: writeLeadCsv,
  xlsx: writeLeadXlsx,
};

/**
 * Writes the rows in `format` and resolves once every byte has left for the reader; rejects as
 * soon as the reader goes away first. exceljs holds rows back until it commits, so the rows being
 * read say nothing about the download: only `out` finishing does.
 */
export async function deliverLeadExport(format: LeadExportFormat, rows: AsyncIterable<LeadExportRow>, out: Writable): Promise<void> {
  await Promise.all([WRITERS[format](rows, out), finished(out)]);
}
