import { describe, expect, it } from 'vitest';
import { SLIDE_INTERVAL_MS, SWIPE_THRESHOLD_PX, createSlider, isAutoAdvancing, sliderReducer, swipeAction, wrapIndex } from '../../web/app/lib/home/slider';

describe('premium slider', () => {
  it('has the spec constants: 6 s interval, 50 px swipe threshold', () => {
    expect(SLIDE_INTERVAL_MS).toBe(6000);
    expect(SWIPE_THRESHOLD_PX).toBe(50);
  });

  it('next and previous wrap around six slides', () => {
    let state = createSlider(6);
    const seen: number[] = [];
    for (let step = 0; step < 7; step += 1) {
      state = sliderReducer(state, { type: 'next' });
      seen.push(state.index);
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 0, 1]);
    expect(sliderReducer(createSlider(6), { type: 'previous' }).index).toBe(5);
  });

  it('a dot goes to its slide', () => {
    expect(sliderReducer(createSlider(6), { type: 'go', index: 4 }).index).toBe(4);
  });

  it('wrapIndex handles negatives, overshoot and empty sliders', () => {
    expect(wrapIndex(-1, 6)).toBe(5);
    expect(wrapIndex(13, 6)).toBe(1);
    expect(wrapIndex(3, 0)).toBe(0);
  });

  it('swipes over 50 px: left → next, right → previous; 50 px or less does nothing', () => {
    expect(swipeAction(-51)).toBe('next');
    expect(swipeAction(51)).toBe('previous');
    expect(swipeAction(-50)).toBeNull();
    expect(swipeAction(50)).toBeNull();
    expect(swipeAction(0)).toBeNull();
  });

  it('a mostly vertical move is a page scroll, not a swipe', () => {
    expect(swipeAction(-60, 120)).toBeNull();
    expect(swipeAction(-120, 60)).toBe('next');
  });

  it('auto-advances only while nothing holds it, and resumes once every hold is released', () => {
    let state = createSlider(6);
    expect(isAutoAdvancing(state)).toBe(true);
    state = sliderReducer(state, { type: 'pause', reason: 'touch' });
    state = sliderReducer(state, { type: 'pause', reason: 'hidden' });
    state = sliderReducer(state, { type: 'pause', reason: 'touch' });
    expect(isAutoAdvancing(state)).toBe(false);
    state = sliderReducer(state, { type: 'resume', reason: 'touch' });
    expect(isAutoAdvancing(state)).toBe(false);
    state = sliderReducer(state, { type: 'resume', reason: 'hidden' });
    expect(isAutoAdvancing(state)).toBe(true);
  });

  it('each pause reason (touch, hover, focus, hidden tab, out of view, pause button) stops it', () => {
    for (const reason of ['touch', 'hover', 'focus', 'hidden', 'offscreen', 'user'] as const) {
      expect(isAutoAdvancing(sliderReducer(createSlider(6), { type: 'pause', reason }))).toBe(false);
    }
  });

  it('a single slide never auto-advances', () => {
    expect(isAutoAdvancing(createSlider(1))).toBe(false);
  });
});
