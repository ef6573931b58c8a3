import { Form } from 'react-router';
import { ConsoleOutcome } from './ConsoleOutcome';
import type { BulkAssignOutcome } from './BulkAssign';
import { leadListText as text } from './lead-text';
import './BulkAssign.css';

/** Whose customers may be handed over, and to whom (mayHandOver for the signed-in role). */
export type HandOverChoices = {
  from: ReadonlyArray<{ email: string; name: string; disabled: boolean }>;
  to: ReadonlyArray<{ email: string; name: string }>;
};

/**
 * 퇴사자 고객 넘기기 on the list (팀장, 관리자): every customer of a leaving 상담사 to another 상담사 (or
 * 미배정), asked once more with the count before it is done.
 */
export function HandOver({ choices, outcome }: { choices: HandOverChoices; outcome: BulkAssignOutcome | undefined }) {
  const confirm = outcome?.handOver?.confirm;
  return (
    <section className="bulk-assign" aria-labelledby="hand-over-heading">
      <h2 id="hand-over-heading" className="bulk-assign__heading">
        {text.handOverHeading}
      </h2>
      <p id="hand-over-hint" className="bulk-assign__hint">
        {text.handOverHint}
      </p>
      <Form method="post" className="bulk-assign__form" aria-describedby="hand-over-hint">
        <label htmlFor="hand-over-from">{text.handOverFrom}</label>
        <select id="hand-over-from" name="handOverFrom" defaultValue="" required>
          <option value="" disabled>
            {text.handOverChoose}
          </option>
          {choices.from.map((account) => (
            <option key={account.email} value={account.email}>
              {account.disabled ? text.handOverDisabledAccount(account.name) : account.name}
            </option>
          ))}
        </select>
        <label htmlFor="hand-over-to">{text.handOverTo}</label>
        <select id="hand-over-to" name="handOverTo" defaultValue="">
          <option value="">{text.handOverNobody}</option>
          {choices.to.map((account) => (
            <option key={account.email} value={account.email}>
              {account.name}
            </option>
          ))}
        </select>
        <button type="submit" name="intent" value="handOver" className="button">
          {text.handOverApply}
        </button>
      </Form>
      {outcome?.handOver ? (
        <ConsoleOutcome tone={outcome.tone} answer={outcome}>
          {outcome.message}
        </ConsoleOutcome>
      ) : null}
      {confirm ? (
        <Form method="post" className="bulk-assign__form bulk-assign__confirm">
          <input type="hidden" name="handOverFrom" value={confirm.from} />
          <input type="hidden" name="handOverTo" value={confirm.to} />
          <input type="hidden" name="confirmed" value="1" />
          <button type="submit" name="intent" value="handOver" className="button button--primary">
            {text.handOverDo}
          </button>
          <button type="submit" name="intent" value="handOverCancel" className="button">
            {text.handOverCancel}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
