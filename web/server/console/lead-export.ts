/**
 * The customer export (the console's downloads and `npm run leads -- export`): one row per customer
 * (one phone), written row by row as the rows arrive so memory stays flat however many match: CSV in the site's Excel-safe
 * format (../csv.ts), and .xlsx through exceljs's streaming writer, with Korean headers, the
 * phone as text (its leading 0 kept), times as real Excel dates (Seoul), an autofilter and a
 * frozen header row. Both carry the memos, the call results and the 방문 확인 time.
 */
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import ExcelJS from 'exceljs';
import { LEAD_FORM_KIND_LABELS } from '../../shared/lead-form-kinds';
import { LEAD_STATUS_LABELS, isLeadStatus } from '../../shared/lead-status';
import { formatPhone } from '../../shared/phone-format';
import { seoulDateTime } from '../../shared/seoul-time';
import { FUNDING_LABELS, SUBSCRIPTION_LABELS } from '../../shared/customer-profile';
import { UTM_KEYS, utmParameterName } from '../../shared/utm';
import { BOM, csvLine } from '../csv';
import type { LeadExportFormat, LeadExportRow } from './types';

const VISIT_STATUS_LABELS: Record<string, string> = {
  booked: '예약됨',
  checkedIn: '방문 완료',
  missed: '오지 않음',
  cancelled: '취소됨',
  unavailable: '확인 필요(마감)',
  released: '취소됨(자리 반환)',
};

const formKindLabel = (formKind: string) => (LEAD_FORM_KIND_LABELS as Record<string, string>)[formKind] ?? formKind;

const yesNo = (value: boolean | null | undefined) => (value ? '예' : '아니오');

/**
 * A column: its text (CSV, and the xlsx cell unless it has one of its own), and for times the
 * moment as an Excel date cell, or a number.
 */
type Column = {
  header: string;
  width: number;
  value: (row: LeadExportRow) => string;
  date?: { of: (row: LeadExportRow) => Date | null; format: string };
  count?: (row: LeadExportRow) => number;
};

const SEOUL_OFFSET_MS = 9 * 3600_000;

/**
 * An instant as the Date whose UTC fields are its Seoul wall-clock time: exceljs writes a Date's
 * UTC fields as the cell's date, and Excel has no time zones.
 */
function seoulCellDate(iso: string | null | undefined): Date | null {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? null : new Date(time + SEOUL_OFFSET_MS);
}

/** "YYYY-MM-DD HH:mm" (already Seoul time, as a visit's is stored) as such a Date. */
function wallClockCellDate(value: string | null): Date | null {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  return new Date(Date.UTC(year, month - 1, day, hour, minute));
}

const lastCall = (row: LeadExportRow) => row.calls.at(-1) ?? null;

/** Every memo, oldest first, one a line: "YYYY-MM-DD HH:mm 작성자: 내용". */
const memoLines = (row: LeadExportRow) => row.memos.map((memo) => `${seoulDateTime(memo.at)} ${memo.authorName}: ${memo.text}`).join('\n');

/** Every call result, oldest first, one a line, with its 재통화 time. */
const callLines = (row: LeadExportRow) =>
  row.calls.map((call) => `${seoulDateTime(call.at)} ${call.result}${call.callbackAt ? ` (재통화 ${seoulDateTime(call.callbackAt)})` : ''}`).join('\n');

const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const DATE_MINUTE_FORMAT = 'yyyy-mm-dd hh:mm';

