import { useId } from 'react';
import { teamPerformanceLabels as text, type TeamPerformanceCounts, type TeamPerformanceReport } from '../../../shared/team-performance';
import './CampaignStatsTables.css';

const number = (value: number) => value.toLocaleString('ko-KR');

function Cells({ counts, results }: { counts: TeamPerformanceCounts; results: readonly string[] }) {
  return (
    <>
      <td>{number(counts.assigned)}</td>
      <td>{number(counts.calls)}</td>
      {results.map((result) => (
        <td key={result}>{number(counts.callsByResult[result] ?? 0)}</td>
      ))}
      <td>{number(counts.bookings)}</td>
      <td>{number(counts.visits)}</td>
      <td>{number(counts.contracts)}</td>
    </>
  );
}

/**
 * 상담사별 실적: a row per staff member and day (the 상담사 named in the row header), the range's
 * 합계 last; it scrolls sideways inside a focusable region on a phone like the page's other tables.
 */
export function TeamPerformanceTable({ report }: { report: TeamPerformanceReport }) {
  const captionId = useId();
  const { range, results, rows, totals } = report;
  if (rows.length === 0) return <p>{text.empty}</p>;
  return (
    <div className="stats-table team-performance" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>{text.caption(range.from, range.to)}</caption>
        <thead>
          <tr>
            <th scope="col">{text.day}</th>
            <th scope="col">{text.staff}</th>
            <th scope="col">{text.assigned}</th>
            <th scope="col">{text.calls}</th>
            {results.map((result) => (
              <th scope="col" key={result}>
                {result}
              </th>
            ))}
            <th scope="col">{text.bookings}</th>
            <th scope="col">{text.visits}</th>
            <th scope="col">{text.contracts}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.day} ${row.email}`}>
              <td className="team-performance__day">{row.day}</td>
              <th scope="row">{row.name}</th>
              <Cells counts={row} results={results} />
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td className="team-performance__day">{range.from === range.to ? range.from : `${range.from} ~ ${range.to}`}</td>
            <th scope="row">{text.total}</th>
            <Cells counts={totals} results={results} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
