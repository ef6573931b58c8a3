import { useRef, type ReactNode } from 'react';
import { data, Form, useLocation } from 'react-router';
import type { Route } from './+types/slots';
import { mayManageSlots } from '../../../shared/staff-roles';
import { isSlotCapacity, isSlotTime, MAX_SLOT_CAPACITY, MAX_TIMES_PER_DAY, type SlotResult } from '../../../shared/visit-slots';
import { isDay, seoulDay, shiftDay } from '../../../shared/seoul-time';
import { withParticle } from '../../../shared/korean-particle';
import { requireStaff } from '../../lib/require-staff';
import { ConsoleOutcome } from '../../components/console/ConsoleOutcome';
import { ConsoleTable } from '../../components/console/ConsoleTable';
import { KeptDraftNote } from '../../components/console/KeptDraftNote';
import { useKeptDraft } from '../../lib/kept-draft';
import { useSaveCount } from '../../lib/answer-count';
import { CONSOLE_HEADERS, confirmFirst, consoleMeta, dayLabel } from '../../components/console/console-page';
import { VISITS_TEXT } from '../../components/console/VisitSheet';
import '../../components/console/VisitSheet.css';
import '../../components/console/SlotManager.css';

/** What the 일정 추가 form starts with. */
const CREATE_START = { period: '1', times: '11:00, 14:00, 16:00', capacity: '6' } as const;

const TEXT = {
  title: '방문 일정 관리',
  forbidden: '방문 일정은 관리자와 팀장만 만들고 고칠 수 있습니다.',
  showDay: '하루',
  showWeek: '일주일',
  // Two forms on the page each have a start date and a period: their names say which form.
  createFrom: '일정 시작 날짜',
  createPeriod: '일정 기간',
  listFrom: '조회 시작 날짜',
  listPeriod: '조회 기간',
  show: '보기',
  previous: '← 이전',
  next: '다음 →',
  createHeading: '일정 추가',
  times: '시각 (쉼표로 구분, 예: 11:00, 14:00, 16:00)',
  capacity: '정원 (시각마다)',
  create: '일정 만들기',
  listHeading: (from: string, days: number) => (days === 7 ? `${dayLabel(from)}부터 일주일` : dayLabel(from)),
  empty: '이 기간에는 방문 일정이 없습니다.',
  date: '날짜',
  time: '시각',
  booked: '예약 / 정원',
  edit: '시각·정원 수정',
  save: '저장',
  saveOf: (at: string) => `${at} 일정 저장`,
  remove: '삭제',
  removeOf: (at: string) => `${at} 일정 삭제`,
  confirmRemove: (at: string) => `${at} 방문 일정을 삭제할까요? 되돌릴 수 없습니다.`,
  timeOf: (at: string) => `${at} 시각`,
  capacityOf: (at: string) => `${at} 정원`,
  onlyEmpty: '예약이 있어 삭제할 수 없습니다',
  badDate: '날짜를 2026-11-28처럼 연-월-일로 입력해 주세요.',
  created: (count: number, skipped: number) => `방문 일정 ${count}개를 만들었습니다.${skipped ? ` 이미 있는 ${skipped}개는 그대로 두었습니다.` : ''}`,
  saved: (moved: number, time: string) => `일정을 저장했습니다.${moved > 0 ? ` 예약한 고객 ${moved}명의 방문 시각도 ${withParticle(time, '으로/로')} 함께 바뀌었습니다.` : ''}`,
  removed: '일정을 삭제했습니다.',
  refused: {
    forbidden: '방문 일정은 관리자와 팀장만 만들고 고칠 수 있습니다.',
    notFound: '그 일정은 이미 삭제되었습니다.',
    conflict: '그 사이 예약이 들어오거나 다른 직원이 일정을 바꿨습니다. 아래 현재 상태를 보고 다시 시도해 주세요.',
    invalid: '시각은 14:00처럼 24시간제로, 정원은 1~200 사이 정수로, 시각은 하루 12개까지 입력해 주세요.',
    badTimes: (bad: string[]) => `${bad.join(', ')}: 시각은 00:00부터 23:59까지, 14:00처럼 24시간제로 입력해 주세요.`,
    noTimes: '시각을 하나 이상 입력해 주세요.',
    tooManyTimes: `시각은 하루 ${MAX_TIMES_PER_DAY}개까지 입력할 수 있습니다.`,
    badCapacity: `정원은 1부터 ${MAX_SLOT_CAPACITY}까지 정수로 입력해 주세요.`,
    timeTakenAt: (at: string) => `${at}에는 이미 다른 일정이 있습니다. 다른 시각을 입력해 주세요.`,
    past: '지난 날짜나 이미 지난 시각에는 방문 일정을 만들 수 없습니다. 오늘 이후의 날짜와 시각을 골라 주세요.',
    belowBooked: (booked: number) => `이미 ${booked}명이 예약해 정원을 ${booked}보다 적게 줄일 수 없습니다.`,
    notEmpty: '예약한 고객이 있는 일정은 삭제할 수 없습니다. 고객의 예약을 먼저 옮기거나 취소해 주세요.',
    timeTaken: '그날 같은 시각의 일정이 이미 있습니다.',
  },
} as const;

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
  if (times.length === 0) return { field: 'times', message: TEXT.refused.noTimes };
  if (bad.length > 0) return { field: 'times', message: TEXT.refused.badTimes(bad) };
  if (new Set(times).size > MAX_TIMES_PER_DAY) return { field: 'times', message: TEXT.refused.tooManyTimes };
  if (!isSlotCapacity(capacity)) return { field: 'capacity', message: TEXT.refused.badCapacity };
  return null;
}

