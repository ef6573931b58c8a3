/** Press dates in Korean, always in Seoul time (server and browser render the same text). */
const dateFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const dateTimeFormat = new Intl.DateTimeFormat('ko-KR', {
  timeZone: 'Asia/Seoul',
  dateStyle: 'long',
  timeStyle: 'short',
});

function valid(iso: string | null | undefined): Date | null {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export function formatPressDate(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : '';
}

export function formatPressDateTime(iso: string | null | undefined): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : '';
}

export function pressListPath(site: string): string {
  return `/${encodeURIComponent(site)}/press`;
}

export function pressArticlePath(site: string, id: string): string {
  return `${pressListPath(site)}/${encodeURIComponent(id)}`;
}