const EXPORT_COLUMNS: Column[] = [
  {
    header: '최근 등록일시(KST)',
    width: 20,
    value: (row) => seoulDateTime(row.createdAt, 'second'),
    date: { of: (row) => seoulCellDate(row.createdAt), format: DATE_TIME_FORMAT },
  },
  { header: '이름', width: 12, value: (row) => row.name },
  { header: '연락처', width: 15, value: (row) => (row.phone ? formatPhone(row.phone) : '') },
  { header: '상담 상태', width: 10, value: (row) => (isLeadStatus(row.status) ? LEAD_STATUS_LABELS[row.status] : row.status) },
  { header: '담당자', width: 10, value: (row) => row.assigneeName ?? '' },
  { header: '등록 횟수', width: 8, value: (row) => String(row.registrations), count: (row) => row.registrations },
  { header: '문의내용(최근 등록)', width: 40, value: (row) => row.message ?? '' },
  { header: '방문 일시', width: 17, value: (row) => row.visitAt ?? '', date: { of: (row) => wallClockCellDate(row.visitAt), format: DATE_MINUTE_FORMAT } },
  { header: '방문 상태', width: 14, value: (row) => (row.visitStatus ? (VISIT_STATUS_LABELS[row.visitStatus] ?? row.visitStatus) : '') },
  { header: '마케팅 정보 수신 동의', width: 10, value: (row) => yesNo(row.marketing) },
  { header: '동의 문구 버전', width: 12, value: (row) => row.noticeVersion ?? '' },
  {
    header: '방문 확인(KST)',
    width: 20,
    value: (row) => seoulDateTime(row.checkedInAt, 'second'),
    date: { of: (row) => seoulCellDate(row.checkedInAt), format: DATE_TIME_FORMAT },
  },
  { header: '최근 통화 결과', width: 12, value: (row) => lastCall(row)?.result ?? '' },
  {
    header: '재통화 예정(KST)',
    width: 17,
    value: (row) => seoulDateTime(lastCall(row)?.callbackAt),
    date: { of: (row) => seoulCellDate(lastCall(row)?.callbackAt), format: DATE_MINUTE_FORMAT },
  },
  { header: '통화 횟수', width: 8, value: (row) => String(row.calls.length), count: (row) => row.calls.length },
  { header: '통화 기록', width: 40, value: callLines },
  { header: '메모', width: 50, value: memoLines },
  {
    header: '동의 일시(KST)',
    width: 20,
    value: (row) => seoulDateTime(row.agreedAt, 'second'),
    date: { of: (row) => seoulCellDate(row.agreedAt), format: DATE_TIME_FORMAT },
  },
  { header: '등록 페이지', width: 20, value: (row) => row.sourcePage ?? '' },
  { header: '양식(최근 등록)', width: 18, value: (row) => (row.formKind ? formKindLabel(row.formKind) : '') },
  ...UTM_KEYS.map((key): Column => ({ header: `${utmParameterName(key)}(최근 등록)`, width: 14, value: (row) => row.utm[key] ?? '' })),
  {
    header: '첫 등록일시(KST)',
    width: 20,
    value: (row) => seoulDateTime(row.firstTouch?.at, 'second'),
    date: { of: (row) => seoulCellDate(row.firstTouch?.at), format: DATE_TIME_FORMAT },
  },
  { header: '첫 등록 양식', width: 18, value: (row) => (row.firstTouch ? formKindLabel(row.firstTouch.formKind) : '') },
  { header: '첫 등록 utm_source', width: 14, value: (row) => row.firstTouch?.utmSource ?? '' },
  { header: '첫 등록 utm_campaign', width: 14, value: (row) => row.firstTouch?.utmCampaign ?? '' },
  { header: '관심 타입', width: 10, value: (row) => row.profile.interestType ?? '' },
  { header: '청약 자격', width: 14, value: (row) => (row.profile.subscription ? SUBSCRIPTION_LABELS[row.profile.subscription] : '') },
  { header: '자금 계획', width: 16, value: (row) => (row.profile.funding ? FUNDING_LABELS[row.profile.funding] : '') },
  { header: '고객 ID', width: 40, value: (row) => row.id },
];

export const EXPORT_HEADERS = EXPORT_COLUMNS.map((column) => column.header);

const cellsOf = (row: LeadExportRow) => EXPORT_COLUMNS.map((column) => column.value(row));

const xlsxCellsOf = (row: LeadExportRow) =>
  EXPORT_COLUMNS.map((column) => (column.date ? column.date.of(row) : column.count ? column.count(row) : column.value(row)));

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
 * One sheet "고객 목록", a customer a row. Times are date cells in Seoul time; every other cell is a string cell
 * (never a formula: a value that starts with "=" stays text) in a text-formatted column, so Excel
 * keeps "010-…". The header row is frozen and carries an autofilter.
 */
export async function writeLeadXlsx(rows: AsyncIterable<LeadExportRow>, out: Writable): Promise<number> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('고객 목록', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((column) => ({
    header: column.header,
    width: column.width,
    style: { numFmt: column.date?.format ?? (column.count ? '0' : '@') },
  }));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let count = 0;
  for await (const row of rows) {
    sheet.addRow(xlsxCellsOf(row)).commit();
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
