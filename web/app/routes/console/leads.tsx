import { useEffect, useRef, type RefObject } from 'react';
import { Link, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/leads';
import { leadFiltersToParams, mayExport, parseLeadFilters } from '../../../shared/console';
import { ExportForm } from '../../components/console/ExportForm';
import { LeadFilterForm } from '../../components/console/LeadFilterForm';
import { LeadList } from '../../components/console/LeadList';
import { filterLabels, leadListText as text } from '../../components/console/lead-text';
import { CONSOLE_HEADERS, LEAD_LIST_PATH, consoleMeta, type LeadListFocus } from '../../components/console/console-page';
import { requireStaff } from '../../lib/require-staff';
import '../../components/console/console-page.css';
import './leads.css';

const PAGE_SIZE = 30;

export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = requireStaff(request, context);
  const url = new URL(request.url);
  const { filters, invalid } = parseLeadFilters(url.searchParams);
  const cursor = url.searchParams.get('cursor') || undefined;
  const [page, campaigns, accounts] = await Promise.all([
    context.leadConsole.list(filters, { cursor, limit: PAGE_SIZE }, { ...staff, ip: context.clientIp }),
    context.leadConsole.campaigns(),
    context.staff.list(),
  ]);
  // 담당자 choices: every other account, active ones first (a disabled account's leads stay findable).
  const assignees = accounts
    .filter((account) => account.email !== staff.email)
    .sort((a, b) => Number(a.disabled) - Number(b.disabled))
    .map((account) => ({ email: account.email, name: account.name }));
  return { filters, invalid, page, campaigns, assignees, fromCursor: Boolean(cursor), canExport: mayExport(staff.role) };
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta(): Route.MetaDescriptors {
  return consoleMeta(text.title);
}

/**
 * Paging and 조건 지우기 render the list (and the filters) afresh, and the link pressed goes with
 * them: focus then goes to the count of what is shown (read out), or to the search field.
 */
function useFocusAfterListLink(count: RefObject<HTMLParagraphElement | null>): void {
  const location = useLocation();
  useEffect(() => {
    const target = (location.state as LeadListFocus | null)?.focus;
    if (target === 'count') count.current?.focus();
    if (target === 'search') document.getElementById('lead-filter-q')?.focus();
  }, [location.key, location.state, count]);
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { filters, invalid, page, campaigns, assignees, fromCursor, canExport } = loaderData;
  const navigation = useNavigation();
  const countRef = useRef<HTMLParagraphElement>(null);
  useFocusAfterListLink(countRef);
  const busy = navigation.state === 'loading' && navigation.location.pathname === LEAD_LIST_PATH;
  const filterQuery = leadFiltersToParams(filters).toString();
  const withQuery = (path: string) => (filterQuery ? `${path}?${filterQuery}` : path);
  const nextParams = leadFiltersToParams(filters);
  if (page.next) nextParams.set('cursor', page.next);

  return (
    <div className="console-page lead-list-page">
      <h1 className="console-page__title">{text.title}</h1>
      <LeadFilterForm filters={filters} campaigns={campaigns} assignees={assignees} />
      {invalid.length > 0 ? (
        <p className="lead-list-page__notice" role="alert">
          {text.invalid(invalid.map((key) => filterLabels[key]))}
        </p>
      ) : null}
      <div className="lead-list-page__bar">
        <p ref={countRef} className="lead-list-page__count" role="status" tabIndex={-1}>
          {busy ? text.updating : text.pageCount(page.total, page.rows.length, page.next !== null)}
        </p>
      </div>
      {canExport ? (
        <ExportForm
          id="lead-export"
          params={leadFiltersToParams(filters)}
          note={text.exportNote}
          downloads={[
            { path: `${LEAD_LIST_PATH}/export.xlsx`, label: text.exportXlsx },
            { path: `${LEAD_LIST_PATH}/export.csv`, label: text.exportCsv },
          ]}
        />
      ) : null}
      <LeadList rows={page.rows} busy={busy} />
      {page.next || fromCursor ? (
        <nav className="lead-list-page__paging" aria-label={text.pagingLabel}>
          {fromCursor ? (
            <Link to={withQuery(LEAD_LIST_PATH)} state={{ focus: 'count' } satisfies LeadListFocus}>
              {text.first}
            </Link>
          ) : null}
          {page.next ? (
            <Link className="button button--primary" to={`${LEAD_LIST_PATH}?${nextParams}`} state={{ focus: 'count' } satisfies LeadListFocus}>
              {text.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
