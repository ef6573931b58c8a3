import { useEffect, useRef, type RefObject } from 'react';
import { data, Link, redirect, useLocation, useNavigation } from 'react-router';
import type { Route } from './+types/leads';
import { leadFiltersToParams } from '../../../shared/lead-filters';
import { mayExport, mayHandOver, mayManageLeads, type StaffIdentity } from '../../../shared/staff-roles';
import { startedByAnotherSite } from '../../../shared/cross-site';
import { ExportForm } from '../../components/console/ExportForm';
import { LeadFilterForm } from '../../components/console/LeadFilterForm';
import { BulkAssign, type BulkAssignOutcome } from '../../components/console/BulkAssign';
import { LeadList } from '../../components/console/LeadList';
import { TeamAssignment } from '../../components/console/TeamAssignment';
import { HandOver } from '../../components/console/HandOver';
import { CallerElsewhereNotice } from '../../components/console/CallerElsewhereNotice';
import { LeadListPaging } from '../../components/console/LeadListPaging';
import { handOverChoices } from '../../components/console/staff-choices';
import { useLeadSelection } from '../../components/console/use-lead-selection';
import { filterLabels, leadListText as text } from '../../components/console/lead-text';
import { CONSOLE_HEADERS, GROUP_MESSAGES_PATH, LEAD_LIST_PATH, consoleMeta, type LeadListFocus } from '../../components/console/console-page';
import { requireStaff } from '../../lib/require-staff';
import '../../components/console/console-page.css';
import './leads.css';

const PAGE_SIZE = 30;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const staff = requireStaff({ request, url }, context);
  const { filters: asked, invalid, controlError } = context.leadSearch.read(url.searchParams);
  // A search another site's link asks for is a lookup of a person in the staff member's name
  // (recorded as one): not made until they follow our own link.
  const { q: foreignSearch, ...filtersWithoutSearch } = asked;
  const searchFromAnotherSite = startedByAnotherSite(request.headers.get('sec-fetch-site')) && foreignSearch !== undefined;
  const filters = searchFromAnotherSite ? filtersWithoutSearch : asked;
  const cursor = url.searchParams.get('cursor') || undefined;
  const [page, campaigns, accounts, unitTypes, team] = await Promise.all([
    context.leadConsole.list(filters, { cursor, limit: PAGE_SIZE }, { ...staff, ip: context.clientIp }),
    context.leadConsole.campaigns(),
    context.staff.list(),
    context.leadConsole.unitTypes(),
    context.leadConsole.teamAssignment({ ...staff, ip: context.clientIp }),
  ]);
  // 담당자 choices: every other account, active ones first (a disabled account's leads stay findable).
  const assignees = accounts
    .filter((account) => account.email !== staff.email)
    .sort((a, b) => Number(a.disabled) - Number(b.disabled))
    .map((account) => ({ email: account.email, name: account.name }));
  // Who leads can be assigned to: the signed-in staff member first, then every other active account.
  const assignTo = [{ email: staff.email, name: staff.name }, ...accounts.filter((account) => !account.disabled && account.email !== staff.email)].map(
    ({ email, name }) => ({ email, name }),
  );
  const handOver = mayManageLeads(staff.role) ? handOverChoices(staff.role, staff.email, accounts) : null;
  // A control character in a typed filter is the request's fault: 400, with the page and the message.
  return data(
    {
      filters,
      address: context.leadSearch.write(leadFiltersToParams(filters)).toString(),
      invalid,
      controlError,
      searchFromAnotherSite: searchFromAnotherSite ? `${url.pathname}${url.search}` : null,
      page,
      campaigns,
      unitTypes,
      assignees,
      assignTo,
      me: staff.email,
      fromCursor: Boolean(cursor),
      canExport: mayExport(staff.role),
      canMessage: mayManageLeads(staff.role),
      team,
      handOver,
    },
    { status: controlError ? 400 : 200 },
  );
}

/**
 * 퇴사자 고객 넘기기: checked here against the accounts (a Korean 400/403), asked once more with the
 * count, then done by the lead console in one transaction (which checks the roles again).
 */
