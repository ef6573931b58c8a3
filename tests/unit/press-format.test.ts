import { describe, expect, it, vi } from 'vitest';
import { formatPressDate, formatPressDateTime } from '../../web/app/lib/press-format';

describe('press dates', () => {
  it('are spelled the same by every ICU: Seoul time, 오전/오후 from the hour itself', () => {
    // Node 20's ICU spelled this "2025년 1월 15일 PM 6:00" and Chromium "… 오후 6:00": the article failed to hydrate.
    expect(formatPressDateTime('2025-01-15T09:00:00.000Z')).toBe('2025년 1월 15일 오후 6:00');
    expect(formatPressDateTime('2025-01-14T15:05:00.000Z')).toBe('2025년 1월 15일 오전 12:05');
    expect(formatPressDateTime('2025-01-15T03:30:00.000Z')).toBe('2025년 1월 15일 오후 12:30');
    expect(formatPressDateTime('2025-12-31T14:59:00.000Z')).toBe('2025년 12월 31일 오후 11:59');
    expect(formatPressDate('2025-12-31T15:00:00.000Z')).toBe('2026. 01. 01.');
  });

  it('are empty for a missing or broken date', () => {
    expect(formatPressDateTime(null)).toBe('');
    expect(formatPressDateTime('not a date')).toBe('');
    expect(formatPressDate(undefined)).toBe('');
  });

  it('need no Intl formatter: the browser loads its time zone data on the main thread, inside hydration', async () => {
    const formatters = vi.spyOn(Intl, 'DateTimeFormat');
    vi.resetModules();
    const fresh = await import('../../web/app/lib/press-format');
    expect(fresh.formatPressDateTime('2025-01-15T09:00:00.000Z')).toBe('2025년 1월 15일 오후 6:00');
    expect(formatters).not.toHaveBeenCalled();
    formatters.mockRestore();
  });
});
