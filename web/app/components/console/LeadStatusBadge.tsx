import { LEAD_STATUSES, LEAD_STATUS_LABELS, type LeadStatus } from '../../../shared/lead-status';
import './LeadStatusBadge.css';

/** A lead's status as a small coloured label (the word carries the meaning; colour only helps). */
export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <span className={`lead-status lead-status--${status}`}>{LEAD_STATUS_LABELS[status]}</span>;
}

/** Every status as an option of a select, in the order a lead moves through them. */
export function LeadStatusOptions() {
  return LEAD_STATUSES.map((status) => (
    <option key={status} value={status}>
      {LEAD_STATUS_LABELS[status]}
    </option>
  ));
}
