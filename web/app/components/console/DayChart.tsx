import { useId } from 'react';
import { dayLabel, shortDayLabel } from './console-page';
import './DayChart.css';

type Day = { date: string; count: number };

const HEIGHT = 200;
const TOP = 24;
const AXIS = 28;
const PLOT = HEIGHT - TOP - AXIS;
/** A date under every seventh bar, counted back from the last, so today is always labelled. */
const LABEL_EVERY = 7;

/** The top of the scale: 5 at least, else the next 1, 2 or 5 × 10ⁿ, so the grid reads in round numbers. */
export function scaleTop(max: number): number {
  if (max <= 5) return 5;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}

function percent(value: number): string {
  return `${Number(value.toFixed(3))}%`;
}

/**
 * New leads per day as bars, drawn on the server (no chart library, nothing to run in the
 * browser). Positions are percentages so the text keeps its size at any width. Screen readers get
 * a summary (title and desc) and the same numbers in a table.
 */
export function DayChart({ days, title }: { days: Day[]; title: string }) {
  const id = useId();
  const top = scaleTop(Math.max(0, ...days.map((day) => day.count)));
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<Day | null>((best, day) => (day.count > (best?.count ?? 0) ? day : best), null);
  const first = days[0];
  const last = days.at(-1);
  const summary =
    first && last
      ? `${dayLabel(first.date)}부터 ${dayLabel(last.date)}까지 모두 ${total}명` +
        (busiest ? `, 가장 많은 날은 ${dayLabel(busiest.date)} ${busiest.count}명입니다.` : '입니다.')
      : '표시할 날이 없습니다.';
  const slot = 100 / Math.max(1, days.length);
  const yOf = (count: number) => TOP + PLOT * (1 - count / top);

  return (
    <div className="day-chart">
      <svg className="day-chart__svg" width="100%" height={HEIGHT} role="img" aria-labelledby={`${id}-title`} aria-describedby={`${id}-desc`}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {[top, top / 2].filter(Number.isInteger).map((value) => (
          <g key={value} className="day-chart__grid">
            <line x1="0" x2="100%" y1={yOf(value)} y2={yOf(value)} />
            {/* On the left, over the oldest days: the newest bars, at the right, stay clear. */}
            <text x="0" y={yOf(value) - 6}>
              {`${value}명`}
            </text>
          </g>
        ))}
        <line className="day-chart__baseline" x1="0" x2="100%" y1={yOf(0)} y2={yOf(0)} />
        {days.map((day, index) => (
          <rect
            key={day.date}
            className="day-chart__bar"
            x={percent(index * slot + slot * 0.15)}
            width={percent(slot * 0.7)}
            y={yOf(day.count)}
            height={PLOT - (yOf(day.count) - TOP)}
          >
            <title>{`${dayLabel(day.date)} ${day.count}명`}</title>
          </rect>
        ))}
        {days.map((day, index) =>
          (days.length - 1 - index) % LABEL_EVERY === 0 ? (
            <text
              key={day.date}
              className="day-chart__label"
              x={percent(index === days.length - 1 ? 100 : (index + 0.5) * slot)}
              y={HEIGHT - 8}
              textAnchor={index === days.length - 1 ? 'end' : index < 3 ? 'start' : 'middle'}
            >
              {shortDayLabel(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      {/* The chart's desc, shown: screen readers have read it already. */}
      <p className="day-chart__summary" aria-hidden="true">
        {summary}
      </p>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">날짜</th>
            <th scope="col">신규 고객</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{dayLabel(day.date)}</th>
              <td>{`${day.count}명`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
