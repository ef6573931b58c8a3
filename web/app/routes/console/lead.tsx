import { data, Link, redirect, type AppLoadContext } from 'react-router';
import type { Route } from './+types/lead';
import type { LeadCallResult, LeadDetail } from '../../../shared/lead-dto';
import { isLeadStatus, LEAD_STATUS_LABELS } from '../../../shared/lead-status';
import { ConsoleOutcome } from '../../components/console/ConsoleOutcome';
import { CustomerErasure, erasureText } from '../../components/console/CustomerErasure';
import { CustomerRegistrations } from '../../components/console/CustomerRegistrations';
import { CustomerProfilePanel, PROFILE_TEXT } from '../../components/console/CustomerProfilePanel';
import type { CustomerProfileField } from '../../../shared/customer-profile';
import { LeadFacts, LeadRecord } from '../../components/console/LeadFacts';
import { LeadStatusBadge } from '../../components/console/LeadStatusBadge';
import { LeadMessageLog } from '../../components/console/LeadMessageLog';
import { bookingRefusalMessage, BOOKING_TEXT, isBookingRefusal, VisitBookingPanel } from '../../components/console/VisitBookingPanel';
import { CallHistory, LeadWorkForm, MemoHistory, MEMO_MAX_LENGTH } from '../../components/console/LeadWorkForm';
import { LeadOpenedElsewhere } from '../../components/console/LeadOpenedElsewhere';
import { assigneeChoices } from '../../components/console/staff-choices';
import { leadPageText as text } from '../../components/console/lead-text';
import { CONSOLE_HEADERS, LEAD_LIST_PATH, consoleMeta } from '../../components/console/console-page';
import { requireStaff } from '../../lib/require-staff';
import { startedByAnotherSite } from '../../../shared/cross-site';
import '../../components/console/console-page.css';
import './lead.css';

function assigneeLabel(lead: LeadDetail): string {
  return lead.assignee?.name ?? text.nobody;
}

/** The page's answer to a lead that is not there, or not the staff member's to open. */
function refusal(access: 'forbidden' | 'notFound') {
  return access === 'forbidden' ? data({ message: text.notYours }, { status: 403 }) : data({ message: text.notFound }, { status: 404 });
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  if (startedByAnotherSite(request.headers.get('sec-fetch-site')))
    return { lead: null, assignees: [], callResults: [], messages: [], openDays: [], registrations: [], unitTypes: [] };
  const lead = await context.leadConsole.lead(params.id, { ...staff, ip: context.clientIp });
  if (!lead) throw refusal('notFound');
  if (lead === 'forbidden') throw refusal('forbidden');
  const [accounts, callResults, messages, openDays, registrations, unitTypes] = await Promise.all([
    context.staff.list(),
    context.leadConsole.callResults(),
    context.leadMessages.forCustomer(lead.id),
    context.leadConsole.bookings.openSlots(),
    context.leadConsole.registrations(params.id),
    context.leadConsole.unitTypes(),
  ]);
  return {
    lead,
    assignees: assigneeChoices(lead, staff, accounts),
    callResults,
    messages,
    openDays,
    registrations,
    unitTypes,
    auditPath: staff.role === 'admin' ? `/admin/audit?${new URLSearchParams({ lead: lead.id })}` : null,
    mayErase: staff.role === 'admin',
  };
}

type LeadActionData = {
  tone: 'success' | 'error';
  message: string;
  /** More about the outcome: what the refused change would have set. */
  detail?: string;
  /** The whole number, after a reveal. */
  phone?: string;
  /** The lead as it is now, when a change was refused because someone else changed it first. */
  current?: LeadDetail;
  /** Set when the refusal is about the memo field itself (empty, too long). */
  memoInvalid?: true;
  /** 예약 without a 방문 일시 chosen: the select is marked and described by the outcome. */
  slotInvalid?: true;
  /** Set when the refusal is about the 재통화 time field (past, not a time). */
  callbackInvalid?: true;
  /** Set when the refusal is about the deletion's 사유. */
  reasonInvalid?: true;
  /** The 관심 타입·청약 자격·자금 계획 fields refused, each with its Korean reason. */
  profileErrors?: Partial<Record<CustomerProfileField, string>>;
  memoDraft: string;
};

/** The answer's message, which an invalid memo field names as its description. */
const OUTCOME_ID = 'lead-outcome';

function answer(body: Omit<LeadActionData, 'memoDraft'>, memoDraft: string, status = 200) {
  return data<LeadActionData>({ ...body, memoDraft }, { status });
}

