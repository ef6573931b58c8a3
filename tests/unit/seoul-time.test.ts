import { describe, expect, it } from 'vitest';
import { isDay, seoulDateTime, seoulDay, seoulDayStart, shiftDay } from '../../web/shared/seoul-time';

describe("Korea's calendar and clock", () => {
  it('reads the day in Korea, not in the server zone', () => {
    // 15:00 UTC is midnight in Seoul: the next day has begun there.
    expect(seoulDay(Date.parse('2026-11-23T14:59:59Z'))).toBe('2026-11-23');
    expect(seoulDay(Date.parse('2026-11-23T15:00:00Z'))).toBe('2026-11-24');
  });

  it('moves across months, leap days and years', () => {
    expect(shiftDay('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDay('2028-03-01', -1)).toBe('2028-02-29');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDay('2026-11-24', -29)).toBe('2026-10-26');
  });

  it.each(['2026-02-30', '2026-13-01', '26-11-24', '2026-11-24T00:00', '', '２０２６-11-24'])('refuses %j as a day', (value) => {
    expect(isDay(value)).toBe(false);
  });

  it('writes stored UTC times as Korean wall-clock times', () => {
    expect(seoulDateTime('2026-11-23T15:04:09.123Z')).toBe('2026-11-24 00:04');
    expect(seoulDateTime('2026-11-23T15:04:09.123Z', 'second')).toBe('2026-11-24 00:04:09');
    expect(seoulDateTime(null)).toBe('');
    expect(seoulDateTime('not a time')).toBe('not a time');
  });

  it('gives the instant a Korean day begins (the bound of a day filter)', () => {
    expect(seoulDayStart('2026-11-24')).toBe('2026-11-23T15:00:00.000Z');
    expect(seoulDayStart('2026-12-31', 1)).toBe('2026-12-31T15:00:00.000Z');
    expect(seoulDayStart('2026-03-01', -1)).toBe('2026-02-27T15:00:00.000Z');
  });
});
