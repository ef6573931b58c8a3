// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DayChart, scaleTop } from '../../web/app/components/console/DayChart';
import { shiftDay } from '../../web/shared/seoul-time';

const TITLE = '최근 30일 일별 신규 고객';

function thirtyDays(countOf: (index: number) => number) {
  return Array.from({ length: 30 }, (_, index) => ({ date: shiftDay('2026-10-26', index), count: countOf(index) }));
}

function render(days: Array<{ date: string; count: number }>): Document {
  const html = renderToStaticMarkup(<DayChart days={days} title={TITLE} />);
  return new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
}

describe('the dashboard day chart (server-rendered SVG)', () => {
  it.each([
    [0, 5],
    [5, 5],
    [6, 10],
    [11, 20],
    [21, 50],
    [99, 100],
    [101, 200],
    [4321, 5000],
  ])('puts the top of the scale for a busiest day of %i at %i', (max, top) => {
    expect(scaleTop(max)).toBe(top);
  });

  it('names itself for screen readers and gives the same numbers as a table', () => {
    const days = thirtyDays((index) => (index === 29 ? 7 : index % 3));
    const doc = render(days);
    const svg = doc.querySelector('svg[role="img"]')!;
    const title = doc.getElementById(svg.getAttribute('aria-labelledby')!)!;
    const desc = doc.getElementById(svg.getAttribute('aria-describedby')!)!;
    expect(title.tagName.toLowerCase()).toBe('title');
    expect(title.textContent).toBe(TITLE);
    expect(desc.tagName.toLowerCase()).toBe('desc');
    const total = days.reduce((sum, day) => sum + day.count, 0);
    expect(desc.textContent).toBe(`10월 26일 (월)부터 11월 24일 (화)까지 모두 ${total}명, 가장 많은 날은 11월 24일 (화) 7명입니다.`);

    const rows = [...doc.querySelectorAll('table tbody tr')].map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual(['10월 26일 (월)', '0명']);
    expect(rows[29]).toEqual(['11월 24일 (화)', '7명']);
    expect(doc.querySelector('table caption')!.textContent).toBe(TITLE);
  });

  it('draws one bar per day, as tall as its count on the scale, today labelled under the last', () => {
    const doc = render(thirtyDays((index) => index));
    const bars = [...doc.querySelectorAll('rect.day-chart__bar')];
    expect(bars).toHaveLength(30);
    const heights = bars.map((bar) => Number(bar.getAttribute('height')));
    // Top of the scale 50 for a busiest day of 29: 29/50 of the plot height.
    expect(heights[29] / heights[1]).toBeCloseTo(29, 5);
    expect(heights[0]).toBe(0);
    const labels = [...doc.querySelectorAll('text.day-chart__label')].map((label) => label.textContent);
    expect(labels.at(-1)).toBe('11. 24.');
    expect(labels).toHaveLength(5);
  });

  it('labels the scale in whole people only', () => {
    const gridLabels = (busiest: number) =>
      [...render(thirtyDays((index) => (index === 0 ? busiest : 0))).querySelectorAll('.day-chart__grid text')].map((label) => label.textContent);
    expect(gridLabels(3)).toEqual(['5명']);
    expect(gridLabels(7)).toEqual(['10명', '5명']);
    expect(gridLabels(150)).toEqual(['200명', '100명']);
  });

  it('says so when no lead came in', () => {
    const doc = render(thirtyDays(() => 0));
    expect(doc.querySelector('desc')!.textContent).toBe('10월 26일 (월)부터 11월 24일 (화)까지 모두 0명입니다.');
    expect([...doc.querySelectorAll('rect.day-chart__bar')].every((bar) => bar.getAttribute('height') === '0')).toBe(true);
  });
});