/** The answer to a change, a memo or a call result: saved, refused with the current state, or why not. */
function changeAnswer(result: LeadCallResult, saved: string, memoDraft: string, attempted?: string) {
  if (result.ok) return answer({ tone: 'success', message: saved }, memoDraft);
  if (result.error === 'conflict') {
    const detail = [attempted, text.currentState(LEAD_STATUS_LABELS[result.current.status], assigneeLabel(result.current)), memoDraft ? text.memoKept : null]
      .filter(Boolean)
      .join(' ');
    return answer({ tone: 'error', message: text.conflict, detail, current: result.current }, memoDraft, 409);
  }
  if (result.error === 'notFound') return answer({ tone: 'error', message: text.gone }, memoDraft, 404);
  if (result.error === 'notYours') return answer({ tone: 'error', message: text.notYoursChange }, memoDraft, 403);
  if (result.error === 'forbidden') return answer({ tone: 'error', message: text.checkInTakenBackByManager }, memoDraft, 403);
  if (result.error === 'unknownCallResult') return answer({ tone: 'error', message: text.unknownCallResult }, memoDraft, 400);
  if (result.error === 'callbackNotFuture') return answer({ tone: 'error', message: text.callbackNotFuture, callbackInvalid: true }, memoDraft, 400);
  return answer({ tone: 'error', message: text.invalidChange }, memoDraft, 400);
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const staff = requireStaff({ request, url }, context);
  const actor = { ...staff, ip: context.clientIp };
  // Before anything is read of the form or the lead: every action answers a lead the staff member
  // may not open as its page does, whatever revision or intent was posted.
  const access = await context.leadConsole.access(params.id, actor);
  if (access !== 'allowed') throw refusal(access);
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ tone: 'error', message: text.unknownRequest }, '', 400);
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const memoDraft = field('memo').slice(0, MEMO_MAX_LENGTH);
  const response = await act(field, { id: params.id }, actor, memoDraft, context);
  // A number revealed before stays shown while the 상담사 works the lead (its reveal recorded once a day).
  if (field('revealed') !== '1' || response.data.phone) return response;
  const phone = await context.leadConsole.revealPhone(params.id, actor, { kept: true });
  return phone ? data<LeadActionData>({ ...response.data, phone }, response.init ?? undefined) : response;
}

/** What the posted intent asks for, answered. */
async function act(
  field: (name: string) => string,
  params: { id: string },
  actor: Parameters<AppLoadContext['leadConsole']['lead']>[1],
  memoDraft: string,
  context: AppLoadContext,
) {
  switch (field('intent')) {
    case 'reveal': {
      const phone = await context.leadConsole.revealPhone(params.id, actor);
      if (!phone) return answer({ tone: 'error', message: text.gone }, memoDraft, 404);
      return answer({ tone: 'success', message: text.revealed, phone }, memoDraft);
    }
    case 'change': {
      const status = field('status');
      const rev = field('rev');
      const assigneeEmail = field('assignee');
      // The assignee the page showed stays as it is (whether or not their account is still listed).
      const unchanged = assigneeEmail === field('assigneeWas');
      const accounts = await context.staff.list();
      const account = accounts.find((candidate) => candidate.email === assigneeEmail && !candidate.disabled);
      const choice = assigneeEmail === '' ? text.nobody : assigneeEmail === actor.email ? actor.name : (account?.name ?? null);
      if (!rev || !isLeadStatus(status) || (!unchanged && choice === null)) return answer({ tone: 'error', message: text.invalidChange }, memoDraft, 400);
      const result = await context.leadConsole.change(params.id, { rev, status, assigneeEmail: unchanged ? undefined : assigneeEmail || null }, actor);
      return changeAnswer(result, text.saved, memoDraft, text.attempted(LEAD_STATUS_LABELS[status], choice ?? text.assigneeUnchanged));
    }
    case 'markInvalid': {
      const result = await context.leadConsole.change(params.id, { rev: field('rev'), status: 'invalid' }, actor);
      return changeAnswer(result, text.markedInvalid, memoDraft, text.attempted(LEAD_STATUS_LABELS.invalid, text.assigneeUnchanged));
    }
    case 'memo': {
      const memo = field('memo').trim();
      if (!memo) return answer({ tone: 'error', message: text.memoEmpty, memoInvalid: true }, '', 400);
      if (memo.length > MEMO_MAX_LENGTH) return answer({ tone: 'error', message: text.memoTooLong(MEMO_MAX_LENGTH), memoInvalid: true }, memoDraft, 400);
      const result = await context.leadConsole.addMemo(params.id, memo, actor);
      return changeAnswer(result, text.memoSaved, result.ok ? '' : memoDraft);
    }
    case 'call': {
      const result = await context.leadConsole.recordCall(
        params.id,
        { rev: field('rev'), result: field('callResult'), callbackAt: field('callbackAt') || null },
        actor,
      );
      if (!result.ok && result.error === 'invalid') return answer({ tone: 'error', message: text.callbackInvalid, callbackInvalid: true }, memoDraft, 400);
      return changeAnswer(result, text.callSaved, memoDraft);
    }
    case 'book':
    case 'cancelVisit': {
      const slotId = field('slotId');
      if (field('intent') === 'book' && !slotId) return answer({ tone: 'error', message: BOOKING_TEXT.noSlotChosen, slotInvalid: true }, memoDraft, 400);
      const result =
        field('intent') === 'book'
          ? await context.leadConsole.bookings.book(params.id, field('rev'), slotId, actor)
          : await context.leadConsole.bookings.cancel(params.id, field('rev'), actor);
      if (!result.ok && isBookingRefusal(result.error)) return answer({ tone: 'error', message: bookingRefusalMessage(result.error) }, memoDraft, 409);
      const visitAt = result.ok ? (result.lead.visitAt ?? '') : '';
      // The page said whether a visit was booked: the answer names a move as a move.
      const saved = field('intent') !== 'book' ? BOOKING_TEXT.cancelled : field('visitWas') ? BOOKING_TEXT.moved(visitAt) : BOOKING_TEXT.booked(visitAt);
      return changeAnswer(result as LeadCallResult, saved, memoDraft);
    }
    case 'profile': {
      const result = await context.leadConsole.setProfile(
        params.id,
        { rev: field('rev'), interestType: field('interestType'), subscription: field('subscription'), funding: field('funding') },
        actor,
      );
      if (!result.ok && result.error === 'unknownChoice')
        return answer({ tone: 'error', message: PROFILE_TEXT.refused, profileErrors: result.fieldErrors }, memoDraft, 400);
      return changeAnswer(result, PROFILE_TEXT.saved, memoDraft);
    }
    case 'withdrawMarketing': {
      const result = await context.customerErasure.withdrawMarketing(params.id, actor);
      if (result.ok) return answer({ tone: 'success', message: erasureText.withdrawn(result.withdrawn) }, memoDraft);
      if (result.error === 'forbidden') return answer({ tone: 'error', message: erasureText.forbidden }, memoDraft, 403);
      return answer({ tone: 'error', message: text.gone }, memoDraft, 404);
    }
    case 'eraseCustomer': {
      const result = await context.customerErasure.ofLead({ leadId: params.id, reason: field('reason') }, actor);
      // Nothing of the customer is left to show: back to the list.
      if (result.ok) throw redirect(LEAD_LIST_PATH);
      if (result.error === 'forbidden') return answer({ tone: 'error', message: erasureText.forbidden }, memoDraft, 403);
      if (result.error === 'reasonRequired' || result.error === 'reasonTooLong') {
        return answer({ tone: 'error', message: erasureText[result.error], reasonInvalid: true }, memoDraft, 400);
      }
      return answer({ tone: 'error', message: text.gone }, memoDraft, 404);
    }
    default:
      return answer({ tone: 'error', message: text.unknownRequest }, memoDraft, 400);
  }
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData && !loaderData.lead) return consoleMeta(text.openTitle);
  return consoleMeta(loaderData?.lead ? text.title(loaderData.lead.name) : text.notFoundTitle);
}

