import { leadFiltersToParams, parseLeadFilters } from '../../../shared/lead-filters';

/** What the list's action takes for a search (the form is posted without JavaScript). */
export const SEARCH_INTENT = { name: 'intent', value: 'search' } as const;

/** The form's filters without the empty ones, so the address stays short and readable. */
export function filledParams(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (name !== SEARCH_INTENT.name && typeof value === 'string' && value.trim()) params.set(name, value.trim());
  }
  return params;
}

/** One spelling of a set of filters, whatever order or blanks the address had. */
export function filtersKey(params: URLSearchParams): string {
  const canonical = leadFiltersToParams(parseLeadFilters(params).filters);
  canonical.sort();
  return canonical.toString();
}
