import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/visits';
import { isDay, seoulDay } from '../../../shared/seoul-time';
import { requireStaff } from '../../lib/require-staff';
import { CONSOLE_HEADERS, consoleMeta } from '../../components/console/console-page';
import { checkInMessage, VisitSheet, VISITS_TEXT, type CheckInOutcome } from '../../components/console/VisitSheet';

/** Longer than any date; a longer value is cut in the message that quotes it back. */
const QUOTED_INPUT_MAX = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireStaff(request, context);
  const today = seoulDay(Date.now());
  const asked = (new URL(request.url).searchParams.get('date') ?? '').trim();
  if (asked && !isDay(asked)) {
    return data({ today, date: today, sheet: null, dateError: VISITS_TEXT.badDate(asked.slice(0, QUOTED_INPUT_MAX)) }, { status: 400 });
  }
  const date = asked || today;
  return { today, date, sheet: await context.leadConsole.visits(date), dateError: null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const form = await request.formData().catch(() => null);
  const leadId = form?.get('leadId');
  const rev = form?.get('rev');
  if (form?.get('intent') !== 'checkIn' || typeof leadId !== 'string' || !leadId || typeof rev !== 'string' || !rev) {
    return data<CheckInOutcome>({ outcome: 'invalid' }, { status: 400 });
  }
  const result = await context.leadConsole.checkIn(leadId, rev, { ...staff, ip: context.clientIp });
  if (result.ok) return data<CheckInOutcome>({ outcome: 'checkedIn', leadId, name: result.lead.name, at: result.lead.checkedInAt });
  if (result.error === 'conflict') {
    const { name, status, checkedInAt } = result.current;
    return data<CheckInOutcome>({ outcome: 'conflict', leadId, name, alreadyVisited: status === 'visited', at: checkedInAt }, { status: 409 });
  }
  return data<CheckInOutcome>({ outcome: result.error }, { status: result.error === 'notFound' ? 404 : 400 });
}

/** A refused check-in (409) still reloads the sheet: the message points at its current state. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return formMethod === 'POST' || defaultShouldRevalidate;
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(VISITS_TEXT.title);
}

export default function Visits({ loaderData, actionData }: Route.ComponentProps) {
  const { today, date, sheet, dateError } = loaderData;
  const notice = dateError
    ? { text: dateError, error: true, key: `date:${dateError}` }
    : actionData
      ? {
          text: checkInMessage(actionData),
          error: actionData.outcome !== 'checkedIn',
          key: JSON.stringify(actionData),
          leadId: 'leadId' in actionData ? actionData.leadId : undefined,
        }
      : null;
  return <VisitSheet date={date} today={today} sheet={sheet} notice={notice} />;
}
