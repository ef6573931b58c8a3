import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useFetcher, useLocation } from 'react-router';
import type { LeadFormData } from '../../../shared/lead-form';
import { LEAD_FIELDS, LEAD_MESSAGE_MAX, LEAD_NAME_MAX, validateLead, type LeadFieldErrors, type LeadFormKind } from '../../../shared/lead-validation';
import { leadMessages, messages } from '../../../shared/messages';
import { Field, FormAlert, SubmitButton } from '../form/Field';
import { ConsentBlock } from './ConsentBlock';
import { currentSourcePage, visitLandingPage } from '../../lib/visit';
import { useEnabledTags } from '../../lib/site-data';
import { trackConversion } from '../../lib/tag-loading';
import { fetchFormData, LEAD_API_PATH, type ApiAnswer } from './lead-api';
import type { clientAction } from '../../routes/api/leads';
import { useTokenRefresh } from './useTokenRefresh';
import { VisitSlotPicker } from './VisitSlotPicker';
import './LeadForm.css';

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

type Phase = 'idle' | 'submitting' | 'success';

/** A problem shown in the form, above the submit button; `retry` offers a 다시 시도 button. */
type Notice = { text: string; retry: boolean };

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

/** The values sent and how often they were retried quietly. */
type Sent = { values: Record<string, string>; retries: number };

/**
 * A lead form: the popup's, the home page's (#interestForm) and the customer pages'. Without
 * JavaScript it is a plain POST to /api/leads, answered by a redirect to the result page; with
 * JavaScript it checks the fields with the shared validation module, its fetcher sends JSON to
 * the same action (routes/api/leads.ts) and the form shows the outcome in place: idle →
 * submitting ("등록 중...", button disabled) → the success message replacing it, or a problem
 * shown above the button. Problems take keyboard focus (the disabled button has dropped it) and
 * never clear what was typed; an expired form token is refreshed in the background, retried with
 * backoff for as long as the form is open.
 */
