/**
 * Korea's calendar and clock for stored UTC timestamps, the same on the server and in the browser
 * whatever their time zones. Korea keeps UTC+9 all year (no daylight saving), so a fixed offset is
 * exact and cheaper than Intl.
 */
const SEOUL_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What a date filter that is not a day answers, on every console page and export. */
export const DAY_FORMAT_MESSAGE = '날짜는 2026-11-01 형식으로 입력해 주세요.';

/** Whether `value` is a real calendar day written YYYY-MM-DD (2026-02-30 is not). */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The day (YYYY-MM-DD) it is in Korea at `now`: the model house's calendar. */
export function seoulDay(now: number): string {
  return new Date(now + SEOUL_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative: back), across months and years. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included, in order. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = shiftDay(day, 1)) days.push(day);
  return days;
}

/** When `day` (plus `addDays`) begins in Korea, as an ISO instant: the lower bound of a day's records. */
export function seoulDayStart(day: string, addDays = 0): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - SEOUL_OFFSET_MS + addDays * DAY_MS).toISOString();
}

/** `YYYY-MM-DDTHH:mm` read as Seoul time (UTC+9, no daylight saving), or null if it is no such minute. */
export function seoulWallClockTime(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const time = Date.UTC(year, month - 1, day, hour - 9, minute);
  const back = new Date(time + 9 * 3600_000);
  if (back.getUTCDate() !== day || back.getUTCMonth() !== month - 1 || hour > 23 || minute > 59) return null;
  return time;
}

/**
 * "2026-11-23 14:05" (or with seconds, for the audit trail and exports) in Korea; empty for no
 * time, the input itself when it is not a time.
 */
export function seoulDateTime(iso: string | null | undefined, precision: 'minute' | 'second' = 'minute'): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Date(time + SEOUL_OFFSET_MS)
    .toISOString()
    .slice(0, precision === 'second' ? 19 : 16)
    .replace('T', ' ');
}

/** The calendar and clock of a stored instant in Korea; null for no time or one that is not a time. */
export function seoulClock(iso: string | null | undefined): { year: number; month: number; day: number; hour: number; minute: number } | null {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return null;
  const seoul = new Date(time + SEOUL_OFFSET_MS);
  return { year: seoul.getUTCFullYear(), month: seoul.getUTCMonth() + 1, day: seoul.getUTCDate(), hour: seoul.getUTCHours(), minute: seoul.getUTCMinutes() };
}

/** Said when a date range's start is after its end (the stats and audit pages). */
export const REVERSED_RANGE_MESSAGE = '시작일이 종료일보다 늦습니다.';
