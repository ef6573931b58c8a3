import { useEffect, useRef } from 'react';
import { data, Form, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/accounts';
import { STAFF_ROLES, STAFF_ROLE_LABELS, type StaffIdentity } from '../../../shared/staff-roles';
import { seoulDateTime } from '../../../shared/seoul-time';
import { staffRefusalAnswer } from '../../../shared/staff-refusals';
import { isStaffRole, MIN_PASSWORD_LENGTH, STAFF_ACCOUNT_ERROR_MESSAGES, staffMobile, type StaffAccountError } from '../../../shared/staff-accounts';
import { AccountMobileForm, maskedMobile } from '../../components/console/AccountMobileForm';
import { Field, SubmitButton } from '../../components/form/Field';
import { ConsoleOutcome } from '../../components/console/ConsoleOutcome';
import { KeptDraftNote } from '../../components/console/KeptDraftNote';
import { consoleText } from '../../components/console/console-text';
import { consoleMeta } from '../../components/console/console-page';
import '../../components/console/accounts.css';
import { requireStaff } from '../../lib/require-staff';
import { useAnswerCount, useSaveCount } from '../../lib/answer-count';
import { useKeptDraft } from '../../lib/kept-draft';

const text = consoleText.accounts;

type AddField = 'email' | 'name' | 'role' | 'password' | 'mobile';

type Outcome = {
  ok: boolean;
  message: string;
  intent?: string;
  /** The account the post was about. */
  email?: string;
  /** A refused add: the field at fault, and what was typed (never the password). */
  field?: AddField;
  typed?: { email: string; name: string; role: string; mobile: string };
};

/** Which field of the add form a refusal is about. */
const FIELD_OF: Partial<Record<StaffAccountError, AddField>> = {
  invalidEmail: 'email',
  accountExists: 'email',
  invalidName: 'name',
  invalidRole: 'role',
  shortPassword: 'password',
  longPassword: 'password',
  invalidMobile: 'mobile',
};

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context, 'admin');
  return { accounts: await context.staff.list(), me: staff.email };
}

/** Add, disable, enable, reset: admins only, from this site (Origin), each recorded by the service. */
export async function action({ request, url, context }: Route.ActionArgs) {
  requireStaff({ request, url }, context, 'admin');
  const authorization = context.auth.authorizeWrite(request, 'admin');
  if (!authorization.ok) {
    const { status, message } = staffRefusalAnswer(authorization.refusal);
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
    result = await context.staff.add({ email, name: field('name'), role: field('role'), password: field('password'), mobile: field('mobile') }, actor);
    done = text.added(email.trim().toLowerCase());
  } else if (intent === 'disable' || intent === 'enable') {
    result = await context.staff.setDisabled(email, intent === 'disable', actor);
    done = (intent === 'disable' ? text.disabledDone : text.enabledDone)(await nameOf(context, email));
    if (result.ok && intent === 'disable')
      done = `${done} ${await handOver(context, email, field('handOverTo'), { ...authorization.session, ip: context.clientIp })}`;
  } else if (intent === 'role') {
    const role = field('role');
    result = await context.staff.changeRole(email, role, actor);
    done = text.roleDone(await nameOf(context, email), isStaffRole(role) ? STAFF_ROLE_LABELS[role] : role, result.ok && result.endedSessions === true);
  } else if (intent === 'mobile') {
    result = await context.staff.setMobile(email, field('mobile'), actor);
    const stored = staffMobile(field('mobile'));
    done = text.mobileDone(await nameOf(context, email), stored && stored !== 'invalid' ? maskedMobile(stored) : null);
  } else if (intent === 'reset') {
    result = await context.staff.resetPassword(email, field('password'), actor);
    done = text.resetDone(await nameOf(context, email));
  } else {
    const { status, message } = staffRefusalAnswer(form ? 'unknownRequest' : 'unreadableForm');
    return data<Outcome>({ ok: false, message }, { status });
  }
  if (!result.ok) {
    // A refusal about an existing account says which one (the page lists them all).
    const reason = STAFF_ACCOUNT_ERROR_MESSAGES[result.error];
    const refused: Outcome = { ok: false, message: intent === 'add' ? reason : text.refusedFor(email, reason), intent, email };
    if (intent === 'add')
      Object.assign(refused, { field: FIELD_OF[result.error], typed: { email, name: field('name'), role: field('role'), mobile: field('mobile') } });
    return data<Outcome>(refused, { status: 400 });
  }
  return data<Outcome>({ ok: true, message: done, intent, email });
}

/** The account's name as the page shows it; its e-mail when it has none. */
async function nameOf(context: Route.ActionArgs['context'], email: string): Promise<string> {
  const account = (await context.staff.list()).find((candidate) => candidate.email === email.trim().toLowerCase());
  return account?.name || email;
}

/** A disabled account's leads to the one chosen (empty: 미배정), each recorded by the lead console. */
async function handOver(context: Route.ActionArgs['context'], from: string, to: string, actor: StaffIdentity & { ip: string }): Promise<string> {
  const accounts = await context.staff.list();
  const receiver = accounts.find((account) => account.email === to && !account.disabled);
  const result = await context.leadConsole.handOver(from, receiver ? receiver.email : null, actor);
  if (!result.ok) return text.handOverFailed;
  const moved = text.handedOver(result.assigned, receiver ? `${receiver.name} 님` : '미배정');
  return result.refused ? `${moved} ${text.handOverLeft(result.refused)}` : moved;
}

export function meta() {
  return consoleMeta(text.title);
}

/**
 * An account's outcome and the forms. After each post focus goes to what happened: the message
 * (a status, or an alert), or for an add refused because of one field, that field, marked invalid
 * and described by the reason, with what was typed kept.
 */