function pagePath(from: string, days: number): string {
  return `/admin/slots?from=${from}&days=${days}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  if (!mayManageSlots(staff.role)) throw data({ message: TEXT.forbidden }, { status: 403 });
  const params = new URL(request.url).searchParams;
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
      dateError: asked && !isDay(asked) ? TEXT.badDate : null,
    },
    { status: asked && !isDay(asked) ? 400 : 200 },
  );
}

function refusal(result: Extract<SlotResult, { ok: false }>): string {
  return result.error === 'belowBooked' ? TEXT.refused.belowBooked(result.booked ?? 0) : TEXT.refused[result.error];
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireStaff(request, context);
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
      saved = result.ok ? TEXT.created(result.created?.length ?? 0, result.skipped?.length ?? 0) : '';
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
      saved = result.ok ? TEXT.saved(result.moved ?? 0, field('time')) : '';
      if (!result.ok && result.error === 'timeTaken') {
        const slot = (await context.leadConsole.slots.list(field('date'), 1)).find((other) => other.time === field('time'));
        const at = `${dayLabel(field('date'))} ${slot?.time ?? field('time')}`;
        return data<SlotOutcome>({ tone: 'error', message: TEXT.refused.timeTakenAt(at), field: 'time', slotId: field('slotId') }, { status: 409 });
      }
      break;
    }
    case 'delete':
      result = await context.leadConsole.slots.remove(field('slotId'), field('rev'), actor);
      saved = TEXT.removed;
      break;
    default:
      result = { ok: false, error: 'invalid' };
      saved = '';
  }
  if (result.ok) return data<SlotOutcome>({ tone: 'success', message: saved, created: field('intent') === 'create' });
  const status = result.error === 'forbidden' ? 403 : result.error === 'notFound' ? 404 : result.error === 'invalid' || result.error === 'past' ? 400 : 409;
  return data<SlotOutcome>({ tone: 'error', message: refusal(result) }, { status });
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(TEXT.title);
}

type SlotRow = Route.ComponentProps['loaderData']['slots'][number];

/** A slot's row: its time and capacity changed, kept across the end of a session until saved. */
function SlotEditForm({ slot, at, answer, timeMarks, timeNote }: { slot: SlotRow; at: string; answer: unknown; timeMarks: object; timeNote: ReactNode }) {
  const form = useRef<HTMLFormElement>(null);
  const restored = useKeptDraft(form, { place: { page: useLocation().pathname, form: `slot-${slot.id}` }, saved: { time: slot.time, capacity: String(slot.capacity) }, answer });
  return (
    <Form ref={form} method="post" className="slot-manager__edit">
      {restored ? <KeptDraftNote /> : null}
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="slotId" value={slot.id} />
      <input type="hidden" name="rev" value={slot.rev} />
      <input type="hidden" name="date" value={slot.date} />
      <input type="time" name="time" defaultValue={slot.time} required aria-label={TEXT.timeOf(at)} className="console-input" {...timeMarks} />
      <input
        type="number"
        name="capacity"
        min={1}
        max={200}
        defaultValue={slot.capacity}
        required
        aria-label={TEXT.capacityOf(at)}
        className="console-input slot-manager__capacity"
      />
      <button type="submit" className="button button--outline" aria-label={TEXT.saveOf(at)}>
        {TEXT.save}
      </button>
      {timeNote}
    </Form>
  );
}

export default function Slots({ loaderData, actionData }: Route.ComponentProps) {
  const { from, days, slots, formKey, dateError } = loaderData;
  const typed = actionData?.typed;
  const createForm = useRef<HTMLFormElement>(null);
  const pathname = useLocation().pathname;
  const restored = useKeptDraft(createForm, { place: { page: pathname, form: 'create' }, saved: { from, ...CREATE_START }, answer: actionData });
  // Back to its start once slots are made or another period is shown; a row's save leaves it as typed.
  const created = useSaveCount(actionData, actionData?.tone === 'success' && actionData.created === true);
  const atFault = (field: SlotOutcome['field'], slotId?: string) => (actionData && actionData.field === field && actionData.slotId === slotId ? actionData.message : null);
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
      <h1 className="console-page__title">{TEXT.title}</h1>
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
            {TEXT.createHeading}
          </h2>
          {restored ? <KeptDraftNote /> : null}
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="key" value={formKey} />
          <div className="slot-manager__fields">
            <div className="lead-work__field">
              <label htmlFor="slot-from">{TEXT.createFrom}</label>
              <input id="slot-from" type="date" name="from" defaultValue={typed?.from ?? from} required className="console-input" />
            </div>
            <fieldset className="slot-manager__period">
              <legend>{TEXT.createPeriod}</legend>
              <label>
                <input type="radio" name="period" value="1" defaultChecked={typed?.period !== '7'} /> {TEXT.showDay}
              </label>
              <label>
                <input type="radio" name="period" value="7" defaultChecked={typed?.period === '7'} /> {TEXT.showWeek}
              </label>
            </fieldset>
            <div className="lead-work__field">
              <label htmlFor="slot-times">{TEXT.times}</label>
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
              <label htmlFor="slot-capacity">{TEXT.capacity}</label>
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
            {TEXT.create}
          </button>
        </section>
      </Form>

      <div className="visit-sheet__controls">
        <nav className="visit-sheet__days" aria-label="기간 이동">
          <a href={pagePath(shiftDay(from, -days), days)} rel="prev">
            {TEXT.previous}
          </a>
          <a href={pagePath(shiftDay(from, days), days)} rel="next">
            {TEXT.next}
          </a>
        </nav>
        <Form method="get" className="visit-sheet__picker">
          <label htmlFor="slot-list-from">{TEXT.listFrom}</label>
          <input id="slot-list-from" type="date" name="from" defaultValue={from} required />
          <label htmlFor="slot-list-days">{TEXT.listPeriod}</label>
          <select id="slot-list-days" name="days" defaultValue={String(days)}>
            <option value="1">{TEXT.showDay}</option>
            <option value="7">{TEXT.showWeek}</option>
          </select>
          <button type="submit" className="button button--outline">
            {TEXT.show}
          </button>
        </Form>
      </div>

      <section aria-labelledby="slot-list-heading">
        <h2 id="slot-list-heading" className="lead-work__heading">
          {TEXT.listHeading(from, days)}
        </h2>
        {slots.length === 0 ? (
          <p className="console-panel__empty">{TEXT.empty}</p>
        ) : (
          <ConsoleTable className="console-table slot-manager__table visit-slot__table" columns={[TEXT.date, TEXT.booked, TEXT.edit, TEXT.remove]}>
            {slots.map((slot) => {
              const at = `${dayLabel(slot.date)} ${slot.time}`;
              return (
                <tr key={`${slot.id}:${slot.rev}`}>
                  <th scope="row" data-label={TEXT.date}>
                    {at}
                  </th>
                  <td data-label={TEXT.booked} className="console-table__number">{VISITS_TEXT.booked(slot.booked, slot.capacity)}</td>
                  <td data-label={TEXT.edit}>
                    <SlotEditForm
                      slot={slot}
                      at={at}
                      answer={actionData}
                      timeMarks={fault('time', `slot-time-${slot.id}`, slot.id)}
                      timeNote={faultNote('time', `slot-time-${slot.id}`, slot.id)}
                    />
                  </td>
                  <td data-label={TEXT.remove}>
                    {slot.booked > 0 ? (
                      <span className="slot-manager__kept">{TEXT.onlyEmpty}</span>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete" />
                        <input type="hidden" name="slotId" value={slot.id} />
                        <input type="hidden" name="rev" value={slot.rev} />
                        <button type="submit" className="button button--outline" aria-label={TEXT.removeOf(at)} onClick={confirmFirst(TEXT.confirmRemove(at))}>
                          {TEXT.remove}
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