async function handOverAnswer(form: FormData, context: Route.ActionArgs['context'], actor: StaffIdentity & { ip: string }) {
  const answer = (tone: BulkAssignOutcome['tone'], message: string, status = 200, confirm: { from: string; to: string } | null = null) =>
    data<BulkAssignOutcome>({ tone, message, handOver: { confirm } }, { status });
  if (!mayManageLeads(actor.role)) return answer('error', text.handOverForbidden, 403);
  const field = (name: string) => String(form.get(name) ?? '');
  const accounts = await context.staff.list();
  const from = accounts.find((account) => account.email === field('handOverFrom'));
  const to = field('handOverTo') ? accounts.find((account) => account.email === field('handOverTo') && !account.disabled) : null;
  if (!from || to === undefined || from.email === to?.email || from.email === actor.email) return answer('error', text.handOverInvalid, 400);
  if (!mayHandOver(actor.role, from.role, to?.role ?? null)) return answer('error', text.handOverNotAllowed, 403);
  const toName = to?.name ?? null;
  if (form.get('confirmed') !== '1') {
    const { total } = await context.leadConsole.list({ assignee: from.email }, { limit: 1 }, actor);
    if (total === 0) return answer('success', text.handOverNone(from.name));
    return answer('success', text.handOverConfirm(from.name, total, toName), 200, { from: from.email, to: to?.email ?? '' });
  }
  const result = await context.leadConsole.handOver(from.email, to?.email ?? null, actor);
  if (!result.ok) return result.error === 'forbidden' ? answer('error', text.handOverNotAllowed, 403) : answer('error', text.handOverInvalid, 400);
  return answer('success', result.assigned === 0 ? text.handOverNone(from.name) : text.handedOver(from.name, result.assigned, toName));
}

