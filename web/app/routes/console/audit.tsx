import { data, Form, Link, redirect, useNavigation } from 'react-router';
import type { Route } from './+types/audit';
import { AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_TEAM_SCOPE, type AuditAction } from '../../../shared/audit-actions';
import { FILTER_CONTROL_MESSAGE, hasControlCharacter } from '../../../shared/control-characters';
import { auditScopeOf, type StaffRole } from '../../../shared/staff-roles';
import { AUDIT_EXPORT_PATH, auditFiltersToParams, parseAuditFilters } from '../../../shared/audit-filters';
import { maskName, readableAuditDetail } from '../../../shared/audit-readable';
import { seoulDateTime } from '../../../shared/seoul-time';
import { Field } from '../../components/form/Field';
import { consoleText } from '../../components/console/console-text';
import { consoleMeta } from '../../components/console/console-page';
import { ConsoleTable } from '../../components/console/ConsoleTable';
import { ExportForm } from '../../components/console/ExportForm';
import '../../components/console/audit.css';
import { requireStaffWho, type StaffRequest } from '../../lib/require-staff';
import { startedByAnotherSite } from '../../../shared/cross-site';

const text = consoleText.audit;
const PAGE_SIZE = 50;
const AUDIT_PATH = '/admin/audit';
/** The most customers a search offers to choose from. */
const CUSTOMER_CHOICES = 20;
const CUSTOMER_QUERY_MAX = 100;

/** The 관리자 reads the whole trail, a 팀장 the team's part (refused: a 상담사). */
function requireAuditReader(asked: StaffRequest, context: Route.LoaderArgs['context']) {
  return requireStaffWho(asked, context, (role: StaffRole) => auditScopeOf(role) !== null, text.forbidden);
}

/** Records whose target is a lead id (the others name an account, or nothing). */
const LEAD_ACTIONS: ReadonlySet<AuditAction> = new Set([
  'leadView',
  'phoneReveal',
  'phoneSearch',
  'leadChange',
  'leadMemo',
  'leadCall',
  'visitCheckIn',
  'visitCheckInUndo',
]);

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireAuditReader({ request, url }, context);
  const team = auditScopeOf(staff.role) === 'team';
  const params = url.searchParams;
  const { filters, invalid, filterError, rangeError } = parseAuditFilters(params);
  const query = auditFiltersToParams(filters).toString();
  // Another site's link reads the trail in the admin's name (and is recorded as their look): not
  // until they follow our own link.
  if (startedByAnotherSite(request.headers.get('sec-fetch-site'))) {
    const own = query ? `${AUDIT_PATH}?${query}` : AUDIT_PATH;
    return data({ filters, invalid, filterError, rangeError, query, entries: [], next: null, paged: false, customerName: null, openedElsewhere: own, team });
  }
  const cursor = params.get('cursor') ?? undefined;
  const page = await context.audit.list({ ...filters, cursor, limit: PAGE_SIZE, ...(team ? { scope: 'team' as const } : {}) });
  // Reading the trail is itself recorded (who looked at whose records).
  await context.audit.record({ actor: staff.email, action: 'auditView', ip: context.clientIp, detail: query || null });
  const leadIds = page.entries.filter((entry) => entry.target && LEAD_ACTIONS.has(entry.action)).map((entry) => entry.target as string);
  const names = await context.leadNames.masked(filters.lead ? [...leadIds, filters.lead] : leadIds);
  const entries = page.entries.map((entry) => ({
    ...entry,
    customer: entry.target && LEAD_ACTIONS.has(entry.action) ? { id: entry.target, name: names[entry.target] ?? null } : null,
    readable: readableAuditDetail(entry.action, entry.detail),
  }));
  const customerName = filters.lead ? (names[filters.lead] ?? null) : null;
  // A date that is not one is the request's fault: 400, with the page and the message.
  return data(
    { filters, invalid, filterError, rangeError, query, entries, next: page.next, paged: Boolean(cursor), customerName, openedElsewhere: null, team },
    { status: filterError ? 400 : 200 },
  );
}

