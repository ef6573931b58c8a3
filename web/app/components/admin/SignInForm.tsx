import { Form, useNavigation } from 'react-router';
import { FormAlert, SubmitButton } from '../form/Field';
import { SignInFields } from '../form/SignInFields';
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
        <SignInFields idPrefix="console" />
        {error ? <FormAlert className="console-alert console-alert--error">{error}</FormAlert> : null}
        <SubmitButton pending={busy} pendingLabel={text.signingIn}>
          {text.signIn}
        </SubmitButton>
      </Form>
    </main>
  );
}
