import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import type { LeadDetail } from '../../../shared/lead-dto';
import {
  FUNDING_LABELS,
  FUNDING_PLANS,
  PROFILE_FIELD_LABELS,
  SUBSCRIPTION_LABELS,
  SUBSCRIPTION_QUALIFICATIONS,
  type CustomerProfileField,
  type UnitTypeChoice,
} from '../../../shared/customer-profile';

export const PROFILE_TEXT = {
  heading: '관심 타입·청약 자격·자금 계획',
  hint: '고객에게 들은 대로 고르세요. 목록의 필터와 내려받기에 쓰입니다.',
  none: '모름 (고르지 않음)',
  save: '고객 정보 저장',
  saved: '관심 타입·청약 자격·자금 계획을 저장했습니다.',
  refused: '저장하지 못했습니다. 표시한 항목을 목록에서 다시 골라 주세요.',
} as const;

/** The customer's 관심 타입, 청약 자격 and 자금 계획: three choices posted with the revision the page shows. */
export function CustomerProfilePanel({
  lead,
  unitTypes,
  phoneRevealed,
  fieldErrors,
}: {
  lead: LeadDetail;
  unitTypes: UnitTypeChoice[];
  phoneRevealed: boolean;
  fieldErrors: Partial<Record<CustomerProfileField, string>>;
}) {
  const id = useId();
  const pending = useNavigation().formData?.get('intent') === 'profile';
  const choices: Record<CustomerProfileField, Array<{ value: string; label: string }>> = {
    // A code no longer in the CMS stays choosable while the customer holds it.
    interestType: [
      ...unitTypes.map((unit) => ({ value: unit.code, label: unit.label })),
      ...(lead.profile.interestType && !unitTypes.some((unit) => unit.code === lead.profile.interestType)
        ? [{ value: lead.profile.interestType, label: lead.profile.interestType }]
        : []),
    ],
    subscription: SUBSCRIPTION_QUALIFICATIONS.map((value) => ({ value, label: SUBSCRIPTION_LABELS[value] })),
    funding: FUNDING_PLANS.map((value) => ({ value, label: FUNDING_LABELS[value] })),
  };
  return (
    <Form method="post" className="lead-work customer-profile" preventScrollReset>
      <section className="lead-work__section" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="lead-work__heading">
          {PROFILE_TEXT.heading}
        </h2>
        <p className="lead-work__hint">{PROFILE_TEXT.hint}</p>
        <input type="hidden" name="intent" value="profile" />
        <input type="hidden" name="rev" value={lead.rev} />
        {phoneRevealed ? <input type="hidden" name="revealed" value="1" /> : null}
        {(['interestType', 'subscription', 'funding'] as const).map((field) => {
          const error = fieldErrors[field];
          return (
            <div className="lead-work__field" key={`${field}-${lead.rev}`}>
              <label htmlFor={`${id}-${field}`}>{PROFILE_FIELD_LABELS[field]}</label>
              <select
                id={`${id}-${field}`}
                name={field}
                className="console-input"
                defaultValue={lead.profile[field] ?? ''}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-${field}-error` : undefined}
              >
                <option value="">{PROFILE_TEXT.none}</option>
                {choices[field].map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
              {error ? (
                <span id={`${id}-${field}-error`} className="desk-form__error">
                  {error}
                </span>
              ) : null}
            </div>
          );
        })}
        <button type="submit" className="button button--primary" disabled={pending}>
          {PROFILE_TEXT.save}
        </button>
      </section>
    </Form>
  );
}
