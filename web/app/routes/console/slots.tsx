import { useRef } from 'react';
import { data, Form, useLocation } from 'react-router';
import type { Route } from './+types/slots';
import { mayManageSlots } from '../../../shared/staff-roles';
import { isSlotCapacity, isSlotTime, MAX_TIMES_PER_DAY, type SlotResult } from '../../../shared/visit-slots';
import { isDay, seoulDay } from '../../../shared/seoul-time';
import { requireStaff } from '../../lib/require-staff';
import { ConsoleOutcome } from '../../components/console/ConsoleOutcome';
import { ConsoleTable } from '../../components/console/ConsoleTable';
import { KeptDraftNote } from '../../components/console/KeptDraftNote';
import { useKeptDraft } from '../../lib/kept-draft';
import { useSaveCount } from '../../lib/answer-count';
import { CONSOLE_HEADERS, confirmFirst, consoleMeta, dayLabel } from '../../components/console/console-page';
import { VISITS_TEXT } from '../../components/console/visit-text';
import { SlotEditForm, SlotPeriodNav } from '../../components/console/SlotManager';
import { slotRefusal, slotText as text } from '../../components/console/slot-text';
import '../../components/console/VisitSheet.css';
import '../../components/console/SlotManager.css';

/** What the 일정 추가 form starts with. */
const CREATE_START = { period: '1', times: '11:00, 14:00, 16:00', capacity: '6' } as const;

/**
 * What a post did. A refusal because of one field names it (`field`, and for a row's edit the
 * slot), so the page marks that field and puts the reason beside it; `typed` is what the 일정 추가
 * form held, given back to it.
 */
type SlotOutcome = {
  tone: 'success' | 'error';
  message: string;
  field?: 'times' | 'capacity' | 'time';
  slotId?: string;
  typed?: { from: string; period: string; times: string; capacity: string };
  /** Slots were made: the 일정 추가 form goes back to its start. */
  created?: boolean;
};

