/**
 * Press dates in Korean, always in Seoul time, composed from numbers: the server's and the
 * browser's ICU spell the same date differently (Node 20: "2025년 1월 15일 PM 6:00", Chromium:
 * "… 오후 6:00"), and a page whose text differs fails to hydrate. No Intl time zone either: the
 * browser's first Asia/Seoul formatter loads ICU's zone data on the main thread (about 50 ms on
 * a desktop, inside hydration's first task).
 */
import { seoulClock } from '../../shared/seoul-time';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2025. 01. 15." */
export function formatPressDate(iso: string | null | undefined): string {
  const time = seoulClock(iso);
  return time ? `${time.year}. ${twoDigits(time.month)}. ${twoDigits(time.day)}.` : '';
}

/** "2025년 1월 15일 오후 6:00" */
export function formatPressDateTime(iso: string | null | undefined): string {
  const time = seoulClock(iso);
  if (!time) return '';
  const period = time.hour < 12 ? '오전' : '오후';
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${time.year}년 ${time.month}월 ${time.day}일 ${period} ${hour}:${twoDigits(time.minute)}`;
}

export function pressListPath(site: string): string {
  return `/${encodeURIComponent(site)}/press`;
}

export function pressArticlePath(site: string, id: string): string {
  return `${pressListPath(site)}/${encodeURIComponent(id)}`;
}
