import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/visits';
import { mayUndoCheckIn } from '../../../shared/console';
import { isDay, seoulDay } from '../../../shared/seoul-time';
import { requireStaff } from '../../lib/require-staff';
import { CONSOLE_HEADERS, consoleMeta } from '../../components/console/console-page';
import { checkInMessage, VisitSheet, VISITS_TEXT, type CheckInOutcome } from '../../components/console/VisitSheet';

/** Longer than any date; a longer value is cut in the message that quotes it back. */
const QUOTED_INPUT_MAX = 20;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  const today = seoulDay(Date.now());
  const canUndo = mayUndoCheckIn(staff.role);
  const asked = (new URL(request.url).searchParams.get('date') ?? '').trim();
  if (asked && !isDay(asked)) {
    return data({ today, date: today, canUndo, sheet: null, dateError: VISITS_TEXT.badDate(asked.slice(0, QUOTED_INPUT_MAX)) }, { status: 400 });
  }
  const date = asked || today;
  return { today, date, canUndo, sheet: await context.leadConsole.visits(date), dateError: null };
}

const REFUSAL_STATUS = { notFound: 404, forbidden: 403, notYours: 403, notToday: 409, invalid: 400 } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
  const form = await request.formData().catch(() => null);
  const leadId = form?.get('leadId');
  const rev = form?.get('rev');
  const intent = form?.get('intent');
  if ((intent !== 'checkIn' && intent !== 'undoCheckIn') || typeof leadId !== 'string' || !leadId || typeof rev !== 'string' || !rev) {
    return data<CheckInOutcome>({ outcome: 'invalid' }, { status: 400 });
  }
  const actor = { ...staff, ip: context.clientIp };
  const undo = intent === 'undoCheckIn';
  const result = undo ? await context.leadConsole.undoCheckIn(leadId, rev, actor) : await context.leadConsole.checkIn(leadId, rev, actor);
  if (result.ok) {
    const { name, checkedInAt } = result.lead;
    return data<CheckInOutcome>(undo ? { outcome: 'undone', leadId, name } : { outcome: 'checkedIn', leadId, name, at: checkedInAt });
  }
  if (result.error === 'conflict') {
    const { name, status, checkedInAt } = result.current;
    return data<CheckInOutcome>({ outcome: 'conflict', leadId, name, alreadyVisited: !undo && status === 'visited', at: checkedInAt }, { status: 409 });
  }
  return data<CheckInOutcome>({ outcome: result.error }, { status: REFUSAL_STATUS[result.error] });
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
  const { today, date, canUndo, sheet, dateError } = loaderData;
  const notice = dateError
    ? { text: dateError, error: true, key: `date:${dateError}` }
    : actionData
      ? {
          text: checkInMessage(actionData),
          error: actionData.outcome !== 'checkedIn' && actionData.outcome !== 'undone',
          key: JSON.stringify(actionData),
          leadId: 'leadId' in actionData ? actionData.leadId : undefined,
        }
      : null;
  return <VisitSheet date={date} today={today} canUndo={canUndo} sheet={sheet} notice={notice} />;
}
