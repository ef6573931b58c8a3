import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { LeadDetail } from '../../../shared/lead-dto';
import type { BookingRefusal, OpenSlotDay } from '../../../shared/visit-bookings';
import { withParticle } from '../../../shared/korean-particle';
import { confirmFirst, dayLabel } from './console-page';

export const BOOKING_TEXT = {
  heading: '방문 예약 관리',
  current: (visitAt: string) => `예약된 방문: ${visitAt}`,
  none: '예약된 방문이 없습니다.',
  slot: '방문 일시 (날짜별 시간, 남은 자리)',
  choose: '날짜와 시간을 고르세요',
  option: (time: string, left: number) => `${time} · ${left}자리 남음`,
  noOpenSlots: '예약할 수 있는 방문 일시가 없습니다. 방문 일정 관리에서 일정을 추가해 주세요.',
  book: '이 일시로 예약',
  move: '이 일시로 변경',
  cancel: '예약 취소',
  confirmCancel: (visitAt: string) => `${visitAt} 방문 예약을 취소할까요? 자리는 다른 고객에게 열립니다.`,
  booked: (visitAt: string) => `${visitAt} 방문을 예약했습니다.`,
  moved: (visitAt: string) => `방문 일시를 ${withParticle(visitAt, '으로/로')} 바꿨습니다.`,
  cancelled: '방문 예약을 취소했습니다. 예약 자리는 다른 고객이 쓸 수 있습니다.',
  noSlotChosen: '방문 일시를 골라 주세요.',
} as const;

const REFUSALS: Record<BookingRefusal, string> = {
  slotFull: '방금 그 시간의 자리가 모두 찼습니다. 다른 시간을 골라 주세요.',
  slotMissing: '그 방문 일시는 지났거나 삭제되었습니다. 다른 시간을 골라 주세요.',
  contended: '예약이 몰려 저장하지 못했습니다. 잠시 뒤 다시 시도해 주세요.',
  alreadyBooked: '이미 예약된 방문이 있습니다.',
  notBooked: '취소할 방문 예약이 없습니다.',
  sameSlot: '이미 그 일시로 예약되어 있습니다.',
};

export function bookingRefusalMessage(refusal: BookingRefusal): string {
  return REFUSALS[refusal];
}

export function isBookingRefusal(value: string): value is BookingRefusal {
  return Object.hasOwn(REFUSALS, value);
}

/**
 * Book, move or cancel the lead's visit: one choice of the open slots grouped by day (a day, then
 * its times, in one keyboard-friendly select), posted with the revision the page shows.
 */
export function VisitBookingPanel({
  lead,
  openDays,
  phoneRevealed,
  slotErrorId,
}: {
  lead: LeadDetail;
  openDays: OpenSlotDay[];
  phoneRevealed: boolean;
  slotErrorId: string | null;
}) {
  const selectId = useId();
  const headingId = useId();
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const booked = lead.visitSlotStatus === 'booked' && lead.visitAt ? lead.visitAt : null;
  const choices = openDays
    .map((day) => ({ ...day, slots: day.slots.filter((slot) => slot.id !== lead.visitSlotId || !booked) }))
    .filter((day) => day.slots.length > 0);
  return (
    <Form method="post" className="lead-work lead-booking" preventScrollReset>
      <section className="lead-work__section" aria-labelledby={headingId}>
        <h2 id={headingId} className="lead-work__heading">
          {BOOKING_TEXT.heading}
        </h2>
        <input type="hidden" name="rev" value={lead.rev} />
        <input type="hidden" name="visitWas" value={booked ?? ''} />
        {phoneRevealed ? <input type="hidden" name="revealed" value="1" /> : null}
        <p>{booked ? BOOKING_TEXT.current(booked) : BOOKING_TEXT.none}</p>
        {choices.length === 0 ? (
          <p className="lead-work__hint">{BOOKING_TEXT.noOpenSlots}</p>
        ) : (
          <div className="lead-work__field" key={lead.rev}>
            <label htmlFor={selectId}>{BOOKING_TEXT.slot}</label>
            <select
              id={selectId}
              name="slotId"
              className="console-input"
              defaultValue=""
              aria-invalid={slotErrorId ? true : undefined}
              aria-describedby={slotErrorId ?? undefined}
            >
              <option value="">{BOOKING_TEXT.choose}</option>
              {choices.map((day) => (
                <optgroup key={day.date} label={dayLabel(day.date)}>
                  {day.slots.map((slot) => (
                    <option key={slot.id} value={slot.id}>
                      {`${dayLabel(day.date)} ${BOOKING_TEXT.option(slot.time, slot.left)}`}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
        )}
        <div className="lead-booking__actions">
          {choices.length > 0 ? (
            <button type="submit" name="intent" value="book" className="button button--primary" disabled={pending === 'book'}>
              {booked ? BOOKING_TEXT.move : BOOKING_TEXT.book}
            </button>
          ) : null}
          {booked ? (
            <button
              type="submit"
              name="intent"
              value="cancelVisit"
              className="button button--outline"
              disabled={pending === 'cancelVisit'}
              onClick={confirmFirst(BOOKING_TEXT.confirmCancel(booked))}
            >
              {BOOKING_TEXT.cancel}
            </button>
          ) : null}
        </div>
      </section>
    </Form>
  );
}
