import type { Route } from './+types/lead-result';
import { isLeadErrorCode, isLeadSubmitError, LEAD_SUBMIT_MESSAGES } from '../../shared/lead-validation';
import { leadMessages, messages } from '../../shared/messages';
import { ownPagePath } from '../../shared/own-page-path';
import type { PageHandle } from '../../shared/page-query';
import { pageMeta } from '../lib/seo';
import './lead-result.css';

/** The outcome the lead API redirected with, and the page to go back to (see PageHandle). */
export const handle = { query: ['status', 'errors', 'from'] } satisfies PageHandle;

/**
 * Where a lead form posted without JavaScript lands (303 from POST /api/leads): the outcome in
 * words, the field errors if any, and the way back to the form.
 */
export function loader({ url }: Route.LoaderArgs) {
  const status = url.searchParams.get('status') ?? '';
  const errors = (url.searchParams.get('errors') ?? '')
    .split(',')
    .filter(isLeadErrorCode)
    .map((code) => leadMessages.errors[code]);
  const back = ownPagePath(url.searchParams.get('from'));
  let message: string;
  if (status === 'ok') message = messages.leadSuccess;
  else if (isLeadSubmitError(status)) message = LEAD_SUBMIT_MESSAGES[status];
  else message = messages.leadError;
  return { ok: status === 'ok', message, errors, back };
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, { title: leadMessages.resultTitle, path: '/leads/result', noIndex: true });
}

export default function LeadResult({ loaderData }: Route.ComponentProps) {
  const { ok, message, errors, back } = loaderData;
  return (
    <main id="main" className="lead-result">
      <h1 className="lead-result__title">{leadMessages.resultTitle}</h1>
      <div role="status" className={`lead-form__result lead-form__result--${ok ? 'success' : 'failure'}`}>
        <p className="lead-form__result-text">{ok ? `✓ ${message}` : message}</p>
        {errors.length > 0 ? (
          <ul className="lead-result__errors">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <p className="lead-result__actions">
        <a className="button lead-button--ghost" href={ok ? '/' : back}>
          {ok ? leadMessages.goHome : leadMessages.backToForm}
        </a>
      </p>
    </main>
  );
}