/**
 * 검색 (the filters, posted so that a whole phone number never sits in an address: it comes back
 * sealed in the list's address), and 선택한 고객 배정: each ticked lead to the chosen 담당자 (or
 * 미배정), under the service's rules, each recorded.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = requireStaff({ request, url }, context);
  const form = await request.formData().catch(() => null);
  if (form?.get('intent') === 'search') {
    const fields = new URLSearchParams();
    for (const [name, value] of form) if (name !== 'intent' && typeof value === 'string') fields.append(name, value);
    const address = context.leadSearch.write(fields).toString();
    return redirect(address ? `${LEAD_LIST_PATH}?${address}` : LEAD_LIST_PATH, 303);
  }
  const ids = (form?.getAll('lead') ?? []).filter((value): value is string => typeof value === 'string' && value !== '');
  const actor = { ...staff, ip: context.clientIp };
  const intent = form?.get('intent');
  if (intent === 'cancel') return data<BulkAssignOutcome>({ tone: 'success', message: text.distributeCancelled });
  if (intent === 'handOverCancel') return data<BulkAssignOutcome>({ tone: 'success', message: text.handOverCancelled, handOver: { confirm: null } });
  if (intent === 'handOver' && form) return handOverAnswer(form, context, actor);
  if (intent === 'teamAssignment') {
    const takingPart = (form?.getAll('takingPart') ?? []).filter((value): value is string => typeof value === 'string');
    const roundRobin = form?.get('roundRobin') === '1';
    const saved = await context.leadConsole.saveTeamAssignment({ roundRobin, takingPart }, actor);
    if (!saved) return data<BulkAssignOutcome>({ tone: 'error', message: text.teamInvalid, team: true }, { status: 400 });
    return data<BulkAssignOutcome>({ tone: 'success', message: text.teamSaved(roundRobin, takingPart.length), team: true });
  }
  if (intent === 'distribute' || intent === 'distributeUnassigned') {
    const team = intent === 'distributeUnassigned';
    if (!team && ids.length === 0) return data<BulkAssignOutcome>({ tone: 'error', message: text.noneSelected }, { status: 400 });
    const settings = await context.leadConsole.teamAssignment(actor);
    const names = settings?.sales.filter((account) => account.takingPart).map((account) => account.name) ?? [];
    if (!settings || names.length === 0)
      return data<BulkAssignOutcome>({ tone: 'error', message: text.nobodyTakingPart, team }, { status: settings ? 409 : 403 });
    // Asked once more: what will be split, among whom.
    if (form?.get('confirmed') !== '1') {
      return data<BulkAssignOutcome>({ tone: 'success', message: text.distributeConfirm(team ? null : ids.length, names), team, confirm: { intent, ids } });
    }
    const result = await context.leadConsole.distributeEvenly(team ? 'unassigned' : { ids }, actor);
    if (!result.ok)
      return data<BulkAssignOutcome>(
        { tone: 'error', message: result.error === 'nobodyTakingPart' ? text.nobodyTakingPart : text.noneSelected, team },
        { status: 400 },
      );
    return data<BulkAssignOutcome>({ tone: 'success', message: text.distributed(result.total, result.counts), team });
  }
  const assignTo = form?.get('assignTo');
  if (form?.get('intent') !== 'assign' || typeof assignTo !== 'string')
    return data<BulkAssignOutcome>({ tone: 'error', message: text.badAssignee }, { status: 400 });
  if (ids.length === 0) return data<BulkAssignOutcome>({ tone: 'error', message: text.noneSelected }, { status: 400 });
  const result = await context.leadConsole.assign(ids, assignTo || null, actor);
  if (!result.ok) return data<BulkAssignOutcome>({ tone: 'error', message: text.badAssignee }, { status: 400 });
  const name = assignTo === staff.email ? staff.name : (await context.staff.list()).find((account) => account.email === assignTo)?.name;
  const done = result.assigned === 0 ? null : assignTo ? text.assigned(result.assigned, name ?? assignTo) : text.assignedNobody(result.assigned);
  const message = [done, result.refused ? text.notAssigned(result.refused) : null].filter(Boolean).join(' ');
  return data<BulkAssignOutcome>({ tone: result.refused ? 'error' : 'success', message }, { status: result.assigned ? 200 : 403 });
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

export default function Leads({ loaderData, actionData }: Route.ComponentProps) {
  const {
    filters,
    address,
    invalid,
    controlError,
    searchFromAnotherSite,
    page,
    campaigns,
    unitTypes,
    assignees,
    assignTo,
    me,
    fromCursor,
    canExport,
    canMessage,
    team,
    handOver,
  } = loaderData;
  const selection = useLeadSelection(
    page.rows.map((row) => row.id),
    actionData,
  );
  const navigation = useNavigation();
  const countRef = useRef<HTMLParagraphElement>(null);
  useFocusAfterListLink(countRef);
  // The list reloading after a post (an assignment) is not a new search: its answer is what is said.
  const searchPosted = navigation.formData?.get('intent') === 'search';
  const busy =
    navigation.location?.pathname === LEAD_LIST_PATH && (searchPosted || (navigation.state === 'loading' && navigation.formMethod?.toUpperCase() !== 'POST'));
  const showBulkAssign = page.rows.length > 0 || Boolean(actionData);

  return (
    <div className="console-page lead-list-page">
      <h1 className="console-page__title">{text.title}</h1>
      <LeadFilterForm filters={filters} campaigns={campaigns} unitTypes={unitTypes} assignees={assignees} />
      {searchFromAnotherSite ? (
        <p className="lead-list-page__notice" role="alert">
          {text.searchOpenedElsewhere} <Link to={searchFromAnotherSite}>{text.searchAnyway}</Link>
        </p>
      ) : null}
      {invalid.length > 0 ? (
        <p className="lead-list-page__notice" role="alert">
          {[controlError, text.invalid(invalid.map((key) => filterLabels[key]))].filter(Boolean).join(' ')}
        </p>
      ) : null}
      <div className="lead-list-page__bar">
        <p ref={countRef} className="lead-list-page__count" role="status" tabIndex={-1}>
          {busy ? text.updating : text.pageCount(page.total, page.rows.length, page.next !== null)}
        </p>
        {canMessage && page.rows.length > 0 ? (
          <Link className="button" to={`${GROUP_MESSAGES_PATH}?${new URLSearchParams([['audience', 'filter'], ...new URLSearchParams(address)])}`}>
            {text.messageAll}
          </Link>
        ) : null}
      </div>
      {page.elsewhere ? <CallerElsewhereNotice elsewhere={page.elsewhere} /> : null}
      {canExport ? (
        <ExportForm
          id="lead-export"
          params={new URLSearchParams(address)}
          note={text.exportNote}
          downloads={[
            { path: `${LEAD_LIST_PATH}/export.xlsx`, label: text.exportXlsx },
            { path: `${LEAD_LIST_PATH}/export.csv`, label: text.exportCsv },
          ]}
        />
      ) : null}
      {/* The rows first and the selection box (배정) after them, as they are seen at every width. */}
      <LeadList rows={page.rows} busy={busy} selection={selection} />
      {showBulkAssign || team || handOver ? (
        <div className="lead-list-page__actions">
          {showBulkAssign ? (
            <BulkAssign
              selected={selection.untickedByAnswer ? null : selection.selected.size}
              allTicked={page.rows.length > 0 && page.rows.every((row) => selection.selected.has(row.id))}
              onTickAll={(ticked) =>
                selection.onChange(
                  page.rows.map((row) => row.id),
                  ticked,
                )
              }
              choices={assignTo}
              me={me}
              outcome={actionData}
              mayDistribute={team !== null}
            />
          ) : null}
          {team ? <TeamAssignment team={team} outcome={actionData?.team ? actionData : undefined} /> : null}
          {handOver ? <HandOver choices={handOver} outcome={actionData?.handOver ? actionData : undefined} /> : null}
        </div>
      ) : null}
      <LeadListPaging address={address} next={page.next} fromCursor={fromCursor} />
    </div>
  );
}
