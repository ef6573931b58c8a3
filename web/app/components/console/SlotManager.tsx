/** The parts of 방문 일정 관리 (/admin/slots): a slot's edit form and the period picker. */
import { useRef, type ReactNode } from 'react';
import { Form, useLocation } from 'react-router';
import { shiftDay } from '../../../shared/seoul-time';
import type { ConsoleSlot } from '../../../shared/visit-slots';
import { useKeptDraft } from '../../lib/kept-draft';
import { KeptDraftNote } from './KeptDraftNote';
import { slotText as text } from './slot-text';

/** A slot's row: its time and capacity changed, kept across the end of a session until saved. */
export function SlotEditForm({
  slot,
  at,
  answer,
  timeMarks,
  timeNote,
}: {
  slot: ConsoleSlot;
  at: string;
  answer: unknown;
  timeMarks: object;
  timeNote: ReactNode;
}) {
  const form = useRef<HTMLFormElement>(null);
  const restored = useKeptDraft(form, {
    place: { page: useLocation().pathname, form: `slot-${slot.id}` },
    saved: { time: slot.time, capacity: String(slot.capacity) },
    answer,
  });
  return (
    <Form ref={form} method="post" className="slot-manager__edit">
      {restored ? <KeptDraftNote /> : null}
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="slotId" value={slot.id} />
      <input type="hidden" name="rev" value={slot.rev} />
      <input type="hidden" name="date" value={slot.date} />
      <input type="time" name="time" defaultValue={slot.time} required aria-label={text.timeOf(at)} className="console-input" {...timeMarks} />
      <input
        type="number"
        name="capacity"
        min={1}
        max={200}
        defaultValue={slot.capacity}
        required
        aria-label={text.capacityOf(at)}
        className="console-input slot-manager__capacity"
      />
      <button type="submit" className="button button--outline" aria-label={text.saveOf(at)}>
        {text.save}
      </button>
      {timeNote}
    </Form>
  );
}

/** The period shown: the one before or after it, or a start date and a day or a week picked. */
export function SlotPeriodNav({ from, days }: { from: string; days: number }) {
  return (
    <div className="visit-sheet__controls">
      <nav className="visit-sheet__days" aria-label="기간 이동">
        <a href={pagePath(shiftDay(from, -days), days)} rel="prev">
          {text.previous}
        </a>
        <a href={pagePath(shiftDay(from, days), days)} rel="next">
          {text.next}
        </a>
      </nav>
      <Form method="get" className="visit-sheet__picker">
        <label htmlFor="slot-list-from">{text.listFrom}</label>
        <input id="slot-list-from" type="date" name="from" defaultValue={from} required />
        <label htmlFor="slot-list-days">{text.listPeriod}</label>
        <select id="slot-list-days" name="days" defaultValue={String(days)}>
          <option value="1">{text.showDay}</option>
          <option value="7">{text.showWeek}</option>
        </select>
        <button type="submit" className="button button--outline">
          {text.show}
        </button>
      </Form>
    </div>
  );
}

function pagePath(from: string, days: number): string {
  return `/admin/slots?from=${from}&days=${days}`;
}
