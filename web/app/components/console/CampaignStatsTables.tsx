import { useId } from 'react';
import { conversionLabel, STATS_COLUMNS, type StatsColumn } from '../../../shared/campaign-stats';
import { consoleText } from './console-text';
import { ConsoleTable } from './ConsoleTable';
import './CampaignStatsTables.css';

const text = consoleText.stats;

export type StatsTableRow = { key: string; label: string } & Record<StatsColumn, number>;

const number = (value: number) => value.toLocaleString('ko-KR');

/**
 * One statistics table: a caption, a row per item and the conversion rate. Wide tables scroll
 * sideways inside a focusable region on a phone, so the keyboard can scroll them too.
 */
export function StatsTable({
  caption,
  rows,
  columns = STATS_COLUMNS,
  conversion = true,
}: {
  caption: string;
  rows: readonly StatsTableRow[];
  columns?: readonly StatsColumn[];
  conversion?: boolean;
}) {
  const captionId = useId();
  return (
    // Not a region itself: the scrolling table inside is the one region named by the heading.
    <div className="stats-section">
      <h2 id={captionId}>{caption}</h2>
      {rows.length === 0 ? (
        <p>{text.empty}</p>
      ) : (
        <div className="stats-table" role="region" aria-labelledby={captionId} tabIndex={0}>
          <ConsoleTable columns={[text.label, ...columns.map((column) => text[column]), ...(conversion ? [text.conversion] : [])]}>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {columns.map((column) => (
                  <td key={column}>{number(row[column])}</td>
                ))}
                {conversion ? <td>{conversionLabel(row.registrations, row.visits)}</td> : null}
              </tr>
            ))}
          </ConsoleTable>
        </div>
      )}
    </div>
  );
}
