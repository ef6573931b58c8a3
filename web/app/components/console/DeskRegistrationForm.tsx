import { useId, useRef, type ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import type { DeskFieldErrors, DeskRegistrationResult, OpenSlotDay } from '../../../shared/console';
import { useKeptDraft } from '../../lib/kept-draft';
import { useSaveCount } from '../../lib/answer-count';
import { dayLabel } from './console-page';
import { KeptDraftNote } from './KeptDraftNote';
import './DeskRegistrationForm.css';

export const DESK_TEXT = {
  heading: '현장 등록',
  hint: '안내데스크에 온 고객이나 전화로 예약하는 고객을 바로 등록합니다. 방문 고객은 등록과 함께 방문 확인됩니다.',
  name: '이름',
  phone: '휴대폰',
  kind: '구분',
  walkIn: '방문 (지금 방문 확인)',
  phoneIn: '전화 (방문 예약)',
  slot: '방문 일시 (전화 예약)',
  choose: '전화 예약이면 고르세요',
  option: (day: string, time: string, left: number) => `${day} ${time} · ${left}자리 남음`,
  consent: '고객에게 개인정보 수집·이용 동의를 받았고 만 14세 이상임을 확인했습니다',
  submit: '등록',
  walkedIn: (name: string, visitAt: string) => `${name} 님을 등록하고 방문 확인했습니다 (${visitAt}).`,
  phonedIn: (name: string, visitAt: string) => `${name} 님을 등록하고 ${visitAt} 방문을 예약했습니다.`,
  again: (name: string) => `${name} 님은 이 양식으로 이미 등록되었습니다.`,
  invalid: '등록하지 못했습니다. 표시한 항목을 고쳐 주세요.',
  refused: {
    slotFull: '방금 그 시간의 자리가 모두 찼습니다. 다른 시간을 골라 주세요.',
    slotMissing: '그 방문 일시는 지났거나 삭제되었습니다. 다른 시간을 골라 주세요.',
    contended: '예약이 몰려 저장하지 못했습니다. 잠시 뒤 다시 등록해 주세요.',
  },
} as const;

/** What the desk form's post answered: the service's result and the fields as they were sent. */
export type DeskOutcome = { desk: DeskRegistrationResult; values: Record<string, string> };

export function deskMessage({ desk }: DeskOutcome): string {
  if (desk.ok) {
    if (desk.duplicate) return DESK_TEXT.again(desk.name);
    return desk.kind === 'phoneIn' ? DESK_TEXT.phonedIn(desk.name, desk.visitAt ?? '') : DESK_TEXT.walkedIn(desk.name, desk.visitAt ?? '');
  }
  return desk.error === 'invalid' ? DESK_TEXT.invalid : DESK_TEXT.refused[desk.error];
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
export function DeskRegistrationForm({ formKey, openDays, outcome }: { formKey: string; openDays: OpenSlotDay[]; outcome: DeskOutcome | null }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const restored = useKeptDraft(form, { place: { page: useLocation().pathname }, saved: { name: '', phone: '', kind: 'walkIn', slotId: '' }, answer: outcome ?? undefined });
  // Emptied for the next customer once one is registered; a check-in on the sheet leaves it as typed.
  const registered = useSaveCount(outcome, outcome?.desk.ok === true);
  const pending = useNavigation().formData?.get('intent') === 'desk';
  const failed = outcome && !outcome.desk.ok ? outcome : null;
  const errors: DeskFieldErrors = failed && !failed.desk.ok && failed.desk.error === 'invalid' ? failed.desk.fieldErrors : {};
  if (failed && !failed.desk.ok && failed.desk.error !== 'invalid') errors.slot = DESK_TEXT.refused[failed.desk.error];
  const value = (name: string) => failed?.values[name] ?? '';
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
              <input id={`${id}-name`} name="name" className="console-input" autoComplete="off" defaultValue={value('name')} aria-invalid={describedBy ? true : undefined} aria-describedby={describedBy} />
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
              <select id={`${id}-slot`} name="slotId" className="console-input" defaultValue={value('slotId')} aria-invalid={describedBy ? true : undefined} aria-describedby={describedBy}>
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
        <button type="submit" className="button button--primary" disabled={pending}>
          {DESK_TEXT.submit}
        </button>
      </section>
    </Form>
  );
}
