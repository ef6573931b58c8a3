import { describe, expect, it } from 'vitest';
import {
  STEP_LOCK_MS,
  WHEEL_GESTURE_GAP_MS,
  WHEEL_STEP_THRESHOLD_PX,
  buildSteps,
  continueGesture,
  decideStep,
  gestureIntent,
  keyDirection,
  stepScrollEnabled,
  wheelDirection,
  wheelDistancePx,
  type StepInput,
  type WheelGesture,
} from '../../web/app/lib/home/step-scroll';

/** Eight full-screen sections of 836 px (900 px viewport − 64 px header) and a 300 px footer. */
const SECTION = 836;
const VIEWPORT = 900;
const HEADER = 64;
const offsets = Array.from({ length: 8 }, (_, index) => index * SECTION);
const maxScroll = 8 * SECTION + 64 + 300 - VIEWPORT;
const steps = buildSteps(offsets, maxScroll);

const decide = (input: Partial<StepInput>) =>
  decideStep({ steps, scrollY: 0, viewportHeight: VIEWPORT, headerHeight: HEADER, direction: 1, now: 10_000, lockedUntil: 0, ...input });

describe('step scrolling: when it runs', () => {
  it('only above 900 px and without prefers-reduced-motion', () => {
    expect(stepScrollEnabled(1440, false)).toBe(true);
    expect(stepScrollEnabled(901, false)).toBe(true);
    expect(stepScrollEnabled(900, false)).toBe(false);
    expect(stepScrollEnabled(375, false)).toBe(false);
    expect(stepScrollEnabled(1440, true)).toBe(false);
  });

  it('wheel: vertical steps only; horizontal and ctrl+wheel (zoom) are left alone', () => {
    expect(wheelDirection(0, 100, false)).toBe(1);
    expect(wheelDirection(0, -3, false)).toBe(-1);
    expect(wheelDirection(0, 0, false)).toBeNull();
    expect(wheelDirection(120, 10, false)).toBeNull();
    expect(wheelDirection(0, 100, true)).toBeNull();
  });

  it('keys: PageDown forward, PageUp back; arrow keys, Space, chords and other keys left native', () => {
    const none = { altKey: false, ctrlKey: false, metaKey: false, shiftKey: false };
    expect(keyDirection('PageDown', none)).toBe(1);
    expect(keyDirection('PageUp', none)).toBe(-1);
    expect(keyDirection('ArrowDown', none)).toBeNull();
    expect(keyDirection('ArrowUp', none)).toBeNull();
    expect(keyDirection(' ', none)).toBeNull();
    expect(keyDirection('Home', none)).toBeNull();
    expect(keyDirection('PageUp', { ...none, shiftKey: true })).toBeNull();
    expect(keyDirection('PageDown', { ...none, ctrlKey: true })).toBeNull();
  });
});

describe('step scrolling: steps 1 … 8.5', () => {
  it('eight sections give steps 1 to 8 and 8.5 for the end of the page', () => {
    expect(steps.map((step) => step.index)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 8.5]);
    expect(steps[8].offset).toBe(maxScroll);
  });

  it('step 1 is the top of the page, so the promo line above the first section is not a step of its own', () => {
    const belowPromoLine = buildSteps([38, 874, 1710], 2000);
    expect(belowPromoLine.map((step) => [step.index, step.offset])).toEqual([
      [1, 0],
      [2, 874],
      [3, 1710],
      [3.5, 2000],
    ]);
  });

  it('no 8.5 step when the last section already ends the page; offsets clamp to the scroll range', () => {
    const short = buildSteps([0, 836, 1672], 1672);
    expect(short.map((step) => step.index)).toEqual([1, 2, 3]);
    const clamped = buildSteps([0, 836, 1672], 1500);
    expect(clamped.map((step) => [step.index, step.offset])).toEqual([
      [1, 0],
      [2, 836],
      [3, 1500],
    ]);
  });
});

describe('step scrolling: one step per wheel step, 500 ms lock', () => {
  it('moves exactly one section down or up', () => {
    expect(decide({ scrollY: 0 })).toMatchObject({ kind: 'step', step: { index: 2, offset: SECTION } });
    expect(decide({ scrollY: 3 * SECTION, direction: -1 })).toMatchObject({ kind: 'step', step: { index: 3 } });
  });

  it('locks for 500 ms after a step: input inside the lock is swallowed, after it steps again', () => {
    const first = decide({ scrollY: 0, now: 1000 });
    expect(first).toEqual({ kind: 'step', step: { index: 2, offset: SECTION }, lockedUntil: 1000 + STEP_LOCK_MS });
    expect(STEP_LOCK_MS).toBe(500);
    expect(decide({ scrollY: SECTION, now: 1499, lockedUntil: 1500 })).toEqual({ kind: 'hold' });
    expect(decide({ scrollY: SECTION, now: 1500, lockedUntil: 1500 })).toMatchObject({ kind: 'step', step: { index: 3 } });
  });

  it('from between two sections, goes to the nearer boundary in the direction of travel', () => {
    expect(decide({ scrollY: 1000, direction: 1 })).toMatchObject({ step: { index: 3 } });
    expect(decide({ scrollY: 1000, direction: -1 })).toMatchObject({ step: { index: 2 } });
  });

  it('the last section steps on to the end of the page (8 → 8.5) and back (8.5 → 8)', () => {
    expect(decide({ scrollY: 7 * SECTION })).toMatchObject({ kind: 'step', step: { index: 8.5, offset: maxScroll } });
    expect(decide({ scrollY: maxScroll, direction: -1 })).toMatchObject({ kind: 'step', step: { index: 8 } });
  });

  it('never traps: past the last section, and at the very top, scrolling is the browser’s', () => {
    expect(decide({ scrollY: maxScroll })).toEqual({ kind: 'native' });
    expect(decide({ scrollY: 7 * SECTION + 40 })).toEqual({ kind: 'native' });
    expect(decide({ scrollY: 0, direction: -1 })).toEqual({ kind: 'native' });
  });

  it('a section taller than the screen is scrolled through normally, not skipped', () => {
    const tall = buildSteps([0, 836, 836 + 2000], 5000);
    const input = { steps: tall, viewportHeight: VIEWPORT, headerHeight: HEADER, now: 10_000, lockedUntil: 0 };
    expect(decideStep({ ...input, scrollY: 836, direction: 1 })).toEqual({ kind: 'native' });
    expect(decideStep({ ...input, scrollY: 836 + 1200, direction: 1 })).toMatchObject({ step: { index: 3 } });
    expect(decideStep({ ...input, scrollY: 836 + 2000, direction: -1 })).toEqual({ kind: 'native' });
  });
});

