import { useEffect, useRef } from 'react';
import { data, Link, Outlet, redirect, isRouteErrorResponse, useRouteError } from 'react-router';
import type { Route } from './+types/layout';
import { isConsolePath } from '../../../shared/console-path';
import { staffRefusalAnswer } from '../../../shared/staff-refusals';
import { ownPagePath } from '../../../shared/own-page-path';
import type { PageHandle } from '../../../shared/page-query';
import { typedEmail } from '../../../shared/staff-accounts';
import type { StaffRole } from '../../../shared/staff-roles';
import { TODAY_PATH } from '../../../shared/today-work';
import { ConsoleShell } from '../../components/console/ConsoleShell';
import { SignInForm } from '../../components/console/SignInForm';
import { consoleText as text } from '../../components/console/console-text';
import { consoleMeta } from '../../components/console/console-page';
import { CONSOLE_HOME, STAFF_FORBIDDEN_MESSAGE } from '../../lib/require-staff';

/** Console pages read their filters, ranges and `next` from the query; they are private, never cached. */
export const handle = { query: 'any' } satisfies PageHandle;

/**
 * Where to go after signing in: the console page that sent the staff member here, else their
 * day's start — 오늘 할 일 for a 상담사, the dashboard for a 팀장 or 관리자.
 */
function afterSignIn(url: URL, role: StaffRole): string {
  const next = ownPagePath(url.searchParams.get('next'));
  if (isConsolePath(next)) return next;
  return role === 'sales' ? TODAY_PATH : CONSOLE_HOME;
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = context.auth.session(request);
  const next = url.searchParams.get('next');
  // The site-wide cap on messages to customers, once reached, is every staff member's to see.
  const quota = staff ? await context.leadMessages.customerQuota() : null;
  return {
    staff,
    next: staff ? null : next,
    messageCap: quota && quota.sent >= quota.cap ? quota : null,
    knownDeviceMinutes: staff ? null : context.auth.knownDeviceIdleMinutes,
  };
}

/** Sign-in and sign-out, posted to /admin (the same session, throttle and Origin rules as the press page). */
export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get('intent');
  if (form && intent === 'login') {
    const result = await context.auth.login(request, {
      email: form.get('email'),
      password: form.get('password'),
      clientIp: context.clientIp,
      knownDevice: form.get('knownDevice') === 'on',
    });
    if (!result.ok) {
      const { status, message } = staffRefusalAnswer(result.refusal, result.retryAfterSeconds);
      const headers: HeadersInit = result.retryAfterSeconds ? { 'Retry-After': String(result.retryAfterSeconds) } : {};
      return data({ error: message, email: typedEmail(form.get('email')) }, { status, headers });
    }
    const headers = new Headers();
    headers.append('Set-Cookie', result.setCookie);
    headers.append('Set-Cookie', result.deviceCookie);
    return redirect(afterSignIn(url, result.session.role), { headers });
  }
  if (form && intent === 'logout') {
    if (!context.auth.isSameOrigin(request)) return data({ error: staffRefusalAnswer('foreignOrigin').message }, { status: 403 });
    return redirect(CONSOLE_HOME, { headers: { 'Set-Cookie': await context.auth.logout(request, context.clientIp) } });
  }
  const { status, message } = staffRefusalAnswer(form ? 'unknownRequest' : 'unreadableForm');
  return data({ error: message }, { status });
}

/** Console pages are personal: never stored by a browser or a CDN, never indexed. */
export function headers({ actionHeaders }: Route.HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get('Retry-After');
  return { 'Cache-Control': 'private, no-store', ...(retryAfter ? { 'Retry-After': retryAfter } : {}) };
}

/** What a console page that could not be shown says (its heading, and its title before " | 상담 관리"). */
function errorHeading(status: number): string {
  if (status === 403) return '접근 권한이 없습니다';
  if (status === 404) return '찾을 수 없습니다';
  return '페이지를 표시할 수 없습니다';
}

const errorStatus = (error: unknown) => (isRouteErrorResponse(error) ? error.status : 500);

export function meta({ error }: Route.MetaArgs) {
  return consoleMeta(error ? errorHeading(errorStatus(error)) : text.signInHeading);
}

/**
 * Signing in replaces the sign-in form with the page asked for, often at the same address: focus
 * then goes to the page's heading (the root does this only when the address changes).
 */
function useFocusAfterSignIn(signedIn: boolean): void {
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (signedIn && !wasSignedIn.current) {
      const heading = document.querySelector<HTMLElement>('main h1');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
    }
    wasSignedIn.current = signedIn;
  }, [signedIn]);
}

export default function ConsoleLayout({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, next, messageCap, knownDeviceMinutes } = loaderData;
  useFocusAfterSignIn(staff !== null);
  if (!staff) return <SignInForm next={next} answer={actionData} knownDeviceMinutes={knownDeviceMinutes} />;
  return (
    <ConsoleShell staff={staff}>
      {messageCap ? (
        <p className="console-alert console-alert--error" role="alert">
          {text.messageCapReached(messageCap.sent, messageCap.cap)}
        </p>
      ) : null}
      {actionData?.error ? <p className="console-alert console-alert--error">{actionData.error}</p> : null}
      <Outlet />
    </ConsoleShell>
  );
}

/** A console page refused (403 for a sales account on an admin page) or failed. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = errorStatus(error);
  if (status >= 500) console.error(error);
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : status === 403
        ? STAFF_FORBIDDEN_MESSAGE
        : '오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';
  return (
    <main id="main" className="console-error">
      <h1>{errorHeading(status)}</h1>
      <p>{message}</p>
      <p>
        <Link to={CONSOLE_HOME}>{text.backToConsole}</Link>
      </p>
    </main>
  );
}
