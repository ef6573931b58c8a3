import { useState } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { pressMessages } from '../../../shared/press-messages';
import { Field, FormAlert, SubmitButton } from '../form/Field';
import { SignInAlert, SignInFields } from '../form/SignInFields';
import './AdminPanel.css';

export type AdminActionData = { intent: 'login' | 'logout' | 'create' | 'publish'; error: string; /** A refused sign-in's e-mail, as typed. */ email?: string };

export type PressDraft = { _id: string; title: string | null; date: string | null };

type AdminPanelProps = {
  admin: { email: string; canWrite: boolean } | null;
  drafts: readonly PressDraft[];
  actionData: AdminActionData | undefined;
};

const text = pressMessages;

/** The drafts' words: only admins on the press page read them (kept out of the shared messages every page loads). */
export const draftText = {
  save: '초안 저장',
  heading: '게시 전 초안',
  hint: '게시하기 전에는 방문자에게 보이지 않습니다. 상담 관리 대시보드의 미리보기로 실제 페이지에서 확인할 수 있습니다.',
  publish: '게시',
  publishLabel: (title: string) => `${title} 게시`,
  missing: '게시할 초안이 없습니다. 이미 게시되었을 수 있습니다.',
};

/**
 * Below the press list: the sign-in form for a signed-out visitor; for staff a welcome line and
 * logout, and for an admin the write form (a sales account is told it cannot write). Plain POST
 * forms (they work before hydration); the server checks the session, role and Origin of every one.
 */
export function AdminPanel({ admin, drafts, actionData }: AdminPanelProps) {
  return (
    <section className="press-admin" aria-labelledby="press-admin-heading">
      <h2 id="press-admin-heading" className="press-admin__heading">
        {admin ? text.writeHeading : text.adminHeading}
      </h2>
      {admin ? <WriteForm email={admin.email} canWrite={admin.canWrite} actionData={actionData} /> : <LoginForm actionData={actionData} />}
      {admin?.canWrite && drafts.length > 0 ? <DraftList drafts={drafts} /> : null}
    </section>
  );
}

function LoginForm({ actionData }: { actionData: AdminActionData | undefined }) {
  const busy = useNavigation().formData?.get('intent') === 'login';
  // The page's path, not its URL: a form without an action posts to the URL, query and all, and
  // visitors' pages are rendered without the parameters the route does not read.
  const { pathname } = useLocation();
  return (
    <Form method="post" action={pathname} className="press-admin__form press-admin__form--login" replace>
      <input type="hidden" name="intent" value="login" />
      <SignInFields idPrefix="press-login" email={actionData?.intent === 'login' ? actionData.email : undefined} />
      {actionData?.intent === 'login' ? (
        <SignInAlert className="press-admin__error" answer={actionData}>
          {pressMessages.loginFailed(actionData.error)}
        </SignInAlert>
      ) : null}
      <SubmitButton pending={busy}>{text.login}</SubmitButton>
    </Form>
  );
}

function WriteForm({ email, canWrite, actionData }: { email: string; canWrite: boolean; actionData: AdminActionData | undefined }) {
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = useNavigation().formData?.get('intent') === 'create';
  const serverError = actionData && actionData.intent !== 'login' ? actionData.error : null;
  const error = clientError ?? serverError;
  return (
    <>
      <div className="press-admin__welcome">
        <p>{pressMessages.adminWelcome(email)}</p>
        <Form method="post" replace>
          <input type="hidden" name="intent" value="logout" />
          <button className="button button--outline" type="submit">
            {text.logout}
          </button>
        </Form>
      </div>
      {canWrite ? (
        <Form
          method="post"
          className="press-admin__form"
          replace
          // Title and summary are checked here for a quick answer, and again on the server.
          noValidate
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            const missing = ['title', 'summary'].some((name) => !String(form.get(name) ?? '').trim());
            setClientError(missing ? pressMessages.titleSummaryRequired : null);
            if (missing) event.preventDefault();
          }}
        >
          <input type="hidden" name="intent" value="create" />
          <Field id="press-title" label={text.headline} look="field">
            {(control) => <input {...control} type="text" name="title" aria-required="true" maxLength={200} />}
          </Field>
          <Field id="press-summary" label={text.summary} look="field">
            {(control) => <textarea {...control} name="summary" rows={3} aria-required="true" maxLength={1000} />}
          </Field>
          <Field id="press-body" label={text.body} hint={text.bodyHint} look="field">
            {(control) => <textarea {...control} name="body" rows={8} maxLength={20000} />}
          </Field>
          {error ? <FormAlert className="press-admin__error">{error}</FormAlert> : null}
          <div className="press-admin__buttons">
            <SubmitButton pending={busy}>{text.submit}</SubmitButton>
            {/* The clicked button is part of the post: this one keeps the article a draft. */}
            <button type="submit" name="saveAs" value="draft" className="button button--outline">
              {draftText.save}
            </button>
          </div>
        </Form>
      ) : (
        <p className="press-admin__note">{text.adminOnly}</p>
      )}
    </>
  );
}

/** The admin's drafts on this site, each published with one button (a plain POST). */
function DraftList({ drafts }: { drafts: readonly PressDraft[] }) {
  return (
    <div className="press-admin__drafts">
      <h3>{draftText.heading}</h3>
      <p className="press-admin__note">{draftText.hint}</p>
      <ul>
        {drafts.map((draft) => (
          <li key={draft._id}>
            <span>{draft.title}</span>
            <Form method="post" replace>
              <input type="hidden" name="intent" value="publish" />
              <input type="hidden" name="id" value={draft._id} />
              <button type="submit" className="button button--outline" aria-label={draftText.publishLabel(draft.title ?? '')}>
                {draftText.publish}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