export function LeadForm({ kind, idPrefix, data, focusOnMount, submitLabel }: LeadFormProps) {
  const location = useLocation();
  const [formData, setFormData] = useState(data);
  const [phase, setPhase] = useState<Phase>('idle');
  const tags = useEnabledTags();
  const [errors, setErrors] = useState<LeadFieldErrors>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [hydrated, setHydrated] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const tokenRefresh = useTokenRefresh(setFormData);
  const fetcher = useFetcher<typeof clientAction>();
  // What the fetcher is sending now; its answer is handled once.
  const sending = useRef<Sent | null>(null);
  const id = (name: string) => `${idPrefix}-${name}`;

  useEffect(() => {
    setHydrated(true);
    // A fresh token (the HTML may come from a cache) and up-to-date free places.
    tokenRefresh.refresh().catch(() => undefined);
    if (focusOnMount) formRef.current?.querySelector<HTMLInputElement>(`#${idPrefix}-name`)?.focus();
  }, [focusOnMount, idPrefix, tokenRefresh]);

  useEffect(() => {
    if (phase === 'success') resultRef.current?.focus();
  }, [phase]);

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (phase === 'submitting') return;
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form)) as Record<string, string>;
    values[LEAD_FIELDS.sourcePage] = currentSourcePage();
    const landingPage = visitLandingPage();
    if (landingPage) values[LEAD_FIELDS.landingPage] = landingPage;
    const check = validateLead(values);
    setNotice(null);
    if (!check.ok) {
      showFieldErrors(form, check.errors);
      return;
    }
    setErrors({});
    setPhase('submitting');
    send({ values, retries: 0 });
  }

  function send(sent: Sent) {
    sending.current = sent;
    // The page's data does not change with a lead: nothing to read again.
    fetcher.submit(sent.values, { method: 'post', action: LEAD_API_PATH, encType: 'application/json', defaultShouldRevalidate: false }).catch(() => undefined);
  }

  const onAnswer = useEffectEvent(async (answer: ApiAnswer, { values, retries }: Sent) => {
    const form = formRef.current;
    if (!form) return;
    if ((answer.status === 400 || answer.status === 409) && retries < MAX_QUIET_RETRIES) {
      if (answer.body.error === 'tooFast') {
        await wait((answer.body.retryAfterMs ?? 1000) + 100);
        send({ values, retries: retries + 1 });
        return;
      }
      if (answer.body.error === 'formExpired' || answer.body.error === 'tokenUsed') {
        // A token stores one lead: after one registration (or from a cached page) a new form is needed.
        try {
          const fresh = await tokenRefresh.refresh(showTokenRetrying);
          send({ values: { ...values, [LEAD_FIELDS.formToken]: fresh.token }, retries: retries + 1 });
        } catch {
          setPhase('idle');
          setNotice({ text: messages.leadError, retry: true });
        }
        return;
      }
    }
    handleAnswer(form, answer);
  });

  useEffect(() => {
    const sent = sending.current;
    if (fetcher.state !== 'idle' || !fetcher.data || !sent) return;
    sending.current = null;
    void onAnswer(fetcher.data, sent);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onAnswer is an effect event (this plugin version does not know them)
  }, [fetcher.state, fetcher.data]);

  /** Said once while the refresh keeps failing: setting it again would pull focus back to it. */
  function showTokenRetrying() {
    const text = leadMessages.errors.tokenRetrying;
    setNotice((current) => (current?.text === text ? current : { text, retry: true }));
  }

  /** 다시 시도: stop waiting for the token refresh's next attempt, or send the form again. */
  function retry() {
    if (!tokenRefresh.retryNow()) formRef.current?.requestSubmit();
  }

  function handleAnswer(form: HTMLFormElement, { status, body }: ApiAnswer) {
    if (status === 0) {
      setPhase('idle');
      setNotice({ text: messages.leadError, retry: true });
      return;
    }
    if (status === 201) {
      trackConversion(tags);
      form.reset();
      setPhase('success');
      return;
    }
    setPhase('idle');
    if ((status === 400 || status === 409) && body.errors && Object.keys(body.errors).length > 0) {
      showFieldErrors(form, body.errors);
      if (status === 409) fetchFormData().then(setFormData, () => undefined);
    } else if (status === 429) {
      // The limit lasts minutes: a retry button would only fail again.
      setNotice({ text: body.message ?? leadMessages.errors.rateLimited, retry: false });
    } else if (status === 400 && body.message && body.error !== 'formExpired') {
      setNotice({ text: body.message, retry: true });
    } else {
      setNotice({ text: messages.leadFailure, retry: true });
    }
  }

  function showFieldErrors(form: HTMLFormElement, fieldErrors: LeadFieldErrors) {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((field) => fieldErrors[field]);
    if (first) form.querySelector<HTMLElement>(`#${idPrefix}-${FIELD_ID_SUFFIX[first]}`)?.focus();
  }

  const showsMessage = kind !== 'popup';
  const messageRequired = kind === 'customer';
  const succeeded = phase === 'success';

  return (
    <div className={`lead-form lead-form--${kind}`}>
      {succeeded ? (
        <div ref={resultRef} tabIndex={-1} role="status" className="lead-form__result lead-form__result--success">
          <p className="lead-form__result-text">{`${kind === 'customer' ? '✓ ' : ''}${messages.leadSuccess}`}</p>
        </div>
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={LEAD_API_PATH}
        className="lead-form__form"
        hidden={succeeded}
        // Once hydrated the shared validation speaks instead of the browser's bubbles.
        noValidate={hydrated}
        onSubmit={onSubmit}
      >
        <input type="hidden" name={LEAD_FIELDS.formToken} value={formData?.token ?? ''} />
        <input type="hidden" name={LEAD_FIELDS.formKind} value={kind} />
        {/* The path only: the server renders a page without the query (campaign parameters are read in the browser). */}
        <input type="hidden" name={LEAD_FIELDS.sourcePage} value={location.pathname} />
        <div className="lead-form__trap" aria-hidden="true">
          <label htmlFor={id('website')}>웹사이트</label>
          <input id={id('website')} name={LEAD_FIELDS.honeypot} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <Field id={id('name')} label={leadMessages.nameLabel} mark="required" error={errors.name}>
          {(control) => <input {...control} name={LEAD_FIELDS.name} type="text" required autoComplete="name" maxLength={LEAD_NAME_MAX} />}
        </Field>
        <Field id={id('phone')} label={leadMessages.phoneLabel} mark="required" error={errors.phone}>
          {(control) => (
            <input
              {...control}
              name={LEAD_FIELDS.phone}
              type="tel"
              required
              inputMode="tel"
              autoComplete="tel"
              placeholder={kind === 'customer' ? leadMessages.customerPhonePlaceholder : leadMessages.homePhonePlaceholder}
              maxLength={20}
            />
          )}
        </Field>
        {showsMessage ? (
          <Field id={id('message')} label={leadMessages.messageLabel} mark={messageRequired ? 'required' : 'optional'} error={errors.message}>
            {(control) => <textarea {...control} name={LEAD_FIELDS.message} rows={5} maxLength={LEAD_MESSAGE_MAX} required={messageRequired} />}
          </Field>
        ) : null}
        <VisitSlotPicker id={id('slot')} slots={formData?.slots ?? []} error={errors.visitSlot} />
        <ConsentBlock idPrefix={idPrefix} notice={formData?.notice} errors={errors} />
        {notice ? (
          <FormAlert ref={noticeRef} className="lead-form__notice">
            <p className="lead-form__notice-text">{notice.text}</p>
            {notice.retry ? (
              <button type="button" className="button lead-button--ghost" onClick={retry}>
                {leadMessages.retry}
              </button>
            ) : null}
          </FormAlert>
        ) : null}
        <SubmitButton pending={phase === 'submitting'} pendingLabel={messages.submitting} className="lead-form__submit">
          {submitLabel ?? leadMessages.submit}
        </SubmitButton>
      </fetcher.Form>
    </div>
  );
}

function wait(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
