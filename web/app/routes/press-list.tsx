import { data, redirect, useLocation } from 'react-router';
import type { Route } from './+types/press-list';
import { PageBanner } from '../components/PageBanner';
import { SubMenu } from '../components/SubMenu';
import { AdminPanel, draftText, type AdminActionData } from '../components/press/AdminPanel';
import { PressTable } from '../components/press/PressTable';
import { menuGroupForPath } from '../../shared/menu';
import { staffRefusalAnswer, type StaffRefusal } from '../../shared/staff-refusals';
import { pressMessages } from '../../shared/press-messages';
import { ownPagePath } from '../../shared/own-page-path';
import type { PageHandle } from '../../shared/page-query';
import { typedEmail } from '../../shared/staff-accounts';
import { requireConfiguredSite } from '../lib/not-found';
import { pressListPath } from '../lib/press-format';
import { pageMeta } from '../lib/seo';
import { useSiteData } from '../lib/site-data';

/** The list's page is its cursor (see PageHandle). */
export const handle = { query: ['cursor'] } satisfies PageHandle;

/** The menu entry this page is filed under (홍보센터 › 언론보도). */
const MENU_PATH = '/Promotion/Press';

export async function loader({ params, request, url, context }: Route.LoaderArgs) {
  await requireConfiguredSite(context, params.site);
  const cursor = url.searchParams.get('cursor');
  try {
    const page = await context.press.list(params.site, cursor);
    const session = context.auth.session(request);
    const canWrite = session?.role === 'admin';
    return {
      site: params.site,
      page,
      fromCursor: !!cursor,
      admin: session ? { email: session.email, canWrite } : null,
      drafts: canWrite ? await context.press.drafts(params.site) : [],
    };
  } catch (error) {
    // A cursor we did not issue (edited or truncated link): start from the first page.
    if (error instanceof Error && error.name === 'InvalidCursorError') throw redirect(pressListPath(params.site));
    throw error;
  }
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireConfiguredSite(context, params.site);
  // A body that is not a form, or a malformed one, is the sender's mistake: 400, not a 500.
  const form = await request.formData().catch(() => null);
  if (!form) return refused('create', 'unreadableForm');
  const intent = form.get('intent');
  const listPath = ownPagePath(pressListPath(params.site));

  if (intent === 'login') {
    const result = await context.auth.login(request, {
      email: form.get('email'),
      password: form.get('password'),
      clientIp: context.clientIp,
    });
    if (!result.ok) return refused(intent, result.refusal, result.retryAfterSeconds, typedEmail(form.get('email')));
    const headers = new Headers();
    headers.append('Set-Cookie', result.setCookie);
    headers.append('Set-Cookie', result.deviceCookie);
    return redirect(listPath, { headers });
  }

  if (intent === 'logout') {
    if (!context.auth.isSameOrigin(request)) return refused(intent, 'foreignOrigin');
    return redirect(listPath, { headers: { 'Set-Cookie': await context.auth.logout(request, context.clientIp) } });
  }

  if (intent === 'create') {
    // Press is an admin's: a sales account is refused (403) even with a hand-made form.
    const authorization = context.auth.authorizeWrite(request, 'admin');
    if (!authorization.ok) return refused(intent, authorization.refusal);
    const draft = form.get('saveAs') === 'draft';
    const result = await context.press.create(params.site, { title: form.get('title'), summary: form.get('summary'), body: form.get('body') }, { draft });
    if (!result.ok) return data<AdminActionData>({ intent, error: pressMessages[result.error] }, { status: 400 });
    // A fresh GET of the list: the form is empty again, and the new post is the first row (or,
    // saved as a draft, the first of the drafts below the form).
    return redirect(listPath, 303);
  }

  if (intent === 'publish') {
    const authorization = context.auth.authorizeWrite(request, 'admin');
    if (!authorization.ok) return refused(intent, authorization.refusal);
    const published = await context.press.publish(params.site, String(form.get('id') ?? ''));
    if (!published) return data<AdminActionData>({ intent, error: draftText.missing }, { status: 404 });
    return redirect(listPath, 303);
  }

  return refused('create', 'unknownRequest');
}

/** A refused admin action: the status and Korean line for its code, and when to retry. */
function refused(intent: AdminActionData['intent'], refusal: StaffRefusal, retryAfterSeconds?: number, email?: string) {
  const { status, message } = staffRefusalAnswer(refusal, retryAfterSeconds);
  const headers: HeadersInit = retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : {};
  return data<AdminActionData>({ intent, error: message, email }, { status, headers });
}

/** A refused sign-in's Retry-After (throttled, or too many at once) reaches the browser. */
export function headers({ actionHeaders }: Route.HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get('Retry-After');
  return retryAfter ? { 'Retry-After': retryAfter } : {};
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: pressMessages.title,
    description: `${pressMessages.title} — 최신 기사와 소식`,
    path: pressListPath(params.site),
    // Later pages are reachable from the first; only the first is indexed.
    noIndex: loaderData?.fromCursor,
  });
}

export default function PressList({ loaderData, actionData }: Route.ComponentProps) {
  const { site, page, admin, drafts, fromCursor } = loaderData;
  const location = useLocation();
  const group = menuGroupForPath(useSiteData()?.settings?.menu, MENU_PATH);
  return (
    <main id="main" className="inner-page">
      <PageBanner title={pressMessages.title} group={group?.title} />
      <SubMenu path={MENU_PATH} />
      <div className="inner-page__body press-page">
        {/* Keyed by navigation: a new post or sign-in reloads the list from its first page. */}
        <PressTable key={location.key} site={site} items={page.items} nextCursor={page.nextCursor} />
        {fromCursor ? (
          <p className="press-list__first">
            <a href={pressListPath(site)}>{pressMessages.firstPage}</a>
          </p>
        ) : null}
        <AdminPanel key={`admin-${location.key}`} admin={admin} drafts={drafts} actionData={actionData} />
      </div>
    </main>
  );
}
