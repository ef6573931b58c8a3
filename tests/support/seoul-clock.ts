import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { seoulDayStart, seoulDay } from '../../web/shared/seoul-time';

/**
 * The environment that sets a started process's clock to 11:00 Seoul time of today, running on from
 * there: Korean law keeps ads from 21:00 to 08:00, so a test that sends them gives the same answer
 * whenever CI runs it. The services read the time through `Date.now`; the day stays the real one.
 */
export function seoulMorningClock(): Record<string, string> {
  const now = Date.now();
  const shift = Date.parse(seoulDayStart(seoulDay(now))) + 11 * 3_600_000 - now;
  return {
    NODE_OPTIONS: `--import ${pathToFileURL(path.resolve('tests/support/shifted-clock.mjs')).href}`,
    TEST_CLOCK_SHIFT_MS: String(shift),
  };
}