export default function Lead({ loaderData, actionData, params }: Route.ComponentProps) {
  // A refused change brings the lead as it is now (the router does not reload after a refusal).
  const lead = actionData?.current ?? loaderData.lead;
  if (!lead) return <LeadOpenedElsewhere leadId={params.id} />;
  return (
    <div className="console-page lead-page">
      <p className="lead-page__back">
        <Link to={LEAD_LIST_PATH}>{text.back}</Link>
        {loaderData.auditPath ? <Link to={loaderData.auditPath}>{text.auditRecords}</Link> : null}
      </p>
      <h1 className="console-page__title lead-page__title">
        {text.title(lead.name)} <LeadStatusBadge status={lead.status} />
      </h1>
      {actionData ? (
        <ConsoleOutcome id={OUTCOME_ID} tone={actionData.tone} answer={actionData}>
          <p>
            {actionData.message}
            {actionData.phone ? ` ${actionData.phone}` : null}
          </p>
          {actionData.detail ? <p>{actionData.detail}</p> : null}
        </ConsoleOutcome>
      ) : null}
      <div className="lead-page__columns">
        <LeadFacts lead={lead} revealedPhone={actionData?.phone ?? null} />
        <div className="lead-page__work">
          <LeadWorkForm
            lead={lead}
            assignees={loaderData.assignees}
            memoDraft={actionData?.memoDraft ?? ''}
            answer={actionData}
            memoErrorId={actionData?.memoInvalid ? OUTCOME_ID : null}
            callResults={loaderData.callResults}
            callbackError={actionData?.callbackInvalid ? actionData.message : null}
            phoneRevealed={Boolean(actionData?.phone)}
          />
          <CustomerProfilePanel
            lead={lead}
            unitTypes={loaderData.unitTypes}
            phoneRevealed={Boolean(actionData?.phone)}
            fieldErrors={actionData?.profileErrors ?? {}}
          />
          <VisitBookingPanel
            lead={lead}
            openDays={loaderData.openDays}
            phoneRevealed={Boolean(actionData?.phone)}
            slotErrorId={actionData?.slotInvalid ? OUTCOME_ID : null}
          />
          <CustomerRegistrations registrations={loaderData.registrations} />
          <CallHistory calls={lead.calls} />
          <MemoHistory memos={lead.memos} />
          <LeadMessageLog messages={loaderData.messages} />
          {loaderData.mayErase ? <CustomerErasure errorId={actionData?.reasonInvalid ? OUTCOME_ID : null} /> : null}
        </div>
        <LeadRecord lead={lead} />
      </div>
    </div>
  );
}
