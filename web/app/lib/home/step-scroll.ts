/**
 * Step scrolling of the home page on wide screens: one wheel gesture (or PageUp/PageDown) moves
 * to the next section. Steps are numbered 1 … n for the n full-screen sections and n + 0.5 for
 * the page's end (the footer below the last section), so the home page's 8 sections give the
 * steps 1 to 8.5. A step is taken only when the next section starts within the
 * visible height below the sticky header, so no content is ever scrolled past unseen; otherwise
 * the browser scrolls as usual. Arrow keys always scroll natively (line by line). A wheel gesture
 * steps once it has travelled WHEEL_STEP_THRESHOLD_PX (a small trackpad nudge scrolls natively),
 * and the rest of a gesture that has stepped — an inertial tail — is swallowed.
 *
 * Pure functions: the DOM side (components/home/useStepScroll.ts) measures the offsets and
 * applies the decision.
 */
export const STEP_LOCK_MS = 500;

/** Wheel events closer together than this belong to one gesture (a flick and its inertial tail). */
export const WHEEL_GESTURE_GAP_MS = 200;

/** How far a wheel gesture must travel before it steps; less is a nudge, scrolled natively. */
export const WHEEL_STEP_THRESHOLD_PX = 50;

/** Step scrolling runs only above this viewport width (the site's mobile breakpoint). */
export const STEP_SCROLL_BREAKPOINT_PX = 900;

/** Scroll positions closer than this count as "at" a step (sub-pixel layout, rounding). */
const AT_STEP_TOLERANCE_PX = 2;

export type Step = { index: number; offset: number };

export type StepDecision =
  /** Let the browser scroll as usual: the event is not ours. */
  | { kind: 'native' }
  /** Swallow the input: a step was taken less than STEP_LOCK_MS ago. */
  | { kind: 'hold' }
  /** Scroll smoothly to `step` and lock until `lockedUntil`. */
  | { kind: 'step'; step: Step; lockedUntil: number };

export function stepScrollEnabled(viewportWidth: number, prefersReducedMotion: boolean): boolean {
  return viewportWidth > STEP_SCROLL_BREAKPOINT_PX && !prefersReducedMotion;
}

/**
 * The steps of a page whose sections start at `sectionOffsets` (scroll positions, ascending) and
 * whose scroll range ends at `maxScroll`: 1 … n, then n + 0.5 for the end of the page when it lies
 * beyond the last section. Step 1 is the top of the page: what sits above the first section (the
 * promo line) belongs to it, so no step moves the page by those few pixels alone. Offsets past the
 * end of the scroll range are clamped to it, and steps that would land where an earlier one
 * already does are dropped.
 */
export function buildSteps(sectionOffsets: readonly number[], maxScroll: number): Step[] {
  const steps: Step[] = [];
  const add = (index: number, offset: number) => {
    const clamped = Math.min(Math.max(offset, 0), maxScroll);
    const previous = steps[steps.length - 1];
    if (!previous || clamped > previous.offset + AT_STEP_TOLERANCE_PX) steps.push({ index, offset: clamped });
  };
  sectionOffsets.forEach((offset, position) => add(position + 1, position === 0 ? 0 : offset));
  add(sectionOffsets.length + 0.5, maxScroll);
  return steps;
}

export type StepInput = {
  steps: readonly Step[];
  /** Where the page is, or where the step in progress is taking it. */
  scrollY: number;
  viewportHeight: number;
  /** The sticky header's height: what it covers of each screen is not "seen". */
  headerHeight: number;
  /**
   * Where the first section starts (the promo line above it is part of step 1): the distance to
   * and from step 1 is measured from there, as that is the content the visitor sees at the top.
   */
  leadIn?: number;
  direction: 1 | -1;
  now: number;
  lockedUntil: number;
};

