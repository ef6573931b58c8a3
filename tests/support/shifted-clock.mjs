/**
 * Preloaded into a process the test starts (`NODE_OPTIONS=--import <this file's URL>`): its
 * `Date.now` runs TEST_CLOCK_SHIFT_MS ahead of (or behind) the real clock. Every process of one test
 * gets the same shift, so their times agree with each other (an account's change and a session
 * issued after it). See `seoulMorningClock` in ./seoul-clock.ts.
 */
const shift = Number(process.env.TEST_CLOCK_SHIFT_MS ?? 0);
if (!Number.isFinite(shift)) throw new Error(`TEST_CLOCK_SHIFT_MS is not a number: ${process.env.TEST_CLOCK_SHIFT_MS}`);
const realNow = Date.now.bind(Date);
Date.now = () => realNow() + shift;
