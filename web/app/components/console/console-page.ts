/**
 * What every console page shares: kept out of search engines and out of every cache (they show
 * personal data to one signed-in staff member), and dates shown on Korea's calendar.
 */
import { consoleText } from './console-text';
import './console-page.css';

export const CONSOLE_HEADERS: HeadersInit = { 'Cache-Control': 'private, no-store' };

export function consoleMeta(title: string) {
  return [{ title: `${title} | ${consoleText.title}` }, { name: 'robots', content: 'noindex, nofollow' }];
}

const monthDayFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'UTC', month: 'long', day: 'numeric' });
const weekdayFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'UTC', weekday: 'short' });
const shortDayFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'UTC', month: 'numeric', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat('ko-KR', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 2026-11-25 → "11월 25일 (수)". */
export function dayLabel(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${monthDayFormat.format(date)} (${weekdayFormat.format(date)})`;
}

/** 2026-11-25 → "11. 25." (axis labels, where space is short). */
export function shortDayLabel(day: string): string {
  return shortDayFormat.format(new Date(`${day}T00:00:00Z`));
}

/** An ISO date-time → "14:05" in Seoul. */
export function seoulTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

export const LEAD_LIST_PATH = '/admin/leads';
/** 단체 문자: the group message page (팀장, 관리자). */
export const GROUP_MESSAGES_PATH = '/admin/messages';

/** A lead's page in the console. */
export function leadPath(id: string): string {
  return `${LEAD_LIST_PATH}/${encodeURIComponent(id)}`;
}

/** Where focus goes after a link of the lead list replaced the list (or the filters) it was on. */
export type LeadListFocus = { focus: 'count' | 'search' };

/**
 * A submit button's click handler for an action that cannot be taken back (a cancelled booking, a
 * deleted slot or spend): the browser's own confirmation, which keyboards and screen readers
 * handle natively, asks first; declining posts nothing.
 */
export function confirmFirst(question: string): (event: { preventDefault(): void }) => void {
  return (event) => {
    if (!window.confirm(question)) event.preventDefault();
  };
}