/**
 * 고객으로 찾기: a name or a phone number (posted, so a whole number never sits in an address)
 * resolves to leads through the lead list's search (a whole number recorded as a lookup); one
 * match goes straight to its records (`?lead=`), several are offered to choose from.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = requireAuditReader({ request, url }, context);
  const form = await request.formData().catch(() => null);
  const customer = String(form?.get('customer') ?? '').trim();
  if (!customer) return data({ customerError: text.customerRequired, choices: [] }, { status: 400 });
  if (customer.length > CUSTOMER_QUERY_MAX) return data({ customerError: text.customerTooLong, choices: [] }, { status: 400 });
  if (hasControlCharacter(customer)) return data({ customerError: FILTER_CONTROL_MESSAGE, choices: [] }, { status: 400 });
  const found = await context.leadConsole.list({ q: customer }, { limit: CUSTOMER_CHOICES }, { ...staff, ip: context.clientIp });
  if (found.rows.length === 1) return redirect(`${AUDIT_PATH}?${new URLSearchParams({ lead: found.rows[0].id })}`);
  if (found.rows.length === 0) return data({ customerError: text.customerNone, choices: [] }, { status: 200 });
  return {
    customerError: null,
    more: found.next !== null,
    choices: found.rows.map((row) => ({ id: row.id, name: maskName(row.name), maskedPhone: row.maskedPhone, createdAt: row.createdAt })),
  };
}

export function meta() {
  return consoleMeta(text.title);
}

export default function Audit({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, invalid, filterError, rangeError, query, entries, next, paged, customerName, openedElsewhere, team } = loaderData;
  const actions = team ? AUDIT_ACTIONS.filter((action) => AUDIT_TEAM_SCOPE.customer.includes(action) || AUDIT_TEAM_SCOPE.team.includes(action)) : AUDIT_ACTIONS;
  const navigation = useNavigation();
  const searching = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const withQuery = (extra: Record<string, string>) => {
    const params = new URLSearchParams(query);
    for (const [key, value] of Object.entries(extra)) params.set(key, value);
    const search = params.toString();
    return search ? `?${search}` : '';
  };
  const withoutLead = () => {
    const params = new URLSearchParams(query);
    params.delete('lead');
    const search = params.toString();
    return search ? `${AUDIT_PATH}?${search}` : AUDIT_PATH;
  };
  const customerError = actionData && 'customerError' in actionData ? actionData.customerError : null;
  const choices = actionData && 'choices' in actionData ? actionData.choices : [];
  return (
    <>
      <h1>{text.title}</h1>
      <p>{team ? text.teamIntro : text.intro}</p>
      {openedElsewhere ? (
        <p className="console-alert" role="alert">
          {text.openedElsewhere} <Link to={openedElsewhere}>{text.showAnyway}</Link>
        </p>
      ) : null}
      {invalid.length ? (
        <p className="console-alert console-alert--error" role="alert">
          {[filterError, text.invalid + invalid.map((name) => text.fieldNames[name]).join(', ')].filter(Boolean).join(' ')}
        </p>
      ) : null}
      {rangeError ? (
        <p className="console-alert console-alert--error" role="alert">
          {rangeError}
        </p>
      ) : null}
      {filters.lead ? (
        <p className="audit-customer-filter">
          {customerName ? text.customerFilter(customerName) : text.customerFilterUnknown} <Link to={withoutLead()}>{text.allCustomers}</Link>
        </p>
      ) : null}

      <section className="audit-customer" aria-labelledby="audit-customer-heading">
        <h2 id="audit-customer-heading">{text.customerHeading}</h2>
        {/* Renewed with the customer shown: a number typed in does not stay on the screen. */}
        <Form method="post" className="console-form audit-customer__form" key={filters.lead ?? ''}>
          <Field id="audit-customer" label={text.customer} hint={text.customerHint} error={customerError ?? undefined} look="field">
            {(control) => <input {...control} type="search" name="customer" maxLength={CUSTOMER_QUERY_MAX} autoComplete="off" />}
          </Field>
          <button type="submit" className="button button--primary" disabled={searching}>
            {text.findCustomer}
          </button>
        </Form>
        {/* Announced where focus stays: no match, or the customers to choose from. */}
        <div role="status" className="audit-customer__result">
          {choices.length > 0 ? (
            <>
              <p>{text.customerChoose(choices.length, Boolean(actionData && 'more' in actionData && actionData.more))}</p>
              <ul className="audit-customer__choices">
                {choices.map((choice) => (
                  <li key={choice.id}>
                    <Link to={`${AUDIT_PATH}?${new URLSearchParams({ lead: choice.id })}`}>
                      {choice.name} {choice.maskedPhone} ({seoulDateTime(choice.createdAt)} 등록)
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      </section>

      <h2>{text.filtersHeading}</h2>
      <Form method="get" className="console-filters audit-filters">
        {filters.lead ? <input type="hidden" name="lead" value={filters.lead} /> : null}
        <Field id="audit-action" label={text.action} look="field">
          {(control) => (
            <select {...control} name="action" defaultValue={filters.action ?? ''}>
              <option value="">{text.allActions}</option>
              {actions.map((action) => (
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
      <ExportForm
        id="audit-export"
        params={new URLSearchParams(query)}
        note={text.exportNote}
        downloads={[{ path: AUDIT_EXPORT_PATH, label: text.exportCsv }]}
      />
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
              <td data-label={text.target} className={entry.customer ? 'audit-table__customer' : undefined}>
                {entry.customer ? (
                  filters.lead === entry.customer.id ? (
                    (entry.customer.name ?? entry.customer.id)
                  ) : (
                    <Link
                      to={`${AUDIT_PATH}?${new URLSearchParams({ lead: entry.customer.id })}`}
                      aria-label={text.customerRecords(entry.customer.name ?? entry.customer.id)}
                    >
                      {entry.customer.name ?? entry.customer.id}
                    </Link>
                  )
                ) : (
                  (entry.target ?? '')
                )}
              </td>
              <td data-label={text.detail}>{entry.readable}</td>
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
