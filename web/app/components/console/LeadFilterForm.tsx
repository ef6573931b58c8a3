import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { leadFiltersToParams, type LeadFilters } from '../../../shared/lead-filters';
import { LEAD_FORM_KIND_LABELS } from '../../../shared/lead-form-kinds';
import { LEAD_FORM_KINDS, wholeMobilePhone } from '../../../shared/lead-validation';
import {
  FUNDING_LABELS,
  FUNDING_PLANS,
  PROFILE_FIELD_LABELS,
  SUBSCRIPTION_LABELS,
  SUBSCRIPTION_QUALIFICATIONS,
  type UnitTypeChoice,
} from '../../../shared/customer-profile';
import { leadListText as text } from './lead-text';
import type { LeadListFocus } from './console-page';
import { LeadStatusOptions } from './LeadStatusBadge';
import { LeadFilterField } from './LeadFilterField';
import { filledParams, filtersKey, SEARCH_INTENT } from './lead-filter-params';
import './LeadFilterForm.css';

/** Typing in a text filter waits this long for the next key before the list is asked again. */
const TYPING_PAUSE_MS = 400;

/**
 * Which edition of the fields to render. Fields keep what was typed while the list follows them;
 * when the address changes from elsewhere (조건 지우기, the browser's back button) the fields are
 * rendered afresh from it.
 */
function useFieldsEdition(filters: LeadFilters): { edition: number; typed: (params: URLSearchParams) => void } {
  const shownKey = filtersKey(leadFiltersToParams(filters));
  const [typedKey, setTypedKey] = useState(shownKey);
  const [seenKey, setSeenKey] = useState(shownKey);
  const [edition, setEdition] = useState(0);
  if (seenKey !== shownKey) {
    setSeenKey(shownKey);
    if (shownKey !== typedKey) {
      setTypedKey(shownKey);
      setEdition(edition + 1);
    }
  }
  return { edition, typed: (params) => setTypedKey(filtersKey(params)) };
}

/**
 * `campaigns`: the known campaign names (lower case), the campaign filter's choices; `assignees`:
 * the staff accounts other than the signed-in one, the 담당자 filter's choices after 미배정 and 내 고객.
 */
type LeadFilterFormProps = {
  filters: LeadFilters;
  campaigns: readonly string[];
  /** The 관심 타입 choices (the CMS's unit types). */
  unitTypes: readonly UnitTypeChoice[];
  assignees: ReadonlyArray<{ email: string; name: string }>;
};

/** 미배정, 내 고객, then each account (and the one asked for, kept even when it is no account now). */
function AssigneeOptions({ assignees, chosen }: { assignees: LeadFilterFormProps['assignees']; chosen: string | undefined }) {
  return (
    <>
      <option value="none">{text.assigneeNone}</option>
      <option value="me">{text.assigneeMe}</option>
      {assignees.map((account) => (
        <option key={account.email} value={account.email}>
          {account.name}
        </option>
      ))}
      {chosen && chosen !== 'none' && chosen !== 'me' && !assignees.some((account) => account.email === chosen) ? (
        <option value={chosen}>{text.otherAssignee(chosen)}</option>
      ) : null}
    </>
  );
}

/** The campaign choices, with the one asked for kept even when no lead carries it (an old link). */
function CampaignOptions({ campaigns, chosen }: { campaigns: readonly string[]; chosen: string | undefined }) {
  return (
    <>
      {campaigns.map((campaign) => (
        <option key={campaign} value={campaign}>
          {campaign}
        </option>
      ))}
      {chosen && !campaigns.includes(chosen) ? <option value={chosen}>{text.otherCampaign(chosen)}</option> : null}
    </>
  );
}

/**
 * The filters used less often, folded away (a phone shows the list sooner); open when one of them
 * is set. Open or closed as first rendered: the staff member's own toggling is theirs.
 */
function MoreFilters({ filters, children }: { filters: LeadFilters; children: ReactNode }) {
  const { q: _search, status: _status, assignee: _assignee, ...more } = filters;
  const [open] = useState(Object.keys(more).length > 0);
  return (
    <details className="lead-filters__more" open={open}>
      <summary>{text.moreFilters}</summary>
      <div className="lead-filters__more-fields">{children}</div>
    </details>
  );
}

/** A select or date field: stepped through with the arrow keys, each step a change. */
function isSteppedField(target: EventTarget): boolean {
  return target instanceof HTMLSelectElement || (target instanceof HTMLInputElement && target.type === 'date');
}

/**
 * The list's filters: a form posted to the list's action, which answers with the list's address,
 * so it works before (and without) JavaScript and a whole phone number searched for reaches the
 * address only sealed. With JavaScript a change asks for the list again at once (text after a
 * pause in typing), without a page load, by that address (a GET) unless the search is a whole
 * number (posted, as without JavaScript); focus stays where it is. A select or a date changed from the keyboard (each arrow key a change)
 * searches once its value is committed: when focus leaves it, or on 조회 (Enter). A new search
 * starts from the first page (the form carries no cursor).
 */
