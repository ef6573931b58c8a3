import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import type { LeadFormData } from '../../../server/leads/service';
import {
  LEAD_FIELDS,
  LEAD_MESSAGE_MAX,
  LEAD_NAME_MAX,
  validateLead,
  type LeadFieldErrors,
  type LeadFormKind,
} from '../../lib/lead-validation';
import { leadMessages, messages } from '../../lib/messages';
import { ConsentBlock } from './ConsentBlock';
import { currentSourcePage } from './source-page';
import { VisitSlotPicker } from './VisitSlotPicker';

type LeadFormProps = {
  kind: LeadFormKind;
  /** Prefix of the element ids, unique per form on the page. */
  idPrefix: string;
  /** Server-rendered form data (token, notice, slots); refreshed in the browser on mount. */
  data: LeadFormData | undefined;
  /** Focus the name field once mounted (the popup). */
  focusOnMount?: boolean;
  submitLabel?: string;
};

type Phase = 'idle' | 'submitting' | 'success' | 'failure' | 'error';

type ApiAnswer = { status: number; body: { error?: string; errors?: LeadFieldErrors; retryAfterMs?: number; message?: string } };

/** The fields in page order, for focusing the first one that is wrong. */
const FIELD_ORDER: Array<keyof LeadFieldErrors> = ['name', 'phone', 'message', 'visitSlot', 'privacyConsent', 'ageConfirmed'];
const FIELD_ID_SUFFIX: Record<keyof LeadFieldErrors, string> = {
  name: 'name',
  phone: 'phone',
  message: 'message',
  visitSlot: 'slot',
  privacyConsent: 'privacy',
  ageConfirmed: 'age',
};
/** "Too fast" and "expired form" are retried in place, at most this often. */
const MAX_QUIET_RETRIES = 3;

/**
 * A lead form: the popup's, the home page's (#interestForm) and the customer pages'. Without
 * JavaScript it is a plain POST to /api/leads, answered by a redirect to the result page; with
 * JavaScript it checks the fields with the shared validation module, sends JSON and shows the
 * outcome in place: idle → submitting ("등록 중...", button disabled) → a message replacing it.
 */
