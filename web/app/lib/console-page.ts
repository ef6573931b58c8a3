import type { MetaDescriptor } from 'react-router';

export const LEAD_LIST_PATH = '/admin/leads';

/** A lead's page in the console. */
export function leadPath(id: string): string {
  return `${LEAD_LIST_PATH}/${encodeURIComponent(id)}`;
}

/** Staff pages hold personal data: never stored by a browser or a CDN. */
export const CONSOLE_HEADERS: HeadersInit = { 'Cache-Control': 'private, no-store' };

/** A console page's head: its title and no indexing (the console is never in search results). */
export function consoleMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | 영업 관리` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const SEOUL_DATE_TIME = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * "2026-11-23 14:05" in Seoul time, whatever the server's or the browser's time zone, so the
 * server's HTML and the hydrated page agree. Assembled from parts: locales differ in separators.
 */
export function seoulDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const part = Object.fromEntries(SEOUL_DATE_TIME.formatToParts(date).map(({ type, value }) => [type, value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
