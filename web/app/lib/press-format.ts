/**
 * Press dates in Korean, always in Seoul time, composed from numbers: the server's and the
 * browser's ICU spell the same date differently (Node 20: "2025년 1월 15일 PM 6:00", Chromium:
 * "… 오후 6:00"), and a page whose text differs fails to hydrate.
 */
const seoulParts = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

type SeoulTime = { year: number; month: number; day: number; hour: number; minute: number };

function inSeoul(iso: string | null | undefined): SeoulTime | null {
  const date = iso ? new Date(iso) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  const parts = seoulParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** "2025. 01. 15." */
export function formatPressDate(iso: string | null | undefined): string {
  const time = inSeoul(iso);
  return time ? `${time.year}. ${twoDigits(time.month)}. ${twoDigits(time.day)}.` : '';
}

/** "2025년 1월 15일 오후 6:00" */
export function formatPressDateTime(iso: string | null | undefined): string {
  const time = inSeoul(iso);
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
