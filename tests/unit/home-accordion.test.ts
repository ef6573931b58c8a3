import { describe, expect, it } from 'vitest';
import { INITIAL_ACCORDION_STATE, headingForOpenItem, toggleAccordion } from '../../web/app/lib/home/accordion';

describe('home accordions: one item open, the open one closes', () => {
  it('starts with the first item open (readable without JS)', () => {
    expect(INITIAL_ACCORDION_STATE).toBe(0);
  });

  it('opening another item closes the open one', () => {
    expect(toggleAccordion(0, 1)).toBe(1);
    expect(toggleAccordion(1, 2)).toBe(2);
  });

  it('activating the open item closes it; activating again reopens it', () => {
    expect(toggleAccordion(2, 2)).toBeNull();
    expect(toggleAccordion(null, 2)).toBe(2);
  });

  it('any sequence leaves at most one item open', () => {
    let open = INITIAL_ACCORDION_STATE;
    for (const index of [0, 0, 1, 2, 2, 1, 0]) {
      open = toggleAccordion(open, index);
      expect(open === null || [0, 1, 2].includes(open)).toBe(true);
    }
    expect(open).toBe(0);
  });
});

describe('unit-plan heading: 타입 안내 · E-모델하우스 · 세대안내', () => {
  const titles = ['타입 안내', 'E-모델하우스'];

  it('names the open item', () => {
    expect(headingForOpenItem(0, titles, '세대안내')).toBe('타입 안내');
    expect(headingForOpenItem(1, titles, '세대안내')).toBe('E-모델하우스');
  });

  it('falls back to the section title when all are closed or the item has no title', () => {
    expect(headingForOpenItem(null, titles, '세대안내')).toBe('세대안내');
    expect(headingForOpenItem(1, ['타입 안내', null], '세대안내')).toBe('세대안내');
  });
});