/** What is wrong with the 일정 추가 form's times or capacity, before the store is asked. */
function creationProblem(times: string[], capacity: number): Pick<SlotOutcome, 'field' | 'message'> | null {
  const bad = times.filter((time) => !isSlotTime(time));
  if (times.length === 0) return { field: 'times', message: text.refused.noTimes };
  if (bad.length > 0) return { field: 'times', message: text.refused.badTimes(bad) };
  if (new Set(times).size > MAX_TIMES_PER_DAY) return { field: 'times', message: text.refused.tooManyTimes };
  if (!isSlotCapacity(capacity)) return { field: 'capacity', message: text.refused.badCapacity };
  return null;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  if (!mayManageSlots(staff.role)) throw data({ message: text.forbidden }, { status: 403 });
  const params = url.searchParams;
  const asked = (params.get('from') ?? '').trim();
  const days = params.get('days') === '1' ? 1 : 7;
  const today = seoulDay(Date.now());
  const from = asked && isDay(asked) ? asked : today;
  const slots = await context.leadConsole.slots.list(from, days);
  return data(
    {
      from,
      days,
      slots,
      formKey: crypto.randomUUID(),
      dateError: asked && !isDay(asked) ? text.badDate : null,
    },
    { status: asked && !isDay(asked) ? 400 : 200 },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = requireStaff({ request, url }, context);
  const actor = { ...staff, ip: context.clientIp };
  const form = await request.formData().catch(() => null);
  const field = (name: string) => {
    const value = form?.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  let result: SlotResult;
  let saved: string;
  switch (field('intent')) {
    case 'create': {
      const times = field('times')
        .split(/[,\s]+/)
        .filter(Boolean)
        .map((time) => (/^\d:\d\d$/.test(time) ? `0${time}` : time));
      const days = field('period') === '7' ? 7 : 1;
      const problem = creationProblem(times, Number(field('capacity')));
      if (problem) {
        const typed = { from: field('from'), period: String(days), times: field('times'), capacity: field('capacity') };
        return data<SlotOutcome>({ tone: 'error', ...problem, typed }, { status: 400 });
      }
      result = await context.leadConsole.slots.create(
        {
          from: field('from'),
          days,
          times,
          capacity: Number(field('capacity')),
        },
        field('key'),
        actor,
      );
      saved = result.ok ? text.created(result.created?.length ?? 0, result.skipped?.length ?? 0) : '';
      break;
    }
    case 'edit': {
      result = await context.leadConsole.slots.edit(
        field('slotId'),
        {
          rev: field('rev'),
          time: field('time'),
          capacity: Number(field('capacity')),
        },
        actor,
      );
      saved = result.ok ? text.saved(result.moved ?? 0, field('time')) : '';
      if (!result.ok && result.error === 'timeTaken') {
        const slot = (await context.leadConsole.slots.list(field('date'), 1)).find((other) => other.time === field('time'));
        const at = `${dayLabel(field('date'))} ${slot?.time ?? field('time')}`;
        return data<SlotOutcome>({ tone: 'error', message: text.refused.timeTakenAt(at), field: 'time', slotId: field('slotId') }, { status: 409 });
      }
      break;
    }
    case 'delete':
      result = await context.leadConsole.slots.remove(field('slotId'), field('rev'), actor);
      saved = text.removed;
      break;
    default:
      result = { ok: false, error: 'invalid' };
      saved = '';
  }
  if (result.ok) return data<SlotOutcome>({ tone: 'success', message: saved, created: field('intent') === 'create' });
  const status = result.error === 'forbidden' ? 403 : result.error === 'notFound' ? 404 : result.error === 'invalid' || result.error === 'past' ? 400 : 409;
  return data<SlotOutcome>({ tone: 'error', message: slotRefusal(result) }, { status });
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(text.title);
}

export default function Slots({ loaderData, actionData }: Route.ComponentProps) {
  const { from, days, slots, formKey, dateError } = loaderData;
  const typed = actionData?.typed;
  const createForm = useRef<HTMLFormElement>(null);
  const pathname = useLocation().pathname;
  const restored = useKeptDraft(createForm, { place: { page: pathname, form: 'create' }, saved: { from, ...CREATE_START }, answer: actionData });
  // Back to its start once slots are made or another period is shown; a row's save leaves it as typed.
  const created = useSaveCount(actionData, actionData?.tone === 'success' && actionData.created === true);
  const atFault = (field: SlotOutcome['field'], slotId?: string) =>
    actionData && actionData.field === field && actionData.slotId === slotId ? actionData.message : null;
  /** The props that mark a field the answer found at fault and tie it to the reason beside it. */
  const fault = (field: SlotOutcome['field'], id: string, slotId?: string) =>
    atFault(field, slotId) ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
  const faultNote = (field: SlotOutcome['field'], id: string, slotId?: string) => {
    const reason = atFault(field, slotId);
    return reason ? (
      <p id={`${id}-error`} className="field__error">
        {reason}
      </p>
    ) : null;
  };
  return (
    <div className="console-page slot-manager">
      <h1 className="console-page__title">{text.title}</h1>
      {actionData ? (
        <ConsoleOutcome tone={actionData.tone} answer={actionData}>
          <p>{actionData.message}</p>
        </ConsoleOutcome>
      ) : null}
      {dateError ? (
        <p className="console-notice console-notice--error" role="alert">
          {dateError}
        </p>
      ) : null}

      <Form ref={createForm} method="post" className="lead-work slot-manager__create console-form" key={`${from} ${created}`}>
        <section className="lead-work__section" aria-labelledby="slot-create-heading">
          <h2 id="slot-create-heading" className="lead-work__heading">
            {text.createHeading}
          </h2>
          {restored ? <KeptDraftNote /> : null}
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="key" value={formKey} />
          <div className="slot-manager__fields">
            <div className="lead-work__field">
              <label htmlFor="slot-from">{text.createFrom}</label>
              <input id="slot-from" type="date" name="from" defaultValue={typed?.from ?? from} required className="console-input" />
            </div>
            <fieldset className="slot-manager__period">
              <legend>{text.createPeriod}</legend>
              <label>
                <input type="radio" name="period" value="1" defaultChecked={typed?.period !== '7'} /> {text.showDay}
              </label>
              <label>
                <input type="radio" name="period" value="7" defaultChecked={typed?.period === '7'} /> {text.showWeek}
              </label>
            </fieldset>
            <div className="lead-work__field">
              <label htmlFor="slot-times">{text.times}</label>
              <input
                id="slot-times"
                name="times"
                defaultValue={typed?.times ?? CREATE_START.times}
                required
                className="console-input"
                autoComplete="off"
                {...fault('times', 'slot-times')}
              />
              {faultNote('times', 'slot-times')}
            </div>
            <div className="lead-work__field">
              <label htmlFor="slot-capacity">{text.capacity}</label>
              <input
                id="slot-capacity"
                type="number"
                name="capacity"
                min={1}
                max={200}
                defaultValue={typed?.capacity ?? CREATE_START.capacity}
                required
                className="console-input"
                inputMode="numeric"
                {...fault('capacity', 'slot-capacity')}
              />
              {faultNote('capacity', 'slot-capacity')}
            </div>
          </div>
          <button type="submit" className="button button--primary">
            {text.create}
          </button>
        </section>
      </Form>

      <SlotPeriodNav from={from} days={days} />

      <section aria-labelledby="slot-list-heading">
        <h2 id="slot-list-heading" className="lead-work__heading">
          {text.listHeading(from, days)}
        </h2>
        {slots.length === 0 ? (
          <p className="console-panel__empty">{text.empty}</p>
        ) : (
          <ConsoleTable className="console-table slot-manager__table visit-slot__table" columns={[text.date, text.booked, text.edit, text.remove]}>
            {slots.map((slot) => {
              const at = `${dayLabel(slot.date)} ${slot.time}`;
              return (
                <tr key={`${slot.id}:${slot.rev}`}>
                  <th scope="row" data-label={text.date}>
                    {at}
                  </th>
                  <td data-label={text.booked} className="console-table__number">
                    {VISITS_TEXT.booked(slot.booked, slot.capacity)}
                  </td>
                  <td data-label={text.edit}>
                    <SlotEditForm
                      slot={slot}
                      at={at}
                      answer={actionData}
                      timeMarks={fault('time', `slot-time-${slot.id}`, slot.id)}
                      timeNote={faultNote('time', `slot-time-${slot.id}`, slot.id)}
                    />
                  </td>
                  <td data-label={text.remove}>
                    {slot.booked > 0 ? (
                      <span className="slot-manager__kept">{text.onlyEmpty}</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="slotId" value={slot.id} />
                        <input type="hidden" name="rev" value={slot.rev} />
                        <button type="submit" className="button button--outline" aria-label={text.removeOf(at)} onClick={confirmFirst(text.confirmRemove(at))}>
                          {text.remove}
                        </button>
                      </Form>
                    )}
                  </td>
                </tr>
              );
            })}
          </ConsoleTable>
        )}
      </section>
    </div>
  );
}
