import { useId, useRef, type ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { MAX_COMPANIONS, type DeskCustomer, type DeskFieldErrors, type DeskLookupResult, type DeskRegistrationResult } from '../../../shared/desk-registration';
import type { OpenSlotDay } from '../../../shared/visit-bookings';
import { useKeptDraft } from '../../lib/kept-draft';
import { useSaveCount } from '../../lib/answer-count';
import { withParticle } from '../../../shared/korean-particle';
import { dayLabel } from './console-page';
import { KeptDraftNote } from './KeptDraftNote';
import './DeskRegistrationForm.css';

export const DESK_TEXT = {
  heading: '현장 등록',
  hint: '안내데스크에 온 고객이나 전화로 예약하는 고객을 바로 등록합니다. 먼저 번호로 기존 고객인지 찾아 보세요. 방문 고객은 등록과 함께 방문 확인됩니다.',
  lookup: '번호로 고객 찾기',
  known: (customer: DeskCustomer) =>
    `기존 고객 · ${customer.name} · 담당 ${customer.assigneeName ?? '미배정'}${customer.comingVisitAt ? ` · 방문 예약 ${customer.comingVisitAt}` : ''}`,
  unknown: '신규 고객: 이 번호로 등록된 고객이 없습니다.',
  move: '이 예약을 옮기기',
  name: '이름',
  phone: '휴대폰',
  kind: '구분',
  walkIn: '방문 (지금 방문 확인)',
  phoneIn: '전화 (방문 예약)',
  slot: '방문 일시 (전화 예약)',
  choose: '전화 예약이면 고르세요',
  option: (day: string, time: string, left: number) => `${day} ${time} · ${left}자리 남음`,
  consent: '고객에게 개인정보 수집·이용 동의를 받았고 만 14세 이상임을 확인했습니다',
  marketing: '고객이 분양 소식·이벤트 문자 수신(마케팅)에 동의했습니다 (선택)',
  source: '유입 경로',
  sourceNone: '고르지 않음',
  companions: '동반 인원',
  companionsHint: '본인 제외, 0–20명',
  submit: '등록',
  walkedIn: (name: string, visitAt: string) => `${name} 님을 등록하고 방문 확인했습니다 (${visitAt}).`,
  phonedIn: (name: string, visitAt: string) => `${name} 님을 등록하고 ${visitAt} 방문을 예약했습니다.`,
  moved: (name: string, from: string, to: string) => `${name} 님의 방문 예약을 ${from}에서 ${withParticle(to, '으로/로')} 옮겼습니다.`,
  bookingCheckedIn: (name: string, visitAt: string) => `${name} 님의 ${visitAt} 방문 예약을 방문 확인했습니다.`,
  returning: (assigneeName: string | null) => ` 기존 고객 · 담당 ${assigneeName ?? '미배정'}.`,
  alreadyBooked: (customer: DeskCustomer) =>
    `${customer.name} 님은 ${customer.comingVisitAt ?? ''} 방문 예약이 있습니다 (담당 ${customer.assigneeName ?? '미배정'}). 자리를 하나 더 잡지 않고, 고른 시간으로 이 예약을 옮길 수 있습니다.`,
  again: (name: string) => `${name} 님은 이 양식으로 이미 등록되었습니다.`,
  invalid: '등록하지 못했습니다. 표시한 항목을 고쳐 주세요.',
  refused: {
    slotFull: '방금 그 시간의 자리가 모두 찼습니다. 다른 시간을 골라 주세요.',
    slotMissing: '그 방문 일시는 지났거나 삭제되었습니다. 다른 시간을 골라 주세요.',
    sameSlot: '이미 그 시간으로 예약되어 있습니다.',
    notYours: '다른 상담사의 고객이라 예약을 옮길 수 없습니다. 담당 상담사나 팀장에게 요청해 주세요.',
  },
} as const;

/** What the desk form's post answered (a registration, or the number looked up first) and the fields as they were sent. */
export type DeskOutcome = { desk: DeskRegistrationResult; values: Record<string, string> } | { lookup: DeskLookupResult; values: Record<string, string> };

export function deskMessage(outcome: DeskOutcome): string {
  if ('lookup' in outcome) {
    const { lookup } = outcome;
    if (!lookup.ok) return lookup.fieldErrors.phone ?? DESK_TEXT.invalid;
    return lookup.customer ? DESK_TEXT.known(lookup.customer) : DESK_TEXT.unknown;
  }
  const { desk } = outcome;
  if (desk.ok) {
    if (desk.duplicate) return DESK_TEXT.again(desk.name);
    const done =
      desk.movedFrom !== undefined
        ? DESK_TEXT.moved(desk.name, desk.movedFrom, desk.visitAt ?? '')
        : desk.checkedInBooking
          ? DESK_TEXT.bookingCheckedIn(desk.name, desk.visitAt ?? '')
          : desk.kind === 'phoneIn'
            ? DESK_TEXT.phonedIn(desk.name, desk.visitAt ?? '')
            : DESK_TEXT.walkedIn(desk.name, desk.visitAt ?? '');
    return desk.returning ? done + DESK_TEXT.returning(desk.assigneeName) : done;
  }
  if (desk.error === 'invalid') return DESK_TEXT.invalid;
  return desk.error === 'alreadyBooked' ? DESK_TEXT.alreadyBooked(desk.customer) : DESK_TEXT.refused[desk.error];
}

/** Whether the answer is a refusal (shown as an error). */
export function deskFailed(outcome: DeskOutcome): boolean {
  return 'lookup' in outcome ? !outcome.lookup.ok : !outcome.desk.ok;
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: (describedBy: string | undefined) => ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div className="lead-work__field">
      <label htmlFor={id}>{label}</label>
      {children(error ? errorId : undefined)}
      {error ? (
        <span id={errorId} className="desk-form__error">
          {error}
        </span>
      ) : null}
    </div>
  );
}