export function LeadFilterForm({ filters, campaigns, unitTypes, assignees }: LeadFilterFormProps) {
  const submit = useSubmit();
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fromKeyboard = useRef(false);
  const uncommitted = useRef(false);
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => () => clearTimeout(typing.current), []);
  const { edition, typed } = useFieldsEdition(filters);

  const search = (form: HTMLFormElement) => {
    clearTimeout(typing.current);
    const params = filledParams(form);
    uncommitted.current = false;
    typed(params);
    if (wholeMobilePhone(params.get('q') ?? '')) {
      params.set(SEARCH_INTENT.name, SEARCH_INTENT.value);
      void submit(params, { method: 'post', replace: true, preventScrollReset: true });
    } else {
      void submit(params, { method: 'get', replace: true, preventScrollReset: true });
    }
  };
  // What a slow phone's user typed or chose before the page hydrated (no change event reached us)
  // is searched once it has, after the same pause as typing.
  useEffect(() => {
    const form = formElement.current;
    if (form && filtersKey(filledParams(form)) !== filtersKey(leadFiltersToParams(filters))) {
      typing.current = setTimeout(() => search(form), TYPING_PAUSE_MS);
    }
    // Once, on hydration: later changes reach onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const marketing = filters.marketing === undefined ? undefined : filters.marketing ? 'yes' : 'no';

  return (
    <Form
      key={edition}
      ref={formElement}
      method="post"
      className="lead-filters"
      aria-labelledby="lead-filters-heading"
      onSubmit={(event) => {
        event.preventDefault();
        search(event.currentTarget);
      }}
      onKeyDown={() => {
        fromKeyboard.current = true;
      }}
      onPointerDown={() => {
        fromKeyboard.current = false;
      }}
      onChange={(event) => {
        const form = event.currentTarget;
        const isText = event.target instanceof HTMLInputElement && (event.target.type === 'search' || event.target.type === 'text');
        clearTimeout(typing.current);
        if (isText) typing.current = setTimeout(() => search(form), TYPING_PAUSE_MS);
        else if (fromKeyboard.current && isSteppedField(event.target)) uncommitted.current = true;
        else search(form);
      }}
      onBlur={(event) => {
        if (uncommitted.current && isSteppedField(event.target)) search(event.currentTarget);
      }}
    >
      <input type="hidden" name={SEARCH_INTENT.name} value={SEARCH_INTENT.value} />
      <h2 id="lead-filters-heading" className="lead-filters__heading">
        {text.filtersHeading}
      </h2>
      <div className="lead-filters__field lead-filters__field--wide">
        <label htmlFor="lead-filter-q">{text.search}</label>
        <input
          id="lead-filter-q"
          type="search"
          name="q"
          className="console-input"
          defaultValue={filters.q ?? ''}
          maxLength={100}
          aria-describedby="lead-filter-q-hint"
          autoComplete="off"
        />
        <span id="lead-filter-q-hint" className="lead-filters__hint">
          {text.searchHint}
        </span>
      </div>
      <LeadFilterField name="status" label={text.status} value={filters.status} options={<LeadStatusOptions />} />
      <LeadFilterField
        name="assignee"
        label={text.assignee}
        value={filters.assignee}
        options={<AssigneeOptions assignees={assignees} chosen={filters.assignee} />}
      />
      <MoreFilters filters={filters}>
        <LeadFilterField name="from" label={text.from} type="date" value={filters.from} />
        <LeadFilterField name="to" label={text.to} type="date" value={filters.to} />
        <LeadFilterField
          name="formKind"
          label={text.formKind}
          value={filters.formKind}
          options={LEAD_FORM_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LEAD_FORM_KIND_LABELS[kind]}
            </option>
          ))}
        />
        <LeadFilterField name="visitDay" label={text.visitDay} type="date" value={filters.visitDay} />
        <LeadFilterField
          name="marketing"
          label={text.marketing}
          value={marketing}
          options={
            <>
              <option value="yes">{text.marketingYes}</option>
              <option value="no">{text.marketingNo}</option>
            </>
          }
        />
        <LeadFilterField name="utmSource" label={text.utmSource} type="text" value={filters.utmSource} />
        <LeadFilterField
          name="utmCampaign"
          label={text.utmCampaign}
          value={filters.utmCampaign?.toLowerCase()}
          options={<CampaignOptions campaigns={campaigns} chosen={filters.utmCampaign?.toLowerCase()} />}
        />
        <LeadFilterField
          name="interestType"
          label={PROFILE_FIELD_LABELS.interestType}
          value={filters.interestType}
          options={unitTypes.map((unit) => (
            <option key={unit.code} value={unit.code}>
              {unit.label}
            </option>
          ))}
        />
        <LeadFilterField
          name="subscription"
          label={PROFILE_FIELD_LABELS.subscription}
          value={filters.subscription}
          options={SUBSCRIPTION_QUALIFICATIONS.map((value) => (
            <option key={value} value={value}>
              {SUBSCRIPTION_LABELS[value]}
            </option>
          ))}
        />
        <LeadFilterField
          name="funding"
          label={PROFILE_FIELD_LABELS.funding}
          value={filters.funding}
          options={FUNDING_PLANS.map((value) => (
            <option key={value} value={value}>
              {FUNDING_LABELS[value]}
            </option>
          ))}
        />
      </MoreFilters>
      <div className="lead-filters__actions">
        <button type="submit" className="button button--primary">
          {text.apply}
        </button>
        <Link className="button button--outline" to="/admin/leads" preventScrollReset state={{ focus: 'search' } satisfies LeadListFocus}>
          {text.reset}
        </Link>
      </div>
    </Form>
  );
}
