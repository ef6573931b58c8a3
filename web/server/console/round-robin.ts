/**
 * Automatic assignment of new leads (leadSettings' 자동 배정): each new lead goes to the active
 * 상담사 after the one who got the last, in email order. The last one is a document in the leads
 * store, moved on with a revision check, so instances sharing a database (PostgreSQL) or a file
 * (SQLite) take turns from one rotation and never hand two leads the same turn.
 */
import { leadAssignmentSettingsQuery, leadAssignmentRotationQuery } from '../../sanity/queries';
import { MutationError, type ContentSource } from '../content/types';
import type { StaffDirectory } from '../auth/staff-accounts';

export const ROTATION_ID = 'leadAssignmentRotation';
/** Enough for every instance submitting at once to have its turn; then the lead stays 미배정. */
const MAX_ATTEMPTS = 50;

export type NewLeadAssignee = { email: string; name: string };

export function roundRobinAssigner(options: { content: ContentSource; leads: ContentSource; staff: StaffDirectory }): () => Promise<NewLeadAssignee | null> {
  return async () => {
    if (!(await options.content.fetch(leadAssignmentSettingsQuery))?.roundRobin) return null;
    const sales = (await options.staff.list())
      .filter((account) => account.role === 'sales' && !account.disabled)
      .sort((a, b) => (a.email < b.email ? -1 : 1));
    if (!sales.length) return null;
    await options.leads.mutate([{ createIfNotExists: { _id: ROTATION_ID, _type: ROTATION_ID } }]);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const rotation = await options.leads.fetch(leadAssignmentRotationQuery);
      if (!rotation) return null;
      const next = sales.find((account) => account.email > (rotation.lastEmail ?? '')) ?? sales[0];
      try {
        await options.leads.mutate([{ patch: { id: ROTATION_ID, ifRevisionID: rotation._rev, set: { lastEmail: next.email } } }]);
        return { email: next.email, name: next.name };
      } catch (error) {
        // Another lead took this turn meanwhile: take the one after it.
        if (!(error instanceof MutationError && error.statusCode === 409)) throw error;
      }
    }
    return null;
  };
}
