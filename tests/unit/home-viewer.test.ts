import { describe, expect, it } from 'vitest';
import { UNIT_PLAN_FADE_MS, canGoNext, canGoPrevious, viewerReducer } from '../../web/app/lib/home/viewer';

const at = (index: number) => ({ index, count: 3 });

describe('unit-type viewer (40 · 59A · 59B)', () => {
  it('previous is active only above index 0, next only below the last', () => {
    expect([0, 1, 2].map((index) => canGoPrevious(at(index)))).toEqual([false, true, true]);
    expect([0, 1, 2].map((index) => canGoNext(at(index)))).toEqual([true, true, false]);
  });

  it('arrows move one type and stop at the ends (no wrap)', () => {
    expect(viewerReducer(at(0), { type: 'next' })).toEqual(at(1));
    expect(viewerReducer(at(1), { type: 'next' })).toEqual(at(2));
    expect(viewerReducer(at(2), { type: 'next' })).toEqual(at(2));
    expect(viewerReducer(at(1), { type: 'previous' })).toEqual(at(0));
    expect(viewerReducer(at(0), { type: 'previous' })).toEqual(at(0));
  });

  it('a type button selects its type; out-of-range selections are clamped', () => {
    expect(viewerReducer(at(0), { type: 'select', index: 2 })).toEqual(at(2));
    expect(viewerReducer(at(0), { type: 'select', index: 7 })).toEqual(at(2));
    expect(viewerReducer(at(2), { type: 'select', index: -1 })).toEqual(at(0));
  });

  it('an action that changes nothing keeps the same state object (no re-render)', () => {
    const state = at(2);
    expect(viewerReducer(state, { type: 'next' })).toBe(state);
  });

  it('a single type has both arrows disabled', () => {
    expect(canGoPrevious({ index: 0, count: 1 })).toBe(false);
    expect(canGoNext({ index: 0, count: 1 })).toBe(false);
  });

  it('the plan fades in over 500 ms', () => {
    expect(UNIT_PLAN_FADE_MS).toBe(500);
  });
});
