import { Form } from 'react-router';
import { DistributeAnswer } from './TeamAssignment';
import { leadListText as text } from './lead-text';
import { GROUP_MESSAGES_PATH } from './console-page';
import './BulkAssign.css';

export const BULK_ASSIGN_FORM_ID = 'bulk-assign';

/** What a bulk assignment did: how many leads moved, and how many this staff member may not move. */
export type BulkAssignOutcome = {
  tone: 'success' | 'error';
  message: string;
  /** The answer of the 자동 배정 section (shown there), not of this one. */
  team?: boolean;
  /** 균등 배분 asked: the intent and leads to post again to do it. */
  confirm?: { intent: 'distribute' | 'distributeUnassigned'; ids: string[] };
  /** The answer of the 퇴사자 고객 넘기기 section (shown there), with the accounts to post again once confirmed. */
  handOver?: { confirm: { from: string; to: string } | null };
};

type BulkAssignProps = {
  /** How many rows are ticked (every ticked row's box belongs to this form); null: say nothing (an answer just emptied the selection). */
  selected: number | null;
  /** Whether every row shown is ticked, and ticking or unticking them all. */
  allTicked: boolean;
  onTickAll: (ticked: boolean) => void;
  /** The signed-in staff member first (나에게), then every other active account. */
  choices: ReadonlyArray<{ email: string; name: string }>;
  me: string;
  outcome: BulkAssignOutcome | undefined;
  /** 선택한 고객 균등 배분 and 선택한 고객에게 문자 (팀장, 관리자). */
  mayDistribute: boolean;
};

/**
 * 선택한 고객 배정: the rows' check boxes belong to this form (`form` attribute), so it also works
 * before the page's script runs. The count of ticked rows is a status, read out as it changes.
 */
export function BulkAssign({ selected, allTicked, onTickAll, choices, me, outcome, mayDistribute }: BulkAssignProps) {
  return (
    <section className="bulk-assign" aria-labelledby="bulk-assign-heading">
      <h2 id="bulk-assign-heading" className="bulk-assign__heading">
        {text.bulkHeading}
      </h2>
      <Form method="post" id={BULK_ASSIGN_FORM_ID} className="bulk-assign__form">
        <label className="bulk-assign__all">
          <input type="checkbox" checked={allTicked} onChange={(event) => onTickAll(event.target.checked)} />
          {text.selectAll}
        </label>
        <p className="bulk-assign__count" aria-live="polite" aria-atomic="true">
          {selected === null ? null : text.selectedCount(selected)}
        </p>
        <label htmlFor="bulk-assign-to">{text.bulkAssignee}</label>
        <select id="bulk-assign-to" name="assignTo" defaultValue={me}>
          {choices.map((choice) => (
            <option key={choice.email} value={choice.email}>
              {choice.email === me ? text.toMe(choice.name) : choice.name}
            </option>
          ))}
          <option value="">{text.unassigned}</option>
        </select>
        <button type="submit" name="intent" value="assign" className="button button--primary">
          {text.bulkApply}
        </button>
        {mayDistribute ? (
          <>
            <button type="submit" name="intent" value="distribute" className="button">
              {text.distributeSelected}
            </button>
            {/* The ticked rows to the group message page, whose preview asks before anything is sent. */}
            <button type="submit" name="audience" value="selection" formMethod="get" formAction={GROUP_MESSAGES_PATH} className="button">
              {text.messageSelected}
            </button>
          </>
        ) : null}
      </Form>
      {outcome && !outcome.team && !outcome.handOver ? <DistributeAnswer outcome={outcome} /> : null}
    </section>
  );
}
