import { describe, expect, it } from 'vitest';
import { isDay, seoulDay, shiftDay } from '../../web/shared/console';

describe('console days', () => {
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
});
