import type { PageSection } from '../../lib/content-page';
import './InfoTable.css';

type InfoTableProps = { table: PageSection['table']; caption: string };

/** A table edited in the Studio; the first cell of each row heads that row. */
export function InfoTable({ table, caption }: InfoTableProps) {
  const columns = table?.columns ?? [];
  const rows = table?.rows ?? [];
  if (!columns.length || !rows.length) return null;
  return (
    // Three or more columns scroll sideways on a phone instead of squeezing; focusable so keyboards can scroll.
    <div className={columns.length > 2 ? 'info-table info-table--wide' : 'info-table'} role="region" aria-label={caption} tabIndex={0}>
      <table>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={`${index}-${column}`} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const [first = '', ...rest] = row.cells ?? [];
            return (
              <tr key={row._key}>
                <th scope="row">{first}</th>
                {columns.slice(1).map((column, index) => (
                  <td key={`${index}-${column}`}>{rest[index] ?? ''}</td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