export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { accounts, me } = loaderData;
  const pendingIntent = useNavigation().formData?.get('intent');
  const answers = useAnswerCount(actionData);
  const added = useSaveCount(actionData, actionData?.ok === true && actionData.intent === 'add');
  const addField = actionData && !actionData.ok && actionData.intent === 'add' ? actionData.field : undefined;
  const addError = (name: AddField) => (addField === name ? actionData?.message : undefined);
  const typed = actionData?.typed;
  const addForm = useRef<HTMLFormElement>(null);
  // The password is not among the kept fields (and kept-draft.ts never stores one).
  const restored = useKeptDraft(addForm, {
    place: { page: useLocation().pathname, form: 'add' },
    saved: { email: '', name: '', role: 'sales', mobile: '' },
    answer: actionData,
  });
  useEffect(() => {
    if (addField) addForm.current?.querySelector<HTMLElement>(`[name="${addField}"]`)?.focus();
  }, [addField, actionData]);
  return (
    <>
      <h1>{text.title}</h1>
      <p>{text.keptNote}</p>
      {actionData && !addField ? (
        <ConsoleOutcome tone={actionData.ok ? 'success' : 'error'} answer={actionData}>
          <p>{actionData.message}</p>
        </ConsoleOutcome>
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
                <dd>{seoulDateTime(account.createdAt).slice(0, 10)}</dd>
              </div>
              <div>
                <dt>{text.mobile}</dt>
                <dd>{maskedMobile(account.mobile)}</dd>
              </div>
            </dl>
            <div className="account-card__actions">
              {account.email === me ? null : (
                <Form method="post" className="account-card__disable">
                  <input type="hidden" name="email" value={account.email} />
                  <input type="hidden" name="intent" value={account.disabled ? 'enable' : 'disable'} />
                  {account.disabled ? null : (
                    <>
                      <label htmlFor={`hand-over-${account.email}`}>{text.handOverTo(account.name)}</label>
                      <select id={`hand-over-${account.email}`} name="handOverTo" defaultValue="" aria-describedby={`hand-over-hint-${account.email}`}>
                        <option value="">{text.handOverNobody}</option>
                        {accounts
                          .filter((other) => other.email !== account.email && !other.disabled)
                          .map((other) => (
                            <option key={other.email} value={other.email}>
                              {`${other.name} · ${STAFF_ROLE_LABELS[other.role]}`}
                            </option>
                          ))}
                      </select>
                      <p id={`hand-over-hint-${account.email}`} className="account-card__hint">
                        {text.handOverHint}
                      </p>
                    </>
                  )}
                  <button type="submit" className="button button--outline" aria-label={`${account.name} ${account.disabled ? text.enable : text.disable}`}>
                    {account.disabled ? text.enable : text.disable}
                  </button>
                </Form>
              )}
              {account.email === me ? null : (
                <Form method="post" className="account-card__role">
                  <input type="hidden" name="email" value={account.email} />
                  <input type="hidden" name="intent" value="role" />
                  <label htmlFor={`role-${account.email}`}>{text.newRole(account.name)}</label>
                  <select id={`role-${account.email}`} name="role" defaultValue={account.role}>
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_LABELS[role]}
                      </option>
                    ))}
                  </select>
                  <button type="submit" className="button button--outline" aria-label={`${account.name} ${text.changeRole}`}>
                    {text.changeRole}
                  </button>
                </Form>
              )}
              <AccountMobileForm
                account={account}
                error={actionData && !actionData.ok && actionData.intent === 'mobile' && actionData.email === account.email ? actionData.message : undefined}
                answer={actionData}
              />
              {/* Rendered afresh after each answer: a new password never stays in the field. */}
              <Form method="post" className="account-card__reset" key={answers}>
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
                <button type="submit" className="button button--outline" aria-label={`${account.name} ${text.reset}`}>
                  {text.reset}
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
      <h2>{text.addHeading}</h2>
      {restored ? <KeptDraftNote /> : null}
      {/* Rendered afresh after an account is added (its password does not stay in the form); kept as
          typed after a refusal or another form's post. */}
      <Form ref={addForm} method="post" className="console-form" key={added}>
        <input type="hidden" name="intent" value="add" />
        <Field id="account-email" label={consoleText.email} look="field" error={addError('email')}>
          {(control) => <input {...control} type="email" name="email" autoComplete="off" required maxLength={254} defaultValue={typed?.email} />}
        </Field>
        <Field id="account-name" label={text.name} look="field" error={addError('name')}>
          {(control) => <input {...control} type="text" name="name" autoComplete="off" required maxLength={40} defaultValue={typed?.name} />}
        </Field>
        <Field id="account-role" label={text.role} look="field" error={addError('role')}>
          {(control) => (
            <select {...control} name="role" defaultValue={typed?.role ?? 'sales'}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {STAFF_ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="account-mobile" label={text.mobile} hint={text.mobileHint} look="field" error={addError('mobile')}>
          {(control) => <input {...control} type="tel" name="mobile" inputMode="tel" autoComplete="off" maxLength={20} defaultValue={typed?.mobile} />}
        </Field>
        <Field id="account-password" label={consoleText.password} hint={text.passwordHint(MIN_PASSWORD_LENGTH)} look="field" error={addError('password')}>
          {(control) => <input {...control} type="password" name="password" autoComplete="new-password" required minLength={MIN_PASSWORD_LENGTH} />}
        </Field>
        <SubmitButton pending={pendingIntent === 'add'}>{text.add}</SubmitButton>
      </Form>
    </>
  );
}
