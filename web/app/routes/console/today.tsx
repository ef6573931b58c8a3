import { Form, Link } from 'react-router';
import type { Route } from './+types/today';
import { seoulDateTime } from '../../../shared/seoul-time';
import { mayViewOthersWork, todayWhoOf } from '../../../shared/today-work';
import { Field } from '../../components/form/Field';
import { LeadStatusBadge } from '../../components/console/LeadStatusBadge';
import { CONSOLE_HEADERS, consoleMeta, dayLabel, leadPath, seoulTime } from '../../components/console/console-page';
import { todayText as text } from '../../components/console/today-text';
import { requireStaff } from '../../lib/require-staff';
import './today.css';

/** The most rows a list of the page holds (the queries' slice). */
const LIST_MAX = 100;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  const who = todayWhoOf(new URL(request.url).searchParams, staff);
  const canPick = mayViewOthersWork(staff.role);
  const [work, accounts] = await Promise.all([context.todayWork.read(who), canPick ? context.staff.list() : Promise.resolve([])]);
  const choices = accounts.filter((account) => !account.disabled).map((account) => ({ email: account.email, name: account.name }));
  const whoEmail = who === 'all' ? null : who.email;
  const whoName = whoEmail === null ? text.everyone : whoEmail === staff.email ? `${staff.name} (${text.mine})` : (choices.find((choice) => choice.email === whoEmail)?.name ?? whoEmail);
  return { work, canPick, choices, whoEmail, whoName };
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(text.title);
}

function Count({ count }: { count: number }) {
  return <span className="today-section__count">{text.count(count)}</span>;
}

export default function Today({ loaderData }: Route.ComponentProps) {
  const { work, canPick, choices, whoEmail, whoName } = loaderData;
  const showAssignee = whoEmail === null;
  return (
    <div className="console-page today-page">
      <h1 className="console-page__title">{text.title}</h1>
      <p className="today-page__as-of" role="status">
        {text.asOf(dayLabel(work.day), whoName)}
      </p>
      {canPick ? (
        <Form method="get" className="console-filters today-page__who">
          <Field id="today-who" label={text.whoLabel} look="field">
            {(control) => (
              <select {...control} name="who" defaultValue={whoEmail ?? 'all'}>
                <option value="all">{text.everyone}</option>
                {choices.map((choice) => (
                  <option key={choice.email} value={choice.email}>
                    {choice.name} ({choice.email})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <button type="submit" className="button button--primary">
            {text.show}
          </button>
        </Form>
      ) : null}

      <section className="console-panel today-section" aria-labelledby="today-calls">
        <h2 id="today-calls" className="console-panel__heading">
          {text.callsHeading} <Count count={work.calls.length} />
        </h2>
        {work.calls.length === 0 ? (
          <p className="console-panel__empty">{text.callsEmpty}</p>
        ) : (
          <ol className="today-list">
            {work.calls.map((call) => (
              <li key={call.id} className="today-item">
                <p className="today-item__when">
                  {call.overdue ? <span className="today-item__overdue">{text.overdue}</span> : null}
                  {/* Today's by the time only; an earlier day's with its date. */}
                  {text.callbackAt} {seoulDateTime(call.callbackAt).startsWith(work.day) ? seoulTime(call.callbackAt) : seoulDateTime(call.callbackAt)}
                </p>
                <p className="today-item__who">
                  <Link to={leadPath(call.id)}>{call.name}</Link> <span className="today-item__phone">{call.maskedPhone}</span>
                </p>
                <p className="today-item__meta">
                  {call.lastCallResult ? `${text.lastCall}: ${call.lastCallResult} · ` : null}
                  <LeadStatusBadge status={call.status} />
                  {showAssignee ? ` · ${text.assignee}: ${call.assigneeName ?? text.unassigned}` : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        {work.calls.length === LIST_MAX ? <p className="today-section__capped">{text.capped}</p> : null}
      </section>

      <section className="console-panel today-section" aria-labelledby="today-visits">
        <h2 id="today-visits" className="console-panel__heading">
          {text.visitsHeading} <Count count={work.visits.length} />
        </h2>
        {work.visits.length === 0 ? (
          <p className="console-panel__empty">{text.visitsEmpty}</p>
        ) : (
          <ol className="today-list">
            {work.visits.map((visit) => (
              <li key={visit.id} className="today-item">
                <p className="today-item__when">{visit.time}</p>
                <p className="today-item__who">
                  <Link to={leadPath(visit.id)}>{visit.name}</Link> <span className="today-item__phone">{visit.maskedPhone}</span>
                </p>
                <p className="today-item__meta">
                  {visit.checkedInAt ? <strong>{text.checkedIn(seoulTime(visit.checkedInAt))}</strong> : text.waiting}
                  {' · '}
                  <LeadStatusBadge status={visit.status} />
                  {showAssignee ? ` · ${text.assignee}: ${visit.assigneeName ?? text.unassigned}` : null}
                </p>
              </li>
            ))}
          </ol>
        )}
        {work.visits.length === LIST_MAX ? <p className="today-section__capped">{text.capped}</p> : null}
      </section>

      <section className="console-panel today-section" aria-labelledby="today-new">
        <h2 id="today-new" className="console-panel__heading">
          {text.newHeading} <Count count={work.newLeads.length} />
        </h2>
        {work.newLeads.length === 0 ? (
          <p className="console-panel__empty">{text.newEmpty}</p>
        ) : (
          <ol className="today-list">
            {work.newLeads.map((lead) => (
              <li key={lead.id} className="today-item">
                <p className="today-item__when">
                  {text.registered} {seoulDateTime(lead.createdAt)}
                </p>
                <p className="today-item__who">
                  <Link to={leadPath(lead.id)}>{lead.name}</Link> <span className="today-item__phone">{lead.maskedPhone}</span>
                </p>
                <p className="today-item__meta">
                  {text.assignee}: {lead.assigneeName ?? text.unassigned}
                </p>
              </li>
            ))}
          </ol>
        )}
        {work.newLeads.length === LIST_MAX ? <p className="today-section__capped">{text.capped}</p> : null}
      </section>
    </div>
  );
}