export function LeadForm({ kind, idPrefix, data, focusOnMount, submitLabel }: LeadFormProps) {
  const location = useLocation();
  const [formData, setFormData] = useState(data);
  const [phase, setPhase] = useState<Phase>('idle');
  const [errors, setErrors] = useState<LeadFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  useEffect(() => {
    setHydrated(true);
    // A fresh token (the HTML may come from a cache) and up-to-date free places.
    let cancelled = false;
    fetchFormData().then(
      (fresh) => !cancelled && setFormData(fresh),
      () => undefined,
    );
    if (focusOnMount) formRef.current?.querySelector<HTMLInputElement>(`#${idPrefix}-name`)?.focus();
    return () => {
      cancelled = true;
    };
  }, [focusOnMount, idPrefix]);

  useEffect(() => {
    if (phase === 'success' || phase === 'failure' || phase === 'error') resultRef.current?.focus();
  }, [phase]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'submitting') return;
    const form = event.currentTarget;
    const values: Record<string, unknown> = Object.fromEntries(new FormData(form));
    values[LEAD_FIELDS.sourcePage] = currentSourcePage();
    const check = validateLead(values);
    setFormError(null);
    if (!check.ok) {
      showFieldErrors(form, check.errors);
      return;
    }
    setErrors({});
    setPhase('submitting');
    try {
      let answer = await postLead(values);
      for (let retry = 0; retry < MAX_QUIET_RETRIES && (answer.status === 400 || answer.status === 409); retry += 1) {
        if (answer.body.error === 'tooFast') {
          await wait((answer.body.retryAfterMs ?? 1000) + 100);
        } else if (answer.body.error === 'formExpired' || answer.body.error === 'tokenUsed') {
          // A token stores one lead: after one registration (or from a cached page) a new form is needed.
          const fresh = await fetchFormData();
          setFormData(fresh);
          values[LEAD_FIELDS.formToken] = fresh.token;
        } else {
          break;
        }
        answer = await postLead(values);
      }
      handleAnswer(form, answer);
    } catch {
      setPhase('error');
    }
  }

  function handleAnswer(form: HTMLFormElement, { status, body }: ApiAnswer) {
    if (status === 201) {
      form.reset();
      setPhase('success');
      return;
    }
    setPhase('idle');
    if ((status === 400 || status === 409) && body.errors && Object.keys(body.errors).length > 0) {
      showFieldErrors(form, body.errors);
      if (status === 409) fetchFormData().then(setFormData, () => undefined);
    } else if (status === 429 || (status === 400 && body.message)) {
      setFormError(body.message ?? leadMessages.errors.rateLimited);
    } else {
      setPhase('failure');
    }
  }

  function showFieldErrors(form: HTMLFormElement, fieldErrors: LeadFieldErrors) {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) form.querySelector<HTMLElement>(`#${idPrefix}-${FIELD_ID_SUFFIX[first]}`)?.focus();
  }

  const showsMessage = kind !== 'popup';
  const messageRequired = kind === 'customer';
  const result = phase === 'success' || phase === 'failure' || phase === 'error' ? phase : null;

  return (
    <div className={`lead-form lead-form--${kind}`}>
      {result ? (
        <div ref={resultRef} tabIndex={-1} role="status" className={`lead-form__result lead-form__result--${result}`}>
          <p className="lead-form__result-text">
            {result === 'success'
              ? `${kind === 'customer' ? '✓ ' : ''}${messages.leadSuccess}`
              : result === 'failure'
                ? messages.leadFailure
                : messages.leadError}
          </p>
          {result !== 'success' ? (
            <button type="button" className="button lead-button--ghost" onClick={() => setPhase('idle')}>
              {leadMessages.backToForm}
            </button>
          ) : null}
        </div>
      ) : null}
      <form
        ref={formRef}
        method="post"
        action="/api/leads"
        className="lead-form__form"
        hidden={result !== null}
        // Once hydrated the shared validation speaks instead of the browser's bubbles.
        noValidate={hydrated}
        onSubmit={onSubmit}
      >
        <input type="hidden" name={LEAD_FIELDS.formToken} value={formData?.token ?? ''} />
        <input type="hidden" name={LEAD_FIELDS.formKind} value={kind} />
        <input type="hidden" name={LEAD_FIELDS.sourcePage} value={location.pathname + location.search} />
        <div className="lead-form__trap" aria-hidden="true">
          <label htmlFor={id('website')}>웹사이트</label>
          <input id={id('website')} name={LEAD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <TextField
          id={id('name')}
          name={LEAD_FIELDS.name}
          label={leadMessages.nameLabel}
          error={errors.name}
          autoComplete="name"
          maxLength={LEAD_NAME_MAX}
        />
        <TextField
          id={id('phone')}
          name={LEAD_FIELDS.phone}
          label={leadMessages.phoneLabel}
          error={errors.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={kind === 'customer' ? leadMessages.customerPhonePlaceholder : leadMessages.homePhonePlaceholder}
          maxLength={20}
        />
        {showsMessage ? (
          <div className="lead-field">
            <label htmlFor={id('message')} className="lead-field__label">
              {leadMessages.messageLabel}{' '}
              <span className={messageRequired ? 'lead-field__required' : 'lead-field__optional'}>
                {messageRequired ? leadMessages.required : leadMessages.optional}
              </span>
            </label>
            <textarea
              id={id('message')}
              name={LEAD_FIELDS.message}
              className="lead-field__input"
              rows={5}
              maxLength={LEAD_MESSAGE_MAX}
              required={messageRequired}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? `${id('message')}-error` : undefined}
            />
            {errors.message ? (
              <p id={`${id('message')}-error`} className="lead-field__error">
                {errors.message}
              </p>
            ) : null}
          </div>
        ) : null}
        <VisitSlotPicker id={id('slot')} slots={formData?.slots ?? []} error={errors.visitSlot} />
        <ConsentBlock idPrefix={idPrefix} notice={formData?.notice} errors={errors} />
        {formError ? (
          <p className="lead-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary lead-form__submit" disabled={phase === 'submitting'}>
          {phase === 'submitting' ? messages.submitting : (submitLabel ?? leadMessages.submit)}
        </button>
      </form>
    </div>
  );
}

type TextFieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
} & Pick<React.InputHTMLAttributes<HTMLInputElement>, 'type' | 'inputMode' | 'autoComplete' | 'placeholder' | 'maxLength'>;

function TextField({ id, name, label, error, type = 'text', ...input }: TextFieldProps) {
  return (
    <div className="lead-field">
      <label htmlFor={id} className="lead-field__label">
        {label} <span className="lead-field__required">{leadMessages.required}</span>
      </label>
      <input
        id={id}
        name={name}
        type={type}
        className="lead-field__input"
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...input}
      />
      {error ? (
        <p id={`${id}-error`} className="lead-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

async function fetchFormData(): Promise<LeadFormData> {
  const response = await fetch('/api/leads/form', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as LeadFormData;
}

async function postLead(values: Record<string, unknown>): Promise<ApiAnswer> {
  const response = await fetch('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(values),
  });
  const body = (await response.json().catch(() => ({}))) as ApiAnswer['body'];
  return { status: response.status, body };
}

function wait(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
