import type { LeadNotice } from '../../../shared/lead-form';
import type { LeadFieldErrors } from '../../../shared/lead-validation';
import { LEAD_FIELDS } from '../../../shared/lead-validation';
import { leadMessages } from '../../../shared/messages';
import { controlProps, FieldError } from '../form/Field';
import { useEnabledTags } from '../../lib/site-data';
import './ConsentBlock.css';

type ConsentBlockProps = {
  idPrefix: string;
  notice: LeadNotice | null | undefined;
  errors: LeadFieldErrors;
};

/**
 * The consents of 개인정보 보호법: the required collection/use consent with its notice (purpose,
 * items, retention, the right to refuse and what refusing means), the separate optional marketing
 * consent, and the required age confirmation. The notices open with <details>, no script needed.
 */
export function ConsentBlock({ idPrefix, notice, errors }: ConsentBlockProps) {
  const id = (name: string) => `${idPrefix}-${name}`;
  const tags = useEnabledTags();
  return (
    <fieldset className="consent">
      <legend className="visually-hidden">개인정보 동의</legend>
      <ConsentItem id={id('privacy')} name={LEAD_FIELDS.privacyConsent} label={leadMessages.privacyConsentLabel} required error={errors.privacyConsent}>
        {notice ? (
          <dl className="consent__notice">
            <dt>{leadMessages.noticePurpose}</dt>
            <dd>{notice.privacyPurpose}</dd>
            <dt>{leadMessages.noticeItems}</dt>
            <dd>{notice.privacyItems}</dd>
            <dt>{leadMessages.noticeRetention}</dt>
            <dd>{notice.privacyRetention}</dd>
            <dt>{leadMessages.noticeRefusal}</dt>
            <dd>{notice.privacyRefusal}</dd>
            {tags.length > 0 ? (
              <>
                <dt>광고 효과 측정</dt>
                <dd>{`${tags.map(({ name }) => name).join(', ')}에 등록 사실만 알림(이름·연락처 제외)`}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
      </ConsentItem>
      <ConsentItem id={id('marketing')} name={LEAD_FIELDS.marketingConsent} label={leadMessages.marketingConsentLabel}>
        {notice?.marketingNotice ? <p className="consent__notice">{notice.marketingNotice}</p> : null}
      </ConsentItem>
      <ConsentItem id={id('age')} name={LEAD_FIELDS.ageConfirmed} label={leadMessages.ageLabel} required error={errors.ageConfirmed} />
    </fieldset>
  );
}

type ConsentItemProps = {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  error?: string;
  children?: React.ReactNode;
};

function ConsentItem({ id, name, label, required, error, children }: ConsentItemProps) {
  return (
    <div className="consent__item">
      <div className="consent__row">
        <input type="checkbox" {...controlProps(id, { error, className: 'consent__checkbox' })} name={name} required={required} />
        <label htmlFor={id} className="consent__label">
          {label}
        </label>
      </div>
      {children ? (
        <details className="consent__details">
          <summary>
            {leadMessages.noticeToggle}
            <span className="visually-hidden"> ({label})</span>
          </summary>
          {children}
        </details>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}
