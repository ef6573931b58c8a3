import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { LEAD_STATUS_LABELS } from '../../../shared/lead-status';
import type { VisitSheet as VisitSheetData } from '../../../shared/visit-bookings';
import { shiftDay } from '../../../shared/seoul-time';
import { dayLabel, GROUP_MESSAGES_PATH, seoulTime } from './console-page';
import { ConsoleTable } from './ConsoleTable';
import { VISITS_TEXT } from './visit-text';
import './VisitSheet.css';

function sheetPath(date: string): string {
  return `/admin/visits?date=${date}`;
}

/** Printing needs JavaScript; without it the browser's own print command does the same. */
function PrintButton() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  if (!ready) return null;
  return (
    <button type="button" className="button button--outline visit-sheet__print" onClick={() => window.print()}>
      {VISITS_TEXT.print}
    </button>
  );
}

/** Previous and next day, today, and a date picker that is a plain GET form (works without JavaScript). */
function DayNavigation({ date, today }: { date: string; today: string }) {
  const inputId = useId();
  return (
    <div className="visit-sheet__controls">
      <nav className="visit-sheet__days" aria-label="날짜 이동">
        <a href={sheetPath(shiftDay(date, -1))} rel="prev">
          {`← ${VISITS_TEXT.previousDay}`}
        </a>
        {date === today ? null : <a href={sheetPath(today)}>{VISITS_TEXT.today}</a>}
        <a href={sheetPath(shiftDay(date, 1))} rel="next">
          {`${VISITS_TEXT.nextDay} →`}
        </a>
      </nav>
      <Form method="get" className="visit-sheet__picker">
        <label htmlFor={inputId}>{VISITS_TEXT.dateLabel}</label>
        <input id={inputId} type="date" name="date" defaultValue={date} required />
        <button type="submit" className="button button--outline">
          {VISITS_TEXT.show}
        </button>
      </Form>
      <PrintButton />
    </div>
  );
}

/** What the page says above the sheet: a check-in's outcome (about one visitor's row) or a bad date. */
export type VisitNotice = { text: string; error: boolean; key: string; leadId?: string };

type Booking = VisitSheetData['slots'][number]['bookings'][number];
type Day = 'past' | 'today' | 'future';

/** On paper: a box to tick at the desk. */
function TickBox() {
  return <span className="visit-sheet__tick" aria-hidden="true" />;
}

/** A post about one visitor's row: the lead and the revision the sheet showed. */
function RowForm({ intent, booking, children }: { intent: 'checkIn' | 'undoCheckIn'; booking: Booking; children: ReactNode }) {
  return (
    <Form method="post" className="visit-sheet__check-in">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="leadId" value={booking.leadId} />
      <input type="hidden" name="rev" value={booking.rev} />
      {children}
    </Form>
  );
}

/** A check-in is on the visit's day only; a manager may take one back. */
function CheckIn({ booking, day, canUndo }: { booking: Booking; day: Day; canUndo: boolean }) {
  if (booking.checkedInAt) {
    // Focusable by script: after a check-in, focus stays on the row, here.
    const checked = (
      <span className="visit-sheet__checked" tabIndex={-1}>
        {VISITS_TEXT.checkedIn(seoulTime(booking.checkedInAt))}
      </span>
    );
    if (!canUndo) return checked;
    return (
      <RowForm intent="undoCheckIn" booking={booking}>
        {checked}
        <button type="submit" className="button button--outline" aria-label={VISITS_TEXT.undoCheckInOf(booking.name)}>
          {VISITS_TEXT.undoCheckIn}
        </button>
      </RowForm>
    );
  }
  if (day !== 'today') {
    return (
      <span className="visit-sheet__check-in">
        <span className="visit-sheet__later">{day === 'future' ? VISITS_TEXT.onTheDay : VISITS_TEXT.notCheckedIn}</span>
        <TickBox />
      </span>
    );
  }
  return (
    <RowForm intent="checkIn" booking={booking}>
      <button type="submit" className="button button--primary" aria-label={VISITS_TEXT.checkInOf(booking.name)}>
        {VISITS_TEXT.checkIn}
      </button>
      <TickBox />
    </RowForm>
  );
}

/** One row per visitor; a walk-in's 방문 확인 is the time they came (they hold no place to check in or give back). */
function VisitorTable({ visitors, day, canUndo, walkIn = false }: { visitors: Booking[]; day: Day; canUndo: boolean; walkIn?: boolean }) {
  return (
    <ConsoleTable
      className="console-table visit-slot__table"
      columns={[VISITS_TEXT.name, VISITS_TEXT.phone, VISITS_TEXT.status, VISITS_TEXT.assignee, VISITS_TEXT.lastMemo, VISITS_TEXT.checkIn]}
    >
      {visitors.map((booking) => (
        <tr key={booking.leadId} data-lead-id={booking.leadId}>
          <th scope="row" data-label={VISITS_TEXT.name}>
            <a href={`/admin/leads/${encodeURIComponent(booking.leadId)}`}>{booking.name}</a>
          </th>
          <td data-label={VISITS_TEXT.phone} className="console-table__number">
            {booking.maskedPhone}
          </td>
          <td data-label={VISITS_TEXT.status}>{LEAD_STATUS_LABELS[booking.status]}</td>
          <td data-label={VISITS_TEXT.assignee}>{booking.assigneeName ?? '미배정'}</td>
          <td data-label={VISITS_TEXT.lastMemo} className="visit-slot__memo">
            {booking.lastMemo ?? '—'}
          </td>
          <td data-label={VISITS_TEXT.checkIn}>
            {walkIn ? (
              <span className="visit-sheet__checked">
                {booking.checkedInAt ? VISITS_TEXT.checkedIn(seoulTime(booking.checkedInAt)) : VISITS_TEXT.notCheckedIn}
              </span>
            ) : (
              <CheckIn booking={booking} day={day} canUndo={canUndo} />
            )}
          </td>
        </tr>
      ))}
    </ConsoleTable>
  );
}

