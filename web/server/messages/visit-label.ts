/** A visit's time as the messages write it. */

const WEEKDAYS = ['일', '월', '화', '수', '목', '금', '토'];

/** "2026-11-27 14:00" → "11월 27일(금) 14:00". */
export function visitLabel(visitAt: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2})/.exec(visitAt);
  if (!match) return visitAt;
  const [, year, month, day, time] = match;
  const weekday = WEEKDAYS[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()];
  return `${Number(month)}월 ${Number(day)}일(${weekday}) ${time}`;
}
