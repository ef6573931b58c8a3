import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/accounts';
import { STAFF_ROLES, STAFF_ROLE_LABELS } from '../../../shared/console';
import { adminRefusalAnswer } from '../../../shared/admin-refusals';
import { MIN_PASSWORD_LENGTH, STAFF_ACCOUNT_ERROR_MESSAGES } from '../../../shared/staff-accounts';
import { Field, SubmitButton } from '../../components/form/Field';
import { consoleText } from '../../components/admin/console-text';
import { consoleMeta } from '../../components/admin/console-page';
import '../../components/admin/accounts.css';
import { requireStaff } from '../../lib/require-staff';

const text = consoleText.accounts;

type Outcome = { ok: boolean; message: string };

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context, 'admin');
  return { accounts: await context.staff.list(), me: staff.email };
}

/** Add, disable, enable, reset: admins only, from this site (Origin), each recorded by the service. */
export async function action({ request, context }: Route.ActionArgs) {
  requireStaff(request, context, 'admin');
  const authorization = context.auth.authorizeWrite(request, 'admin');
  if (!authorization.ok) {
    const { status, message } = adminRefusalAnswer(authorization.refusal);
    return data<Outcome>({ ok: false, message }, { status });
  }
  const form = await request.formData().catch(() => null);
  const field = (name: string) => String(form?.get(name) ?? '');
  const actor = { email: authorization.session.email, ip: context.clientIp };
  const email = field('email');
  const intent = field('intent');
  let result;
  let done: string;
  if (intent === 'add') {
    result = await context.staff.add({ email, name: field('name'), role: field('role'), password: field('password') }, actor);
    done = text.added(email.trim().toLowerCase());
  } else if (intent === 'disable' || intent === 'enable') {
    result = await context.staff.setDisabled(email, intent === 'disable', actor);
    done = intent === 'disable' ? text.disabledDone(email) : text.enabledDone(email);
  } else if (intent === 'reset') {
    result = await context.staff.resetPassword(email, field('password'), actor);
    done = text.resetDone(email);
  } else {
    const { status, message } = adminRefusalAnswer(form ? 'unknownRequest' : 'unreadableForm');
    return data<Outcome>({ ok: false, message }, { status });
  }
  if (!result.ok) return data<Outcome>({ ok: false, message: STAFF_ACCOUNT_ERROR_MESSAGES[result.error] }, { status: 400 });
  return { ok: true, message: done } satisfies Outcome;
}

export function meta() {
  return consoleMeta(text.title);
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me } = loaderData;
  const pendingIntent = useNavigation().formData?.get('intent');
  return (
    <>
      <h1>{text.title}</h1>
      {actionData ? (
        <p className={actionData.ok ? 'console-alert' : 'console-alert console-alert--error'} role={actionData.ok ? 'status' : 'alert'}>
          {actionData.message}
        </p>
      ) : null}
      <h2>{text.listHeading}</h2>
      <ul className="account-list">
        {accounts.map((account) => (
          <li key={account.email} className="account-card">
            <p className="account-card__name">
              {account.name}
              {account.email === me ? <span className="account-card__you"> ({text.you})</span> : null}
            </p>
            <dl className="account-card__facts">
              <div>
                <dt>{consoleText.email}</dt>
                <dd>{account.email}</dd>
              </div>
              <div>
                <dt>{text.role}</dt>
                <dd>{STAFF_ROLE_LABELS[account.role]}</dd>
              </div>
              <div>
                <dt>{text.status}</dt>
                <dd className={account.disabled ? 'account-card__disabled' : undefined}>{account.disabled ? text.disabled : text.active}</dd>
              </div>
              <div>
                <dt>{text.createdAt}</dt>
                <dd>{account.createdAt.slice(0, 10)}</dd>
              </div>
            </dl>
            <div className="account-card__actions">
              {account.email === me ? null : (
                <Form method="post">
                  <input type="hidden" name="email" value={account.email} />
                  <input type="hidden" name="intent" value={account.disabled ? 'enable' : 'disable'} />
                  <button type="submit" className="button button--outline" aria-label={`${account.name} ${account.disabled ? text.enable : text.disable}`}>
                    {account.disabled ? text.enable : text.disable}
                  </button>
                </Form>
              )}
              <Form method="post" className="account-card__reset">
                <input type="hidden" name="email" value={account.email} />
                <input type="hidden" name="intent" value="reset" />
                <label htmlFor={`reset-${account.email}`}>{`${account.name} ${text.newPassword}`}</label>
                <input
                  id={`reset-${account.email}`}
                  className="field__input"
                  type="password"
                  name="password"
                  autoComplete="new-password"
                  minLength={MIN_PASSWORD_LENGTH}
                  required
                />
                <button type="submit" className="button button--outline">
                  {text.reset}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <h2>{text.addHeading}</h2>
      {/* Remounted after each success: the added account's password does not stay in the form. */}
      <Form method="post" className="console-form" key={actionData?.ok ? actionData.message : 'add'}>
        <input type="hidden" name="intent" value="add" />
        <Field id="account-email" label={consoleText.email} look="field">
          {(control) => <input {...control} type="email" name="email" autoComplete="off" required maxLength={254} />}
        </Field>
        <Field id="account-name" label={text.name} look="field">
          {(control) => <input {...control} type="text" name="name" autoComplete="off" required maxLength={40} />}
        </Field>
        <Field id="account-role" label={text.role} look="field">
          {(control) => (
            <select {...control} name="role" defaultValue="sales">
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="account-password" label={consoleText.password} hint={text.passwordHint(MIN_PASSWORD_LENGTH)} look="field">
          {(control) => <input {...control} type="password" name="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />}
        </Field>
        <SubmitButton pending={pendingIntent === 'add'}>{text.add}</SubmitButton>
      </Form>
    </>
  );
}
