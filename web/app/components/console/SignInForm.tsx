import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { hasKeptDraft } from '../../lib/kept-draft';
import { SubmitButton } from '../form/Field';
import { SignInAlert, SignInFields } from '../form/SignInFields';
import { consoleText as text } from './console-text';
import './console.css';

/**
 * The console's sign-in (a plain POST form: works before hydration), posted to /admin.
 * `knownDeviceMinutes`: the longer idle window a 상담사 may mark this device for (null: not offered).
 */
export function SignInForm({
  next,
  answer,
  knownDeviceMinutes,
}: {
  next: string | null;
  answer: { error: string; email?: string } | undefined;
  knownDeviceMinutes: number | null;
}) {
  const busy = useNavigation().formData?.get('intent') === 'login';
  // Read from this tab's storage, so known only once the page runs in the browser.
  const [draftWaiting, setDraftWaiting] = useState(false);
  useEffect(() => setDraftWaiting(next !== null && hasKeptDraft(next.split('?')[0])), [next]);
  return (
    <main id="main" className="console-signin">
      <h1>{text.signInHeading}</h1>
      <p>{text.signInIntro}</p>
      {draftWaiting ? (
        <p className="console-alert" role="status">
          {text.session.draftWaiting}
        </p>
      ) : null}
      <Form method="post" action={next ? `/admin?next=${encodeURIComponent(next)}` : '/admin'} className="console-form" replace>
        <input type="hidden" name="intent" value="login" />
        <SignInFields idPrefix="console" email={answer?.email} />
        {knownDeviceMinutes ? (
          <div className="console-signin__device">
            <input id="console-known-device" type="checkbox" name="knownDevice" value="on" aria-describedby="console-known-device-hint" />
            <label htmlFor="console-known-device">{text.knownDevice}</label>
            <p id="console-known-device-hint" className="console-signin__device-hint">
              {text.knownDeviceHint(knownDeviceMinutes)}
            </p>
          </div>
        ) : null}
        {answer ? (
          <SignInAlert className="console-alert console-alert--error" answer={answer}>
            {answer.error}
          </SignInAlert>
        ) : null}
        <SubmitButton pending={busy} pendingLabel={text.signingIn}>
          {text.signIn}
        </SubmitButton>
      </Form>
    </main>
  );
}
