/**
 * A navigation another site started (its link, its script): the browser sends the staff cookie
 * (SameSite=Lax), but the step is not yet the staff member's own, so a console GET that records or
 * returns personal data reads and records nothing until they follow our own link. A bookmark or a
 * typed address says `none`, our own pages `same-origin`.
 */
export function startedByAnotherSite(secFetchSite: string | null | undefined): boolean {
  return secFetchSite === 'cross-site' || secFetchSite === 'same-site';
}
