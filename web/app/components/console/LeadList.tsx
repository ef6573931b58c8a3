import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { callResultLabel } from '../../../shared/call-results';
import type { LeadRow } from '../../../shared/lead-dto';
import { LEAD_FORM_KIND_LABELS } from '../../../shared/lead-form-kinds';
import { seoulDateTime } from '../../../shared/seoul-time';
import { leadPath } from './console-page';
import { leadListText as text } from './lead-text';
import { LeadStatusBadge } from './LeadStatusBadge';
import { RegistrationBadge } from './CustomerRegistrations';
import './LeadList.css';

const columns = text.columns;

/** A cell with its column's name, shown inside the cell only where the rows are cards (phones). */
function Cell({ column, className, children }: { column: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" className={className}>
      <span className="lead-list__label" aria-hidden="true">
        {column}
      </span>
      {children}
    </td>
  );
}

/** Rows ticked for a bulk change: their boxes belong to the form `formId`. */
export type LeadSelection = { formId: string; selected: ReadonlySet<string>; onChange: (ids: string[], ticked: boolean) => void };

/**
 * The lead rows: a table on a wide screen, one card per lead on a phone. The table keeps its
 * roles when CSS turns its rows into cards (a `display: block` table loses them otherwise).
 */
export function LeadList({ rows, busy, selection }: { rows: LeadRow[]; busy: boolean; selection: LeadSelection }) {
  if (rows.length === 0) return null;
  return (
    <table className="lead-list" role="table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">{text.listCaption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col" className="lead-list__select">
            <span className="visually-hidden">{text.selectColumn}</span>
          </th>
          {Object.values(columns).map((column) => (
            <th key={column} role="columnheader" scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={row.id} role="row" className="lead-list__row">
            <td role="cell" className="lead-list__select">
              {/* A visible word voice control can say; the hidden name tells the rows apart. */}
              <label className="lead-list__select-label">
                <input
                  type="checkbox"
                  form={selection.formId}
                  name="lead"
                  value={row.id}
                  checked={selection.selected.has(row.id)}
                  onChange={(event) => selection.onChange([row.id], event.target.checked)}
                />
                <span className="visually-hidden">{row.name} </span>
                {text.selectWord}
              </label>
            </td>
            <Cell column={columns.createdAt} className="lead-list__created">
              {seoulDateTime(row.createdAt)}
            </Cell>
            <Cell column={columns.name} className="lead-list__name">
              <Link to={leadPath(row.id)}>{row.name}</Link> <RegistrationBadge count={row.registrations} />
            </Cell>
            <Cell column={columns.phone} className="lead-list__phone">
              {row.maskedPhone}
            </Cell>
            <Cell column={columns.formKind}>{LEAD_FORM_KIND_LABELS[row.formKind]}</Cell>
            <Cell column={columns.visitAt}>{row.visitAt ?? text.none}</Cell>
            <Cell column={columns.status}>
              <LeadStatusBadge status={row.status} />
            </Cell>
            <Cell column={columns.assignee}>{row.assigneeName ?? text.unassigned}</Cell>
            <Cell column={columns.lastCall}>{row.lastCallResult ? callResultLabel(row.lastCallResult, row.missedCalls) : text.none}</Cell>
            <Cell column={columns.marketing}>{row.marketing ? text.marketingYes : text.marketingNo}</Cell>
            <Cell column={columns.source} className="lead-list__source">
              {row.utmSource || row.utmCampaign ? `${row.utmSource ?? text.none} / ${row.utmCampaign ?? text.none}` : text.none}
            </Cell>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
