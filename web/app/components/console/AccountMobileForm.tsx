import { useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { formatPhone, maskPhone } from '../../../shared/phone-format';
import { useKeptDraft } from '../../lib/kept-draft';
import { consoleText } from './console-text';
import { KeptDraftNote } from './KeptDraftNote';

const text = consoleText.accounts;

/** The account's 휴대폰 as the card lists it: masked (the whole number is only in the admin's edit field). */
export function maskedMobile(mobile: string | null | undefined): string {
  return mobile ? maskPhone(mobile) : text.mobileNone;
}

/**
 * An admin sets or (emptied) removes an account's 휴대폰, where messages about its leads go. Keyed
 * by the stored number: after a save the field shows what is stored now. A number typed and not
 * saved is kept across the end of a session.
 */
export function AccountMobileForm({
  account,
  error,
  answer,
}: {
  account: { email: string; name: string; mobile?: string | null };
  error?: string;
  answer: unknown;
}) {
  const id = `mobile-${account.email}`;
  const stored = account.mobile ? formatPhone(account.mobile) : '';
  const form = useRef<HTMLFormElement>(null);
  const restored = useKeptDraft(form, { place: { page: useLocation().pathname, form: id }, saved: { mobile: stored }, answer });
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <Form ref={form} method="post" className="account-card__mobile console-form" key={account.mobile ?? ''}>
      {restored ? <KeptDraftNote /> : null}
      <input type="hidden" name="email" value={account.email} />
      <input type="hidden" name="intent" value="mobile" />
      <label htmlFor={id}>{text.newMobile(account.name)}</label>
      <input
        id={id}
        className="field__input"
        type="tel"
        name="mobile"
        inputMode="tel"
        autoComplete="off"
        maxLength={20}
        defaultValue={stored}
        aria-describedby={error ? `${errorId} ${hintId}` : hintId}
        aria-invalid={error ? true : undefined}
      />
      <button type="submit" className="button button--outline" aria-label={`${account.name} ${text.saveMobile}`}>
        {text.saveMobile}
      </button>
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      <p id={hintId} className="account-card__hint">
        {text.mobileHint}
      </p>
    </Form>
  );
}