describe('step scrolling: never past content the visitor has not seen', () => {
  it('steps only when the next section starts within the screen below the header', () => {
    // Sections of 880 px at a 900 px screen: 836 px show below the header, 44 px would be skipped.
    const slightlyTall = buildSteps([0, 880, 1760], 2400);
    const input = { steps: slightlyTall, viewportHeight: VIEWPORT, headerHeight: HEADER, now: 10_000, lockedUntil: 0 };
    expect(decideStep({ ...input, scrollY: 0, direction: 1 })).toEqual({ kind: 'native' });
    // Once scrolled far enough that the rest of the section is on screen, the next step is taken.
    expect(decideStep({ ...input, scrollY: 44, direction: 1 })).toMatchObject({ kind: 'step', step: { index: 2, offset: 880 } });
    expect(decideStep({ ...input, scrollY: 880, direction: -1 })).toEqual({ kind: 'native' });
    expect(decideStep({ ...input, scrollY: 836, direction: -1 })).toMatchObject({ kind: 'step', step: { index: 1 } });
  });
});

describe('step scrolling: wheel gestures', () => {
  /** Feeds wheel events (distance, ms since the previous one) through a gesture, as the hook does. */
  function feed(events: Array<[distance: number, gap: number]>, direction: 1 | -1 = 1) {
    let gesture: WheelGesture | null = null;
    let now = 1000;
    const intents: string[] = [];
    for (const [distance, gap] of events) {
      now += gap;
      gesture = continueGesture(gesture, direction, distance, now);
      const intent = gestureIntent(gesture);
      intents.push(intent);
      if (intent === 'step') gesture.stepped = true;
    }
    return intents;
  }

  it('one mouse-wheel notch steps', () => {
    expect(feed([[100, 0]])).toEqual(['step']);
  });

  it('a small trackpad nudge stays native', () => {
    expect(
      feed([
        [3, 0],
        [5, 16],
        [4, 16],
      ]),
    ).toEqual(['nudge', 'nudge', 'nudge']);
    expect(3 + 5 + 4).toBeLessThan(WHEEL_STEP_THRESHOLD_PX);
  });

  it('a flick steps once its travel passes the threshold; its inertial tail is swallowed however long', () => {
    const tail = Array.from({ length: 120 }, (_, index): [number, number] => [Math.max(1, Math.round(120 * 0.96 ** index)), 16]);
    const intents = feed([[20, 0], [60, 16], ...tail]);
    expect(intents.slice(0, 2)).toEqual(['nudge', 'step']);
    expect(new Set(intents.slice(2))).toEqual(new Set(['tail']));
  });

  it('a pause longer than the gesture gap, or a change of direction, starts a new gesture', () => {
    expect(
      feed([
        [100, 0],
        [100, WHEEL_GESTURE_GAP_MS],
        [100, WHEEL_GESTURE_GAP_MS + 1],
      ]),
    ).toEqual(['step', 'tail', 'step']);
    let gesture = continueGesture(null, 1, 100, 0);
    gesture.stepped = true;
    gesture = continueGesture(gesture, -1, 100, 10);
    expect(gestureIntent(gesture)).toBe('step');
  });

  it('wheel distances in lines or pages become pixels', () => {
    expect(wheelDistancePx(-100, 0, 900)).toBe(100);
    expect(wheelDistancePx(3, 1, 900)).toBe(48);
    expect(wheelDistancePx(1, 2, 900)).toBe(900);
  });
});

describe('step scrolling: the promo line above the first section', () => {
  it('belongs to step 1: the step to and from section 2 is measured from where section 1 starts', () => {
    // A 38 px promo line, then sections of exactly the visible height (900 − 64).
    const withPromo = buildSteps([38, 874, 1710], 2400);
    const input = { steps: withPromo, viewportHeight: VIEWPORT, headerHeight: HEADER, now: 10_000, lockedUntil: 0 };
    expect(decideStep({ ...input, leadIn: 38, scrollY: 0, direction: 1 })).toMatchObject({ kind: 'step', step: { index: 2, offset: 874 } });
    expect(decideStep({ ...input, leadIn: 38, scrollY: 874, direction: -1 })).toMatchObject({ kind: 'step', step: { index: 1, offset: 0 } });
    expect(decideStep({ ...input, scrollY: 0, direction: 1 })).toEqual({ kind: 'native' });
  });
});