function Slot({ slot, day, canUndo }: { slot: VisitSheetData['slots'][number]; day: Day; canUndo: boolean }) {
  const headingId = useId();
  return (
    <section className="visit-slot" aria-labelledby={headingId}>
      <h2 id={headingId} className="visit-slot__heading">
        <span className="visit-slot__time">{slot.time}</span>
        <span className="visit-slot__count">{VISITS_TEXT.booked(slot.booked, slot.capacity)}</span>
      </h2>
      {slot.bookings.length === 0 ? (
        <p className="console-panel__empty">{VISITS_TEXT.noBookings}</p>
      ) : (
        <VisitorTable visitors={slot.bookings} day={day} canUndo={canUndo} />
      )}
    </section>
  );
}

/** Walk-ins registered at the desk: on the day's sheet, though they took no slot place. */
function WalkIns({ visitors, day }: { visitors: Booking[]; day: Day }) {
  const headingId = useId();
  return (
    <section className="visit-slot visit-slot--walk-ins" aria-labelledby={headingId}>
      <h2 id={headingId} className="visit-slot__heading">
        <span className="visit-slot__time">{VISITS_TEXT.walkIns}</span>
        <span className="visit-slot__count">{VISITS_TEXT.walkInCount(visitors.length)}</span>
      </h2>
      <VisitorTable visitors={visitors} day={day} canUndo={false} walkIn />
    </section>
  );
}

/**
 * A day's model-house visits for the reception desk: the slots with their bookings and a
 * check-in per visitor; prints as a clean A4 sheet (only the sheet, no site or console chrome).
 */
export function VisitSheet({
  date,
  today,
  canUndo,
  sheet,
  notice,
  mayMessage = false,
  children,
}: {
  /** What the desk works with above the sheet (the 현장 등록 form). */
  children?: ReactNode;
  date: string;
  today: string;
  /** Whether the signed-in staff member may take a check-in back. */
  canUndo: boolean;
  sheet: VisitSheetData | null;
  notice: VisitNotice | null;
  /** 오늘 방문 예약자 모두에게 문자 (팀장, 관리자), on today's sheet. */
  mayMessage?: boolean;
}) {
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const noticeKey = notice?.key;
  const leadId = notice?.leadId;
  // After a check-in, focus stays on the visitor's row (its new state, or the button again when
  // refused) and the outcome is announced; otherwise it goes to what happened. `autoFocus` when
  // the page arrives whole (no JavaScript), the effect for each later outcome.
  // The row's state: the sheet may come back after the outcome, with the row changed again.
  const rowState = leadId ? (sheet?.slots.flatMap((slot) => slot.bookings).find((booking) => booking.leadId === leadId)?.rev ?? null) : null;
  useEffect(() => {
    if (!noticeKey) return;
    const row = leadId ? document.querySelector(`tr[data-lead-id="${CSS.escape(leadId)}"]`) : null;
    const onRow = row?.querySelector<HTMLElement>('.visit-sheet__checked, .visit-sheet__check-in button');
    (onRow ?? noticeRef.current)?.focus();
  }, [noticeKey, leadId, rowState]);
  const day: Day = date === today ? 'today' : date < today ? 'past' : 'future';
  const noticeClass = `console-notice${notice?.error ? ' console-notice--error' : ''}`;
  return (
    <div className="console-page visit-sheet">
      <h1 className="console-page__title">
        {VISITS_TEXT.title}
        {sheet ? <span className="visit-sheet__date">{dayLabel(date)}</span> : null}
      </h1>
      {/* Always there, so that an outcome is announced while focus stays on the row. Each notice
          is rendered afresh (keyed), so a second answer that says the same is announced again. */}
      <div role="status">
        {notice && !notice.error ? (
          <p key={notice.key} ref={noticeRef} tabIndex={-1} autoFocus className={noticeClass}>
            {notice.text}
          </p>
        ) : null}
      </div>
      {notice?.error ? (
        <p key={notice.key} ref={noticeRef} tabIndex={-1} autoFocus className={noticeClass} role="alert">
          {notice.text}
        </p>
      ) : null}
      {/* The day's sheet first and 현장 등록 (children) after it, in reading order at every width:
          beside the sheet on a wide screen, below it on a phone (no CSS reordering). */}
      <div className="visit-sheet__work">
        <div className="visit-sheet__day">
          <DayNavigation date={date} today={today} />
          {mayMessage && day === 'today' && sheet?.slots.some((slot) => slot.bookings.length > 0) ? (
            <p className="visit-sheet__message">
              <Link className="button" to={`${GROUP_MESSAGES_PATH}?audience=today`}>
                {VISITS_TEXT.messageToday}
              </Link>
            </p>
          ) : null}
          {sheet ? (
            sheet.slots.length === 0 ? (
              <p className="console-panel__empty">{VISITS_TEXT.noSlots}</p>
            ) : (
              sheet.slots.map((slot) => <Slot key={slot.id} slot={slot} day={day} canUndo={canUndo} />)
            )
          ) : null}
          {sheet && sheet.walkIns.length > 0 ? <WalkIns visitors={sheet.walkIns} day={day} /> : null}
        </div>
        {children ? <div className="visit-sheet__desk">{children}</div> : null}
      </div>
    </div>
  );
}
