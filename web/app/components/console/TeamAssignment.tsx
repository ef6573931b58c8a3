import { Form } from 'react-router';
import { ConsoleOutcome } from './ConsoleOutcome';
import type { BulkAssignOutcome } from './BulkAssign';
import { leadListText as text } from './lead-text';
import './BulkAssign.css';

type TeamAssignmentProps = {
  team: { roundRobin: boolean; sales: ReadonlyArray<{ email: string; name: string; takingPart: boolean }> };
  /** An answer of this section's forms (the settings saved, 균등 배분 of every 미배정 asked or done). */
  outcome: BulkAssignOutcome | undefined;
};

/**
 * The 팀장's 자동 배정 on the list: the switch and who takes part (saved together, one record), and
 * 균등 배분 of every 미배정 customer, asked once more before it is done.
 */
export function TeamAssignment({ team, outcome }: TeamAssignmentProps) {
  return (
    <section className="bulk-assign" aria-labelledby="team-assignment-heading">
      <h2 id="team-assignment-heading" className="bulk-assign__heading">
        {text.teamHeading}
      </h2>
      <Form method="post" className="bulk-assign__form">
        <label className="bulk-assign__all">
          <input type="checkbox" name="roundRobin" value="1" defaultChecked={team.roundRobin} />
          {text.teamRoundRobin}
        </label>
        <fieldset className="bulk-assign__team">
          <legend>{text.teamTakingPart}</legend>
          {team.sales.length === 0 ? <p>{text.teamNoSales}</p> : null}
          {team.sales.map((account) => (
            <label key={account.email} className="bulk-assign__all">
              <input type="checkbox" name="takingPart" value={account.email} defaultChecked={account.takingPart} />
              {account.name}
            </label>
          ))}
        </fieldset>
        <button type="submit" name="intent" value="teamAssignment" className="button button--primary">
          {text.teamSave}
        </button>
        <button type="submit" name="intent" value="distributeUnassigned" className="button">
          {text.distributeUnassigned}
        </button>
      </Form>
      {outcome ? <DistributeAnswer outcome={outcome} /> : null}
    </section>
  );
}

/** An answer; when it asks to confirm 균등 배분, the form that does it (the same leads, once more). */
export function DistributeAnswer({ outcome }: { outcome: BulkAssignOutcome }) {
  return (
    <>
      <ConsoleOutcome tone={outcome.tone} answer={outcome}>
        {outcome.message}
      </ConsoleOutcome>
      {outcome.confirm ? (
        <Form method="post" className="bulk-assign__form bulk-assign__confirm">
          <input type="hidden" name="confirmed" value="1" />
          {outcome.confirm.ids.map((id) => (
            <input key={id} type="hidden" name="lead" value={id} />
          ))}
          <button type="submit" name="intent" value={outcome.confirm.intent} className="button button--primary">
            {text.distributeApply}
          </button>
          <button type="submit" name="intent" value="cancel" className="button">
            {text.distributeCancel}
          </button>
        </Form>
      ) : null}
    </>
  );
}
