import { pressMessages } from '../../../shared/press-messages';
import { useEffect, useRef, type ReactNode } from 'react';
import { Field, FormAlert } from './Field';

/**
 * The e-mail and password fields of a staff sign-in form (the console's and the press page's),
 * with the autocomplete hints password managers need and the server's length limits. After a
 * refused sign-in the e-mail comes back as typed (the password never does).
 */
export function SignInFields({ idPrefix, email }: { idPrefix: string; /** What was typed before a refused sign-in. */ email?: string }) {
  return (
    <>
      <Field id={`${idPrefix}-email`} label={pressMessages.email} look="field">
        {(control) => <input {...control} type="email" name="email" autoComplete="username" required maxLength={254} defaultValue={email} />}
      </Field>
      <Field id={`${idPrefix}-password`} label={pressMessages.password} look="field">
        {(control) => <input {...control} type="password" name="password" autoComplete="current-password" required maxLength={1024} />}
      </Field>
    </>
  );
}

/**
 * A refused sign-in's reason, focused with each answer (the disabled submit button dropped focus,
 * and a keyboard user continues from the reason, then the fields).
 */
export function SignInAlert({ className, answer, children }: { className: string; answer: unknown; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [answer]);
  return (
    <FormAlert ref={ref} className={className}>
      {children}
    </FormAlert>
  );
}
