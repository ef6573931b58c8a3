/**
 * The staff export: CSV in UTF-8 with a BOM (so Excel opens Korean correctly), CRLF line ends,
 * every cell quoted, and cells that a spreadsheet would run as a formula made inert.
 */
import type { LeadsExportQueryResult } from '../../sanity/sanity.types';
import { LEAD_FORM_KIND_LABELS } from '../../shared/console';
import { formatPhone } from '../../shared/lead-validation';
import { seoulDateTime } from '../../shared/seoul-time';
import { UTM_KEYS, utmParameterName } from '../../shared/utm';

type ExportedLead = LeadsExportQueryResult[number];

export const BOM = '\uFEFF';

export const SLOT_STATUS_LABELS: Record<string, string> = { booked: '예약됨', unavailable: '확인 필요(마감)' };

export const formKindLabel = (formKind: string) => (LEAD_FORM_KIND_LABELS as Record<string, string>)[formKind] ?? formKind;

export const yesNo = (value: boolean | null | undefined) => (value ? '예' : '아니오');

/** The time in Korea with seconds, e.g. 2026-11-22 09:25:08. */
export const seoulTime = (iso: string | null | undefined) => seoulDateTime(iso, 'second');

const COLUMNS: Array<[header: string, value: (lead: ExportedLead) => string]> = [
  ['등록일시(KST)', (lead) => seoulTime(lead.createdAt)],
  ['이름', (lead) => lead.name ?? ''],
  ['연락처', (lead) => (lead.phone ? formatPhone(lead.phone) : '')],
  ['문의내용', (lead) => lead.message ?? ''],
  ['방문 희망 일시', (lead) => lead.visitAt ?? ''],
  ['방문예약 상태', (lead) => (lead.visitSlotStatus ? (SLOT_STATUS_LABELS[lead.visitSlotStatus] ?? lead.visitSlotStatus) : '')],
  ['개인정보 수집·이용 동의', (lead) => yesNo(lead.consent?.privacy)],
  ['마케팅 정보 수신 동의', (lead) => yesNo(lead.consent?.marketing)],
  ['만 14세 이상', (lead) => yesNo(lead.consent?.ageOver14)],
  ['동의 문구 버전', (lead) => lead.consent?.noticeVersion ?? ''],
  ['동의 일시(KST)', (lead) => seoulTime(lead.consent?.agreedAt)],
  ['등록 페이지', (lead) => lead.sourcePage ?? ''],
  ['양식', (lead) => (lead.formKind ? formKindLabel(lead.formKind) : '')],
  ...UTM_KEYS.map((key): [string, (lead: ExportedLead) => string] => [utmParameterName(key), (lead) => lead.utm?.[key] ?? '']),
  ['ID', (lead) => lead._id],
];

/**
 * Excel, LibreOffice and Google Sheets treat these leading characters as the start of a formula;
 * a leading line break, tab or NUL may be dropped on import, exposing a formula behind it.
 */
// eslint-disable-next-line no-control-regex
const FORMULA_START = /^[=+\-@\t\r\n\u0000]/;

export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${inert.replace(/"/g, '""')}"`;
}

/** One CSV line (CRLF included) of the cells, each quoted and inert. */
export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + '\r\n';
}

export function leadsToCsv(leads: readonly ExportedLead[]): string {
  const rows = [COLUMNS.map(([header]) => header), ...leads.map((lead) => COLUMNS.map(([, value]) => value(lead)))];
  return BOM + rows.map(csvLine).join('');
}
