import { useEffect } from 'react';
import {
  buildSteps,
  continueGesture,
  decideStep,
  gestureIntent,
  keyDirection,
  stepScrollEnabled,
  wheelDirection,
  wheelDistancePx,
  type StepDecision,
  type WheelGesture,
} from '../../lib/home/step-scroll';

/** The sections step scrolling stops at (hidden ones, e.g. phone-only sections, are skipped). */
const STEP_SELECTOR = '[data-home-step]';
/** Where wheel and arrow keys belong to the element: form fields and arrow-key widgets. */
const OWN_SCROLL_SELECTOR =
  'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role="listbox"], [role="menu"], [role="slider"], [role="tablist"]';
/** An open dialog (the interest popup, the slide menu) owns scrolling while it is open. */
const DIALOG_SELECTOR = 'dialog[open], [aria-modal="true"]';
/** A smooth scroll has surely ended this long after its lock expired, even without `scrollend`. */
const STEP_SETTLE_MS = 1000;

/**
 * Wide-screen step scrolling (lib/home/step-scroll.ts): wheel gestures and PageUp/PageDown scroll
 * smoothly to the previous or next section. For tests and debugging, `<main>` carries
 * `data-step-scroll="ready"` once the listeners are attached and `data-last-step` (1 … 8.5), the
 * step last taken.
 */
export function useStepScroll(): void {
  useEffect(() => {
    const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
    let lockedUntil = 0;
    // Where the step in progress is heading: the next decision starts from there, not from a
    // position halfway through the smooth scroll.
    let stepTarget: number | null = null;
    let gesture: WheelGesture | null = null;

    /** The sticky header's height, which the root's scroll-padding-top mirrors. */
    const headerHeight = () => Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;

    const measureSteps = () => {
      const root = document.documentElement;
      const scrollPadding = headerHeight();
      const offsets = Array.from(document.querySelectorAll(STEP_SELECTOR))
        .filter((section) => section.getClientRects().length > 0)
        .map((section) => section.getBoundingClientRect().top + window.scrollY - scrollPadding);
      return { steps: buildSteps(offsets, root.scrollHeight - window.innerHeight), leadIn: Math.max(0, offsets[0] ?? 0) };
    };

    const isOurs = (target: EventTarget | null) =>
      stepScrollEnabled(window.innerWidth, reducedMotion.matches) &&
      !document.querySelector(DIALOG_SELECTOR) &&
      !(target instanceof Element && target.closest(OWN_SCROLL_SELECTOR));

    const step = (direction: 1 | -1, event: Event): StepDecision['kind'] => {
      const now = performance.now();
      if (stepTarget !== null && now > lockedUntil + STEP_SETTLE_MS) stepTarget = null;
      const decision = decideStep({
        ...measureSteps(),
        scrollY: stepTarget ?? window.scrollY,
        viewportHeight: window.innerHeight,
        headerHeight: headerHeight(),
        direction,
        now,
        lockedUntil,
      });
      if (decision.kind === 'native') return decision.kind;
      event.preventDefault();
      if (decision.kind === 'hold') return decision.kind;
      lockedUntil = decision.lockedUntil;
      stepTarget = decision.step.offset;
      document.getElementById('main')?.setAttribute('data-last-step', String(decision.step.index));
      window.scrollTo({ top: decision.step.offset, behavior: 'smooth' });
      return decision.kind;
    };

    const onWheel = (event: WheelEvent) => {
      const direction = wheelDirection(event.deltaX, event.deltaY, event.ctrlKey);
      if (!direction || !isOurs(event.target)) return;
      const distance = wheelDistancePx(event.deltaY, event.deltaMode, window.innerHeight);
      gesture = continueGesture(gesture, direction, distance, performance.now());
      const intent = gestureIntent(gesture);
      if (intent === 'tail') event.preventDefault();
      else if (intent === 'step' && step(direction, event) === 'step') gesture.stepped = true;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const direction = keyDirection(event.key, event);
      if (direction && !event.defaultPrevented && isOurs(event.target)) step(direction, event);
    };
    const onScrollEnd = () => {
      stepTarget = null;
    };

    window.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('scrollend', onScrollEnd);
    document.getElementById('main')?.setAttribute('data-step-scroll', 'ready');
    return () => {
      window.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scrollend', onScrollEnd);
    };
  }, []);
}
