import { data, Form, Link } from 'react-router';
import type { Route } from './+types/audit';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS } from '../../../shared/console';
import { AUDIT_EXPORT_PATH, auditFiltersToParams, parseAuditFilters } from '../../../shared/audit-filters';
import { seoulDateTime } from '../../../shared/seoul-time';
import { Field } from '../../components/form/Field';
import { consoleText } from '../../components/console/console-text';
import { consoleMeta } from '../../components/console/console-page';
import { ConsoleTable } from '../../components/console/ConsoleTable';
import { ExportForm } from '../../components/console/ExportForm';
import '../../components/console/audit.css';
import { requireStaff } from '../../lib/require-staff';

const text = consoleText.audit;
const PAGE_SIZE = 50;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context, 'admin');
  const params = new URL(request.url).searchParams;
  const { filters, invalid, dateError, rangeError } = parseAuditFilters(params);
  const cursor = params.get('cursor') ?? undefined;
  const page = await context.audit.list({ ...filters, cursor, limit: PAGE_SIZE });
  const query = auditFiltersToParams(filters).toString();
  // Reading the trail is itself recorded (who looked at whose records).
  await context.audit.record({ actor: staff.email, action: 'auditView', ip: context.clientIp, detail: query || null });
  // A date that is not one is the request's fault: 400, with the page and the message.
  return data({ filters, invalid, dateError, rangeError, query, entries: page.entries, next: page.next, paged: Boolean(cursor) }, { status: dateError ? 400 : 200 });
}

export function meta() {
  return consoleMeta(text.title);
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const { filters, invalid, dateError, rangeError, query, entries, next, paged } = loaderData;
  const withQuery = (extra: Record<string, string>) => {
    const params = new URLSearchParams(query);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    const search = params.toString();
    return search ? `?${search}` : '';
  };
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.intro}</p>
      {invalid.length ? (
        <p className="console-alert console-alert--error" role="alert">
          {[dateError, text.invalid + invalid.map((name) => text.fieldNames[name]).join(', ')].filter(Boolean).join(' ')}
        </p>
      ) : null}
      {rangeError ? (
        <p className="console-alert console-alert--error" role="alert">
          {rangeError}
        </p>
      ) : null}
      <h2>{text.filtersHeading}</h2>
      <Form method="get" className="console-filters audit-filters">
        <Field id="audit-action" label={text.action} look="field">
          {(control) => (
            <select {...control} name="action" defaultValue={filters.action ?? ''}>
              <option value="">{text.allActions}</option>
              {AUDIT_ACTIONS.map((action) => (
                <option key={action} value={action}>
                  {AUDIT_ACTION_LABELS[action]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="audit-actor" label={text.actor} look="field">
          {(control) => <input {...control} type="text" name="actor" inputMode="email" defaultValue={filters.actor ?? ''} maxLength={254} />}
        </Field>
        <Field id="audit-from" label={text.from} look="field">
          {(control) => <input {...control} type="date" name="from" defaultValue={filters.from ?? ''} />}
        </Field>
        <Field id="audit-to" label={text.to} look="field">
          {(control) => <input {...control} type="date" name="to" defaultValue={filters.to ?? ''} />}
        </Field>
        <div className="audit-filters__buttons">
          <button type="submit" className="button button--primary">
            {text.search}
          </button>
        </div>
      </Form>
      <ExportForm id="audit-export" params={new URLSearchParams(query)} note={text.exportNote} downloads={[{ path: AUDIT_EXPORT_PATH, label: text.exportCsv }]} />
      {/* Always there, so that a new search's result is announced where focus stays (조회). */}
      <p className="audit-result" role="status">
        {entries.length === 0 ? text.empty : text.found(entries.length, next !== null)}
      </p>
      {entries.length === 0 ? null : (
        <ConsoleTable className="audit-table" columns={[text.at, text.action, text.actorColumn, text.target, text.detail, text.ip]}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td data-label={text.at}>{seoulDateTime(entry.at, 'second')}</td>
              <td data-label={text.action}>{AUDIT_ACTION_LABELS[entry.action] ?? entry.action}</td>
              <td data-label={text.actorColumn}>{entry.actor}</td>
              <td data-label={text.target}>{entry.target ?? ''}</td>
              <td data-label={text.detail}>{entry.detail ?? ''}</td>
              <td data-label={text.ip}>{entry.ip}</td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <p className="audit-paging">
        {paged ? <Link to={withQuery({})}>{text.first}</Link> : null}
        {next ? <Link to={withQuery({ cursor: next })}>{text.next}</Link> : null}
      </p>
    </>
  );
}
