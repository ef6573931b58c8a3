import type { ReactNode } from 'react';
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

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  const who = todayWhoOf(url.searchParams, staff);
  const canPick = mayViewOthersWork(staff.role);
  const [work, accounts] = await Promise.all([context.todayWork.read(who), canPick ? context.staff.list() : Promise.resolve([])]);
  const choices = accounts.filter((account) => !account.disabled).map((account) => ({ email: account.email, name: account.name }));
  const whoEmail = who === 'all' ? null : who.email;
  const whoName =
    whoEmail === null
      ? text.everyone
      : whoEmail === staff.email
        ? `${staff.name} (${text.mine})`
        : (choices.find((choice) => choice.email === whoEmail)?.name ?? whoEmail);
  return { work, canPick, choices, whoEmail, whoName };
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(text.title);
}

/** One list of the day: its heading with the count, its rows (the caller's), or its empty state. */
function TodaySection<Item extends { id: string }>({
  id,
  heading,
  empty,
  items,
  children,
}: {
  id: string;
  heading: string;
  empty: string;
  items: Item[];
  children: (item: Item) => ReactNode;
}) {
  return (
    <section className="console-panel today-section" aria-labelledby={id}>
      <h2 id={id} className="console-panel__heading">
        {heading} <span className="today-section__count">{text.count(items.length)}</span>
      </h2>
      {items.length === 0 ? (
        <p className="console-panel__empty">{empty}</p>
      ) : (
        <ol className="today-list">
          {items.map((item) => (
            <li key={item.id} className="today-item">
              {children(item)}
            </li>
          ))}
        </ol>
      )}
      {items.length === LIST_MAX ? <p className="today-section__capped">{text.capped}</p> : null}
    </section>
  );
}

/** The customer's name (their page) and masked phone. */
function LeadLine({ lead }: { lead: { id: string; name: string; maskedPhone: string } }) {
  return (
    <p className="today-item__who">
      <Link to={leadPath(lead.id)}>{lead.name}</Link> <span className="today-item__phone">{lead.maskedPhone}</span>
    </p>
  );
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

      <TodaySection id="today-calls" heading={text.callsHeading} empty={text.callsEmpty} items={work.calls}>
        {(call) => (
          <>
            <p className="today-item__when">
              {call.overdue ? <span className="today-item__overdue">{text.overdue}</span> : null}
              {/* Today's by the time only; an earlier day's with its date. */}
              {text.callbackAt} {seoulDateTime(call.callbackAt).startsWith(work.day) ? seoulTime(call.callbackAt) : seoulDateTime(call.callbackAt)}
            </p>
            <LeadLine lead={call} />
            <p className="today-item__meta">
              {call.lastCallResult ? `${text.lastCall}: ${call.lastCallResult} · ` : null}
              <LeadStatusBadge status={call.status} />
              {showAssignee ? ` · ${text.assignee}: ${call.assigneeName ?? text.unassigned}` : null}
            </p>
          </>
        )}
      </TodaySection>
      <TodaySection id="today-visits" heading={text.visitsHeading} empty={text.visitsEmpty} items={work.visits}>
        {(visit) => (
          <>
            <p className="today-item__when">{visit.time}</p>
            <LeadLine lead={visit} />
            <p className="today-item__meta">
              {visit.checkedInAt ? <strong>{text.checkedIn(seoulTime(visit.checkedInAt))}</strong> : text.waiting}
              {' · '}
              <LeadStatusBadge status={visit.status} />
              {showAssignee ? ` · ${text.assignee}: ${visit.assigneeName ?? text.unassigned}` : null}
            </p>
          </>
        )}
      </TodaySection>
      <TodaySection id="today-new" heading={text.newHeading} empty={text.newEmpty} items={work.newLeads}>
        {(lead) => (
          <>
            <p className="today-item__when">
              {lead.returning ? <span className="today-item__returning">{text.returningMark}</span> : null}
              {text.registered} {seoulDateTime(lead.createdAt)}
            </p>
            <LeadLine lead={lead} />
            <p className="today-item__meta">
              {text.assignee}: {lead.assigneeName ?? text.unassigned}
            </p>
          </>
        )}
      </TodaySection>
      <TodaySection id="today-returning" heading={text.returningHeading} empty={text.returningEmpty} items={work.returning}>
        {(customer) => (
          <>
            <p className="today-item__when">
              {text.registered} {seoulDateTime(customer.createdAt)} · {text.lastCall} {seoulDateTime(customer.lastCallAt)}
            </p>
            <LeadLine lead={customer} />
            <p className="today-item__meta">
              {text.registrations(customer.registrations)} · <LeadStatusBadge status={customer.status} />
              {showAssignee ? ` · ${text.assignee}: ${customer.assigneeName ?? text.unassigned}` : null}
            </p>
          </>
        )}
      </TodaySection>
    </div>
  );
}
