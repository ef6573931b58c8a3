import { useRef } from 'react';
import { Form, useLocation } from 'react-router';
import { wonLabel, type AdSpendEntry } from '../../../shared/ad-spend';
import { ConsoleOutcome } from './ConsoleOutcome';
import { ConsoleTable } from './ConsoleTable';
import { confirmFirst } from './console-page';
import { Field } from '../form/Field';
import { KeptDraftNote } from './KeptDraftNote';
import { useSaveCount } from '../../lib/answer-count';
import { useKeptDraft } from '../../lib/kept-draft';
import './CampaignStatsTables.css';

export const adSpendText = {
  heading: '광고비 입력',
  note: '캠페인(utm_campaign)과 월을 골라 그달 광고비 합계를 원 단위로 입력합니다(예: 1200000 또는 1,200,000). 같은 캠페인·월을 다시 입력하면 금액이 바뀝니다. 입력·변경·삭제는 접속 기록에 남습니다.',
  campaign: '캠페인',
  month: '월',
  amount: '금액 (원)',
  save: '광고비 저장',
  listHeading: '이 기간이 걸친 달의 광고비',
  empty: '입력한 광고비가 없습니다.',
  remove: '삭제',
  removeOf: (entry: AdSpendEntry) => `${entry.month} ${entry.campaign} 광고비 삭제`,
  confirmRemove: (entry: AdSpendEntry) => `${entry.month} ${entry.campaign} 광고비(${wonLabel(entry.amount)})를 삭제할까요? 되돌릴 수 없습니다.`,
  saved: (campaign: string, month: string) => `${month} ${campaign} 광고비를 저장했습니다.`,
  removed: (campaign: string, month: string) => `${month} ${campaign} 광고비를 삭제했습니다.`,
};

/**
 * What a post did; a refusal because of one field names it, and the form marks it. `saved`: an
 * entry was entered (the form empties for the next).
 */
export type AdSpendOutcome = { tone: 'success' | 'error'; message: string; field?: 'campaign' | 'month' | 'amount'; saved?: boolean };

/**
 * The 관리자's and 팀장's ad spend: a campaign's month entered (or replaced), and the entries of the
 * months the shown period touches, each removable. The outcome is announced and focused. What is
 * typed is kept across the end of a session until it is saved.
 */
export function AdSpendForm({
  campaigns,
  month,
  entries,
  outcome,
}: {
  campaigns: readonly string[];
  month: string;
  entries: readonly AdSpendEntry[];
  outcome?: AdSpendOutcome;
}) {
  const errorOf = (field: AdSpendOutcome['field']) => (outcome && outcome.field === field ? outcome.message : undefined);
  const form = useRef<HTMLFormElement>(null);
  const saved = useSaveCount(outcome, outcome?.saved === true);
  const restored = useKeptDraft(form, {
    place: { page: useLocation().pathname, form: 'ad-spend' },
    saved: { campaign: campaigns[0] ?? '', month, amount: '' },
    answer: outcome,
  });
  return (
    <section className="stats-section ad-spend" aria-labelledby="ad-spend-heading">
      <h2 id="ad-spend-heading">{adSpendText.heading}</h2>
      <p>{adSpendText.note}</p>
      {outcome ? (
        <ConsoleOutcome tone={outcome.tone} answer={outcome}>
          <p>{outcome.message}</p>
        </ConsoleOutcome>
      ) : null}
      {restored ? <KeptDraftNote /> : null}
      {/* Rendered afresh once an entry is saved: empty for the next one. */}
      <Form ref={form} method="post" className="console-filters stats-range console-form" key={`${month} ${saved}`}>
        <input type="hidden" name="intent" value="set" />
        <Field id="ad-spend-campaign" label={adSpendText.campaign} look="field" error={errorOf('campaign')}>
          {(control) => (
            <select {...control} name="campaign" required>
              {campaigns.map((campaign) => (
                <option key={campaign} value={campaign}>
                  {campaign}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="ad-spend-month" label={adSpendText.month} look="field" error={errorOf('month')}>
          {(control) => <input {...control} type="month" name="month" defaultValue={month} required />}
        </Field>
        <Field id="ad-spend-amount" label={adSpendText.amount} look="field" error={errorOf('amount')}>
          {(control) => <input {...control} name="amount" inputMode="numeric" autoComplete="off" required />}
        </Field>
        <button type="submit" className="button button--primary">
          {adSpendText.save}
        </button>
      </Form>
      <h3 id="ad-spend-list-heading">{adSpendText.listHeading}</h3>
      {entries.length === 0 ? (
        <p>{adSpendText.empty}</p>
      ) : (
        <div className="stats-table" role="region" aria-labelledby="ad-spend-list-heading" tabIndex={0}>
          <ConsoleTable columns={[adSpendText.campaign, adSpendText.month, adSpendText.amount, adSpendText.remove]}>
            {entries.map((entry) => (
              <tr key={`${entry.month} ${entry.campaign}`}>
                <th scope="row">{entry.campaign}</th>
                <td>{entry.month}</td>
                <td>{wonLabel(entry.amount)}</td>
                <td>
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="campaign" value={entry.campaign} />
                    <input type="hidden" name="month" value={entry.month} />
                    <button
                      type="submit"
                      className="button button--outline"
                      aria-label={adSpendText.removeOf(entry)}
                      onClick={confirmFirst(adSpendText.confirmRemove(entry))}
                    >
                      {adSpendText.remove}
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </ConsoleTable>
        </div>
      )}
    </section>
  );
}
