/**
 * The mobile premium slider: advances every 6 s and wraps; dots jump to a slide; a swipe of more
 * than 50 px goes to the next (leftwards) or previous (rightwards) slide. It pauses while anything
 * holds it (a touch, the mouse pointer, keyboard focus, a hidden tab, being out of view or the
 * pause button) and resumes once nothing does.
 */
export const SLIDE_INTERVAL_MS = 6000;
export const SWIPE_THRESHOLD_PX = 50;

export type PauseReason = 'touch' | 'hover' | 'focus' | 'hidden' | 'offscreen' | 'user';

export type SliderState = { index: number; count: number; pausedBy: readonly PauseReason[] };

export type SliderAction =
  { type: 'next' } | { type: 'previous' } | { type: 'go'; index: number } | { type: 'pause'; reason: PauseReason } | { type: 'resume'; reason: PauseReason };

export function createSlider(count: number): SliderState {
  return { index: 0, count, pausedBy: [] };
}

/** `index` brought into 0 … count − 1, wrapping at both ends. */
export function wrapIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((index % count) + count) % count;
}

export function isAutoAdvancing(state: SliderState): boolean {
  return state.count > 1 && state.pausedBy.length === 0;
}

export function sliderReducer(state: SliderState, action: SliderAction): SliderState {
  switch (action.type) {
    case 'next':
      return withIndex(state, state.index + 1);
    case 'previous':
      return withIndex(state, state.index - 1);
    case 'go':
      return withIndex(state, action.index);
    case 'pause':
      return state.pausedBy.includes(action.reason) ? state : { ...state, pausedBy: [...state.pausedBy, action.reason] };
    case 'resume':
      return state.pausedBy.includes(action.reason) ? { ...state, pausedBy: state.pausedBy.filter((reason) => reason !== action.reason) } : state;
  }
}

function withIndex(state: SliderState, index: number): SliderState {
  const wrapped = wrapIndex(index, state.count);
  return wrapped === state.index ? state : { ...state, index: wrapped };
}

/**
 * The slide change a horizontal swipe asks for: a finger moving left by more than the threshold
 * shows the next slide, moving right the previous one; shorter or mostly vertical moves are
 * ignored (they are taps or page scrolls).
 */
export function swipeAction(deltaX: number, deltaY = 0): 'next' | 'previous' | null {
  if (Math.abs(deltaX) <= SWIPE_THRESHOLD_PX || Math.abs(deltaY) > Math.abs(deltaX)) return null;
  return deltaX < 0 ? 'next' : 'previous';
}
