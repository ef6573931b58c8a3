import { Link } from 'react-router';
import { leadListText as text } from './lead-text';
import { LEAD_LIST_PATH, type LeadListFocus } from './console-page';

/**
 * 처음 페이지 (when a later page is shown) and 다음 페이지 (when there is one), both keeping the
 * list's filters (`address`, the list's query); `next`: the following page's cursor.
 */
export function LeadListPaging({ address, next, fromCursor }: { address: string; next: string | null; fromCursor: boolean }) {
  const withQuery = (path: string) => (address ? `${path}?${address}` : path);
  const nextParams = new URLSearchParams(address);
  if (next) nextParams.set('cursor', next);
  if (!next && !fromCursor) return null;
  return (
    <nav className="lead-list-page__paging" aria-label={text.pagingLabel}>
      {fromCursor ? (
        <Link to={withQuery(LEAD_LIST_PATH)} state={{ focus: 'count' } satisfies LeadListFocus}>
          {text.first}
        </Link>
      ) : null}
      {next ? (
        <Link className="button button--primary" to={`${LEAD_LIST_PATH}?${nextParams}`} state={{ focus: 'count' } satisfies LeadListFocus}>
          {text.next}
        </Link>
      ) : null}
    </nav>
  );
}
