import { data, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { Route } from './+types/visits';
import { mayManageLeads, mayUndoCheckIn } from '../../../shared/staff-roles';
import { isDay, seoulDay } from '../../../shared/seoul-time';
import { requireStaff } from '../../lib/require-staff';
import { useAnswerCount } from '../../lib/answer-count';
import { CONSOLE_HEADERS, consoleMeta } from '../../components/console/console-page';
import { VisitSheet } from '../../components/console/VisitSheet';
import { checkInMessage, VISITS_TEXT, type CheckInOutcome } from '../../components/console/visit-text';
import { deskFailed, deskMessage, DeskRegistrationForm, type DeskOutcome } from '../../components/console/DeskRegistrationForm';

/** Longer than any date; a longer value is cut in the message that quotes it back. */
const QUOTED_INPUT_MAX = 20;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  const today = seoulDay(Date.now());
  const canUndo = mayUndoCheckIn(staff.role);
  const mayMessage = mayManageLeads(staff.role);
  const asked = (url.searchParams.get('date') ?? '').trim();
  if (asked && !isDay(asked)) {
    const dateError = VISITS_TEXT.badDate(asked.slice(0, QUOTED_INPUT_MAX));
    return data(
      { today, date: today, canUndo, mayMessage, sheet: null, dateError, deskKey: crypto.randomUUID(), openDays: [], deskSources: [] },
      { status: 400 },
    );
  }
  const date = asked || today;
  const [sheet, openDays, deskSources] = await Promise.all([
    context.leadConsole.visits(date),
    context.leadConsole.bookings.openSlots(),
    context.leadConsole.bookings.deskSources(),
  ]);
  // A fresh key per rendered desk form: its double submit is one lead, the next customer another.
  return { today, date, canUndo, mayMessage, sheet, dateError: null, deskKey: crypto.randomUUID(), openDays, deskSources };
}

const REFUSAL_STATUS = { notFound: 404, forbidden: 403, notYours: 403, notToday: 409, invalid: 400 } as const;

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = requireStaff({ request, url }, context);
  const form = await request.formData().catch(() => null);
  const leadId = form?.get('leadId');
  const rev = form?.get('rev');
  const intent = form?.get('intent');
  if (form && intent === 'desk') return registerAtDesk(form, { ...staff, ip: context.clientIp }, context);
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

type Context = Route.ActionArgs['context'];

/**
 * The desk form's customer: found by number first (`lookup`), then a walk-in checked in or a
 * phone-in booked; a phone-in for a customer with a coming visit comes back with `moveRev` to move it.
 */
async function registerAtDesk(form: FormData, actor: Parameters<Context['leadConsole']['bookings']['register']>[1], context: Context) {
  const values: Record<string, string> = {};
  for (const name of ['key', 'kind', 'name', 'phone', 'slotId', 'consent', 'moveRev', 'marketing', 'source', 'companions']) {
    const value = form.get(name);
    values[name] = typeof value === 'string' ? value.slice(0, 100) : '';
  }
  if (form.get('lookup')) {
    const lookup = await context.leadConsole.bookings.findCustomer(values.phone ?? '', actor);
    return data<DeskOutcome>({ lookup, values }, { status: lookup.ok ? 200 : 400 });
  }
  const kind = values.kind === 'phoneIn' ? 'phoneIn' : 'walkIn';
  const input = {
    key: values.key ?? '',
    kind,
    name: values.name ?? '',
    phone: values.phone ?? '',
    consent: values.consent === 'on',
    slotId: values.slotId || null,
    moveRev: values.moveRev || null,
    marketing: values.marketing === 'on',
    source: values.source || null,
    companions: values.companions || null,
  } as const;
  const desk = await context.leadConsole.bookings.register(input, actor);
  return data<DeskOutcome>({ desk, values }, { status: desk.ok ? 200 : desk.error === 'invalid' ? 400 : desk.error === 'notYours' ? 403 : 409 });
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
  const { today, date, canUndo, mayMessage, sheet, dateError, deskKey, openDays, deskSources } = loaderData;
  const desk = actionData && ('desk' in actionData || 'lookup' in actionData) ? actionData : null;
  // Each answer is a notice of its own, even when it says what the last one said.
  const answers = useAnswerCount(actionData);
  const notice = dateError
    ? { text: dateError, error: true, key: `date:${dateError}` }
    : desk
      ? { text: deskMessage(desk), error: deskFailed(desk), key: `answer:${answers}` }
      : actionData && 'outcome' in actionData
        ? {
            text: checkInMessage(actionData),
            error: actionData.outcome !== 'checkedIn' && actionData.outcome !== 'undone',
            key: `answer:${answers}`,
            leadId: 'leadId' in actionData ? actionData.leadId : undefined,
          }
        : null;
  return (
    <VisitSheet date={date} today={today} canUndo={canUndo} sheet={sheet} notice={notice} mayMessage={mayMessage}>
      <DeskRegistrationForm formKey={deskKey} openDays={openDays} sources={deskSources} outcome={desk} />
    </VisitSheet>
  );
}