/**
 * The desk's one short form: name, mobile number, 방문 or 전화 (a phone-in chooses a slot), and the
 * staff's confirmation that the customer consented. Its `formKey` makes a double submit one lead.
 * What is typed is kept across the end of a session until it is registered; the consent is not:
 * it is confirmed with the customer at the moment of registering.
 */
export function DeskRegistrationForm({
  formKey,
  openDays,
  sources,
  outcome,
}: {
  formKey: string;
  openDays: OpenSlotDay[];
  sources: string[];
  outcome: DeskOutcome | null;
}) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const restored = useKeptDraft(form, {
    place: { page: useLocation().pathname },
    saved: { name: '', phone: '', kind: 'walkIn', slotId: '', source: '', companions: '' },
    answer: outcome ?? undefined,
  });
  // Emptied for the next customer once one is registered; a check-in on the sheet or a lookup leaves it as typed.
  const desk = outcome && 'desk' in outcome ? outcome.desk : null;
  const registered = useSaveCount(outcome, desk?.ok === true);
  const pending = useNavigation().formData?.get('intent') === 'desk';
  const kept = outcome && !desk?.ok ? outcome : null;
  const lookup = outcome && 'lookup' in outcome ? outcome.lookup : null;
  const errors: DeskFieldErrors =
    desk && !desk.ok && desk.error === 'invalid' ? { ...desk.fieldErrors } : lookup && !lookup.ok ? { ...lookup.fieldErrors } : {};
  if (desk && !desk.ok && desk.error !== 'invalid' && desk.error !== 'alreadyBooked') errors.slot = DESK_TEXT.refused[desk.error];
  const offer = desk && !desk.ok && desk.error === 'alreadyBooked' ? desk.customer : null;
  const found = lookup?.ok ? lookup.customer : (offer ?? null);
  const value = (name: string) => kept?.values[name] ?? '';
  return (
    <Form ref={form} method="post" className="lead-work desk-form" key={registered}>
      <section className="lead-work__section" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="lead-work__heading">
          {DESK_TEXT.heading}
        </h2>
        <p className="lead-work__hint">{DESK_TEXT.hint}</p>
        {restored ? <KeptDraftNote /> : null}
        <input type="hidden" name="intent" value="desk" />
        <input type="hidden" name="key" value={formKey} />
        <div className="desk-form__fields">
          <Field id={`${id}-name`} label={DESK_TEXT.name} error={errors.name}>
            {(describedBy) => (
              <input
                id={`${id}-name`}
                name="name"
                className="console-input"
                autoComplete="off"
                defaultValue={value('name')}
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <Field id={`${id}-phone`} label={DESK_TEXT.phone} error={errors.phone}>
            {(describedBy) => (
              <input
                id={`${id}-phone`}
                name="phone"
                type="tel"
                inputMode="tel"
                autoComplete="off"
                className="console-input"
                defaultValue={value('phone')}
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <div className="desk-form__lookup">
            {/* First in the form, so Enter finds the customer before anything is registered. */}
            <button type="submit" name="lookup" value="1" formNoValidate className="button button--outline">
              {DESK_TEXT.lookup}
            </button>
            {lookup?.ok ? (
              // Announced by the page's notice; kept here beside the number while the form is filled in.
              <p className="desk-form__found">{found ? DESK_TEXT.known(found) : DESK_TEXT.unknown}</p>
            ) : null}
          </div>
          <fieldset className="desk-form__kind" aria-describedby={errors.kind ? `${id}-kind-error` : undefined}>
            <legend>{DESK_TEXT.kind}</legend>
            <label>
              <input type="radio" name="kind" value="walkIn" defaultChecked={value('kind') !== 'phoneIn'} /> {DESK_TEXT.walkIn}
            </label>
            <label>
              <input type="radio" name="kind" value="phoneIn" defaultChecked={value('kind') === 'phoneIn'} /> {DESK_TEXT.phoneIn}
            </label>
            {errors.kind ? (
              <span id={`${id}-kind-error`} className="desk-form__error">
                {errors.kind}
              </span>
            ) : null}
          </fieldset>
          <Field id={`${id}-slot`} label={DESK_TEXT.slot} error={errors.slot}>
            {(describedBy) => (
              <select
                id={`${id}-slot`}
                name="slotId"
                className="console-input"
                defaultValue={value('slotId')}
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="">{DESK_TEXT.choose}</option>
                {openDays.map((day) => (
                  <optgroup key={day.date} label={dayLabel(day.date)}>
                    {day.slots.map((slot) => (
                      <option key={slot.id} value={slot.id}>
                        {DESK_TEXT.option(dayLabel(day.date), slot.time, slot.left)}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-source`} label={DESK_TEXT.source} error={errors.source}>
            {(describedBy) => (
              <select
                id={`${id}-source`}
                name="source"
                className="console-input"
                defaultValue={value('source')}
                aria-invalid={describedBy ? true : undefined}
                aria-describedby={describedBy}
              >
                <option value="">{DESK_TEXT.sourceNone}</option>
                {sources.map((source) => (
                  <option key={source} value={source}>
                    {source}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id={`${id}-companions`} label={DESK_TEXT.companions} error={errors.companions}>
            {(describedBy) => (
              <>
                <input
                  id={`${id}-companions`}
                  name="companions"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={MAX_COMPANIONS}
                  step={1}
                  className="console-input"
                  defaultValue={value('companions')}
                  aria-invalid={describedBy ? true : undefined}
                  aria-describedby={[`${id}-companions-hint`, describedBy].filter(Boolean).join(' ')}
                />
                <span id={`${id}-companions-hint`} className="lead-work__hint">
                  {DESK_TEXT.companionsHint}
                </span>
              </>
            )}
          </Field>
        </div>
        <div className="desk-form__consent">
          <input
            id={`${id}-consent`}
            type="checkbox"
            name="consent"
            value="on"
            defaultChecked={value('consent') === 'on'}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={errors.consent ? `${id}-consent-error` : undefined}
          />
          <label htmlFor={`${id}-consent`}>{DESK_TEXT.consent}</label>
          {errors.consent ? (
            <span id={`${id}-consent-error`} className="desk-form__error">
              {errors.consent}
            </span>
          ) : null}
        </div>
        <div className="desk-form__consent">
          <input id={`${id}-marketing`} type="checkbox" name="marketing" value="on" defaultChecked={value('marketing') === 'on'} />
          <label htmlFor={`${id}-marketing`}>{DESK_TEXT.marketing}</label>
        </div>
        {offer ? (
          <div className="desk-form__offer">
            <p>{DESK_TEXT.alreadyBooked(offer)}</p>
            <button type="submit" name="moveRev" value={offer.rev} className="button button--primary" disabled={pending}>
              {DESK_TEXT.move}
            </button>
          </div>
        ) : null}
        <button type="submit" className={offer ? 'button button--outline' : 'button button--primary'} disabled={pending}>
          {DESK_TEXT.submit}
        </button>
      </section>
    </Form>
  );
}
