/**
 * The audit page's filters (action, actor, Seoul days from/to, one customer), read the same way from a URL by
 * the page and by the CSV export, so the export has exactly the rows the page shows.
 */
import { AUDIT_ACTIONS, type AuditAction } from './audit-actions';
import { FILTER_CONTROL_MESSAGE, hasControlCharacter } from './control-characters';
import { DAY_FORMAT_MESSAGE, isDay, REVERSED_RANGE_MESSAGE } from './seoul-time';

/** The audit trail's CSV export (an Express route: streamed), with the page's filters as its query. */
export const AUDIT_EXPORT_PATH = '/admin/audit/export.csv';

/** `lead`: the records about one customer (a lead id, as a lead page links it). */
export type AuditFilters = { action?: AuditAction; actor?: string; from?: string; to?: string; lead?: string };

/** A lead id as the stores make them (a UUID, `lead-…`): nothing else is looked for. */
const LEAD_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

const MAX_ACTOR_LENGTH = 254;

/**
 * Valid values only; the names of the ones left out are in `invalid` (the page says so); a date
 * that is not a day, or an actor with a control character, gives `filterError` and a start after the end (both days then left out)
 * `rangeError`, the messages every console date filter answers with.
 */
export function parseAuditFilters(params: URLSearchParams): {
  filters: AuditFilters;
  invalid: Array<keyof AuditFilters>;
  filterError: string | null;
  rangeError: string | null;
} {
  const filters: AuditFilters = {};
  const invalid: Array<keyof AuditFilters> = [];
  const text = (name: string) => (params.get(name) ?? '').trim();
  const action = text('action');
  if (action) {
    if ((AUDIT_ACTIONS as readonly string[]).includes(action)) filters.action = action as AuditAction;
    else invalid.push('action');
  }
  const actor = text('actor').toLowerCase();
  if (actor) {
    if (actor.length <= MAX_ACTOR_LENGTH && !hasControlCharacter(actor)) filters.actor = actor;
    else invalid.push('actor');
  }
  const lead = text('lead');
  if (lead) {
    if (LEAD_ID.test(lead)) filters.lead = lead;
    else invalid.push('lead');
  }
  for (const key of ['from', 'to'] as const) {
    const value = text(key);
    if (!value) continue;
    if (isDay(value)) filters[key] = value;
    else invalid.push(key);
  }
  // A control character in the actor is the request's fault, answered as a wrong date is (400).
  const filterError = invalid.includes('from') || invalid.includes('to') ? DAY_FORMAT_MESSAGE : hasControlCharacter(actor) ? FILTER_CONTROL_MESSAGE : null;
  if (filters.from && filters.to && filters.from > filters.to) {
    delete filters.from;
    delete filters.to;
    return { filters, invalid, filterError, rangeError: REVERSED_RANGE_MESSAGE };
  }
  return { filters, invalid, filterError, rangeError: null };
}

export function auditFiltersToParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  return params;
}
