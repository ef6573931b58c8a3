/**
 * The unit-type viewer (40 · 59A · 59B): an index from 0 to count − 1 moved by the type buttons
 * and the previous/next arrows. The arrows stop at the ends (no wrap-around).
 */
export const UNIT_PLAN_FADE_MS = 500;

export type ViewerState = { index: number; count: number };

export type ViewerAction = { type: 'previous' } | { type: 'next' } | { type: 'select'; index: number };

export function canGoPrevious({ index }: ViewerState): boolean {
  return index > 0;
}

export function canGoNext({ index, count }: ViewerState): boolean {
  return index < count - 1;
}

export function viewerReducer(state: ViewerState, action: ViewerAction): ViewerState {
  const last = Math.max(state.count - 1, 0);
  const wanted = action.type === 'previous' ? state.index - 1 : action.type === 'next' ? state.index + 1 : action.index;
  const index = Math.min(Math.max(Math.trunc(wanted), 0), last);
  return index === state.index ? state : { ...state, index };
}
