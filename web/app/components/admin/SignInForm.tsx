import { Form, useNavigation } from 'react-router';
import { Field, FormAlert, SubmitButton } from '../form/Field';
import { consoleText as text } from './console-text';
import './console.css';

/** The console's sign-in (a plain POST form: works before hydration), posted to /admin. */
export function SignInForm({ next, error }: { next: string | null; error: string | null }) {
  const busy = useNavigation().formData?.get('intent') === 'login';
  return (
    <main id="main" className="console-signin">
      <h1>{text.signInHeading}</h1>
      <p>{text.signInIntro}</p>
      <Form method="post" action={next ? `/admin?next=${encodeURIComponent(next)}` : '/admin'} className="console-form" replace>
        <input type="hidden" name="intent" value="login" />
        <Field id="console-email" label={text.email} look="field">
          {(control) => <input {...control} type="email" name="email" autoComplete="username" required maxLength={254} />}
        </Field>
        <Field id="console-password" label={text.password} look="field">
          {(control) => <input {...control} type="password" name="password" autoComplete="current-password" required maxLength={1024} />}
        </Field>
        {error ? <FormAlert className="console-alert console-alert--error">{error}</FormAlert> : null}
        <SubmitButton pending={busy} pendingLabel={text.signingIn}>
          {text.signIn}
        </SubmitButton>
      </Form>
    </main>
  );
}
