import { messages } from '../../../shared/messages';
import { Field } from './Field';

/**
 * The e-mail and password fields of a staff sign-in form (the console's and the press page's),
 * with the autocomplete hints password managers need and the server's length limits.
 */
export function SignInFields({ idPrefix }: { idPrefix: string }) {
  return (
    <>
      <Field id={`${idPrefix}-email`} label={messages.press.email} look="field">
        {(control) => <input {...control} type="email" name="email" autoComplete="username" required maxLength={254} />}
      </Field>
      <Field id={`${idPrefix}-password`} label={messages.press.password} look="field">
        {(control) => <input {...control} type="password" name="password" autoComplete="current-password" required maxLength={1024} />}
      </Field>
    </>
  );
}