/**
 * What one wheel step or key press does.
 *
 * - Within 500 ms of the previous step: hold.
 * - Otherwise move to the next step in that direction (the nearest section start above or below).
 * - Leave scrolling to the browser when there is no such step (top of the page, end of the page),
 *   once the page is past the last section (the footer is read with normal scrolling, so the user
 *   is never trapped there), and when the next step is further than the visible height below the
 *   header (a section taller than that is scrolled through normally instead of being skipped).
 */
export function decideStep({ steps, scrollY, viewportHeight, headerHeight, leadIn = 0, direction, now, lockedUntil }: StepInput): StepDecision {
  if (now < lockedUntil) return { kind: 'hold' };
  const lastSection = [...steps].reverse().find((step) => Number.isInteger(step.index));
  if (direction > 0 && lastSection && scrollY > lastSection.offset + AT_STEP_TOLERANCE_PX) return { kind: 'native' };

  const target =
    direction > 0
      ? steps.find((step) => step.offset > scrollY + AT_STEP_TOLERANCE_PX)
      : [...steps].reverse().find((step) => step.offset < scrollY - AT_STEP_TOLERANCE_PX);
  if (!target) return { kind: 'native' };
  const visibleHeight = viewportHeight - headerHeight;
  const contentAt = (offset: number) => Math.max(offset, leadIn);
  if (Math.abs(contentAt(target.offset) - contentAt(scrollY)) > visibleHeight + AT_STEP_TOLERANCE_PX) return { kind: 'native' };
  return { kind: 'step', step: target, lockedUntil: now + STEP_LOCK_MS };
}

const STEP_KEYS: Record<string, 1 | -1> = { PageDown: 1, PageUp: -1 };

/**
 * The direction a key asks for, or null for keys (and key chords) that step scrolling leaves
 * alone: arrow keys and Space keep their native scrolling.
 */
export function keyDirection(key: string, modifiers: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }): 1 | -1 | null {
  if (modifiers.altKey || modifiers.ctrlKey || modifiers.metaKey || modifiers.shiftKey) return null;
  return STEP_KEYS[key] ?? null;
}

/** The direction of a wheel event, or null for horizontal or pinch-zoom (ctrl+wheel) gestures. */
export function wheelDirection(deltaX: number, deltaY: number, ctrlKey: boolean): 1 | -1 | null {
  if (ctrlKey || deltaY === 0 || Math.abs(deltaX) > Math.abs(deltaY)) return null;
  return deltaY > 0 ? 1 : -1;
}

/** One wheel gesture: events in one direction with no pause longer than WHEEL_GESTURE_GAP_MS. */
export type WheelGesture = { direction: 1 | -1; lastEventAt: number; travelled: number; stepped: boolean };

/** Adds a wheel event (its direction and distance in pixels) to the gesture it belongs to. */
export function continueGesture(gesture: WheelGesture | null, direction: 1 | -1, distance: number, now: number): WheelGesture {
  const continues = gesture && gesture.direction === direction && now - gesture.lastEventAt <= WHEEL_GESTURE_GAP_MS;
  if (!continues) return { direction, lastEventAt: now, travelled: distance, stepped: false };
  return { ...gesture, lastEventAt: now, travelled: gesture.travelled + distance };
}

/**
 * What a wheel gesture asks for so far: `tail` once it has already stepped (its remaining events,
 * the inertial tail, are swallowed), `nudge` while it has travelled too little to mean a section
 * (native scrolling), `step` otherwise.
 */
export function gestureIntent(gesture: WheelGesture): 'tail' | 'nudge' | 'step' {
  if (gesture.stepped) return 'tail';
  return gesture.travelled < WHEEL_STEP_THRESHOLD_PX ? 'nudge' : 'step';
}

/** A wheel event's distance in pixels, whatever unit the browser reports it in. */
export function wheelDistancePx(deltaY: number, deltaMode: number, viewportHeight: number): number {
  const LINE_PX = 16;
  const unit = deltaMode === 1 ? LINE_PX : deltaMode === 2 ? viewportHeight : 1;
  return Math.abs(deltaY) * unit;
}
