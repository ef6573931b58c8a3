import { useRef, type ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { callResultLabel, WRONG_NUMBER_CALL_RESULT } from '../../../shared/call-results';
import type { LeadDetail } from '../../../shared/lead-dto';
import { seoulDateTime } from '../../../shared/seoul-time';
import { useKeptDraft } from '../../lib/kept-draft';
import { leadPageText as text } from './lead-text';
import { LeadStatusOptions } from './LeadStatusBadge';
import { LeadHistory } from './LeadHistory';
import { KeptDraftNote } from './KeptDraftNote';
import './LeadWorkForm.css';

/** The id of the page's one form: the phone's reveal button elsewhere on the page submits it too. */
export const LEAD_WORK_FORM_ID = 'lead-work';

/** The longest memo (the service keeps its own limit as well). */
export const MEMO_MAX_LENGTH = 2000;

export type AssigneeChoice = { email: string; label: string };

type LeadWorkFormProps = {
  lead: LeadDetail;
  assignees: AssigneeChoice[];
  /** A memo written but not saved (the post was about something else, or failed): kept in the field. */
  memoDraft: string;
  /** The answer to the last post (changes with each one). */
  answer: object | undefined;
  /** The id of the answer's message when it is about the memo field (empty, too long). */
  memoErrorId: string | null;
  /** The call results to choose from. */
  callResults: string[];
  /** Why the 재통화 time was refused, said beside the field. */
  callbackError: string | null;
  /** The whole number is shown: later saves show it again. */
  phoneRevealed: boolean;
};

/** One of the form's submit buttons: what it asks for travels as `intent`. */
function IntentButton({ intent, pending, children }: { intent: string; pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" name="intent" value={intent} className="button button--primary" disabled={pending}>
      {pending ? text.saving : children}
    </button>
  );
}

/**
 * Status, assignee and a new memo, in one form with a button for each: whatever is posted, the
 * memo being written comes back in its field unless it was the memo that was saved. The status
 * change carries the revision the page showed; the service refuses it when someone changed the
 * lead since.
 */
export function LeadWorkForm({ lead, assignees, memoDraft, answer, memoErrorId, callResults, callbackError, phoneRevealed }: LeadWorkFormProps) {
  const lastCall = lead.calls.at(-1);
  const pendingIntent = useNavigation().formData?.get('intent');
  const form = useRef<HTMLFormElement>(null);
  // What the form keeps across a sign-in when the session ends before it is saved.
  const restored = useKeptDraft(form, {
    place: { page: useLocation().pathname },
    saved: { status: lead.status, assignee: lead.assignee?.email ?? '', memo: '', callResult: callResults[0] ?? '', callbackAt: '' },
    answer,
  });
  return (
    <Form ref={form} id={LEAD_WORK_FORM_ID} method="post" className="lead-work" preventScrollReset>
      {restored ? <KeptDraftNote /> : null}
      <input type="hidden" name="rev" value={lead.rev} />
      <input type="hidden" name="assigneeWas" value={lead.assignee?.email ?? ''} />
      {phoneRevealed ? <input type="hidden" name="revealed" value="1" /> : null}
      <section className="lead-work__section" aria-labelledby="lead-work-heading">
        <h2 id="lead-work-heading" className="lead-work__heading">
          {text.workHeading}
        </h2>
        {/* Keyed by revision: after a change (or a refused one) the fields show the lead as it is now. */}
        <div className="lead-work__fields" key={lead.rev}>
          <div className="lead-work__field">
            <label htmlFor="lead-status">{text.status}</label>
            <select id="lead-status" name="status" defaultValue={lead.status} className="console-input">
              <LeadStatusOptions />
            </select>
          </div>
          <div className="lead-work__field">
            <label htmlFor="lead-assignee">{text.assignee}</label>
            <select id="lead-assignee" name="assignee" defaultValue={lead.assignee?.email ?? ''} className="console-input">
              <option value="">{text.unassigned}</option>
              {assignees.map((choice) => (
                <option key={choice.email} value={choice.email}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
        <IntentButton intent="change" pending={pendingIntent === 'change'}>
          {text.saveChange}
        </IntentButton>
      </section>
      <section className="lead-work__section" aria-labelledby="lead-call-heading">
        <h2 id="lead-call-heading" className="lead-work__heading">
          {text.callHeading}
        </h2>
        {lastCall ? <p className="lead-work__hint">{`${text.lastCall}: ${callResultLabel(lastCall.result, lead.missedCalls)}`}</p> : null}
        {lastCall?.result === WRONG_NUMBER_CALL_RESULT && lead.status !== 'invalid' ? (
          <div className="lead-work__offer">
            <p>{text.wrongNumber}</p>
            <IntentButton intent="markInvalid" pending={pendingIntent === 'markInvalid'}>
              {text.markInvalid}
            </IntentButton>
          </div>
        ) : null}
        {/* Keyed by the call count: a saved result empties the fields. */}
        <div className="lead-work__fields" key={lead.calls.length}>
          <div className="lead-work__field">
            <label htmlFor="lead-call-result">{text.callResult}</label>
            <select id="lead-call-result" name="callResult" className="console-input">
              {callResults.map((result) => (
                <option key={result} value={result}>
                  {result}
                </option>
              ))}
            </select>
          </div>
          <div className="lead-work__field">
            <label htmlFor="lead-callback-at">{text.callbackAt}</label>
            <input
              id="lead-callback-at"
              name="callbackAt"
              type="datetime-local"
              className="console-input"
              aria-invalid={callbackError ? true : undefined}
              aria-describedby={callbackError ? 'lead-callback-hint lead-callback-error' : 'lead-callback-hint'}
            />
            <span id="lead-callback-hint" className="lead-work__hint">
              {text.callbackHint}
            </span>
            {callbackError ? (
              <span id="lead-callback-error" className="lead-work__error">
                {callbackError}
              </span>
            ) : null}
          </div>
        </div>
        <IntentButton intent="call" pending={pendingIntent === 'call'}>
          {text.saveCall}
        </IntentButton>
      </section>
      <section className="lead-work__section" aria-labelledby="lead-memo-heading">
        <h2 id="lead-memo-heading" className="lead-work__heading">
          {text.memoHeading}
        </h2>
        <div className="lead-work__field">
          <label htmlFor="lead-memo">{text.memoLabel}</label>
          {/* Keyed by the memo count: a saved memo empties the field, anything else keeps it. */}
          <textarea
            key={lead.memos.length}
            id="lead-memo"
            name="memo"
            rows={4}
            maxLength={MEMO_MAX_LENGTH}
            defaultValue={memoDraft}
            className="console-input"
            aria-invalid={memoErrorId ? true : undefined}
            aria-describedby={memoErrorId ? `lead-memo-hint ${memoErrorId}` : 'lead-memo-hint'}
          />
          <span id="lead-memo-hint" className="lead-work__hint">
            {text.memoHint(MEMO_MAX_LENGTH)}
          </span>
        </div>
        <IntentButton intent="memo" pending={pendingIntent === 'memo'}>
          {text.saveMemo}
        </IntentButton>
      </section>
    </Form>
  );
}

/** The memos, newest first: who wrote what, when. */
export function MemoHistory({ memos }: { memos: LeadDetail['memos'] }) {
  return (
    <LeadHistory
      id="lead-memos"
      heading={text.historyHeading}
      empty={text.noMemos}
      entries={memos.map((memo) => ({ key: memo.key, who: memo.authorName, at: memo.at, body: memo.text }))}
    />
  );
}

/** The call results, newest first: who called, when, the result and any 재통화 time. */
export function CallHistory({ calls }: { calls: LeadDetail['calls'] }) {
  return (
    <LeadHistory
      id="lead-calls"
      heading={text.callHistoryHeading}
      empty={text.noCalls}
      entries={calls.map((call) => ({
        key: call.key,
        who: call.authorName,
        at: call.at,
        body: (
          <>
            {call.result}
            {call.callbackAt ? ` · ${text.callbackLabel(seoulDateTime(call.callbackAt))}` : null}
          </>
        ),
      }))}
    />
  );
}
