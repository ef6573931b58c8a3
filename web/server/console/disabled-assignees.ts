/**
 * Leads still assigned to a disabled account go back to 미배정, recorded as `system`: no 상담사 sees
 * a lead left with an account nobody signs in to. The console's disable hands them over at once to
 * whom the admin picks; `npm run staff -- disable` cannot (on the embedded store only the server
 * writes the leads), so the server does it for any account disabled a minute or more ago.
 */
import type { StaffDirectory } from '../auth/staff-accounts';
import { startDailyJob } from '../daily-timer';
import type { LeadConsole, StaffActor } from './types';

/** Leaves the console's own hand-over, right after its disable, to finish first. */
const HAND_OVER_GRACE_MS = 60_000;
const SWEEP_INTERVAL_MS = 60_000;
const SYSTEM_ACTOR: StaffActor = { email: 'system', name: '시스템', role: 'admin', ip: 'local' };

/** One round; how many leads went back to 미배정. */
export async function releaseLeadsOfDisabledAccounts(staff: StaffDirectory, leadConsole: Pick<LeadConsole, 'handOver'>, now = Date.now()): Promise<number> {
  let released = 0;
  for (const account of await staff.list()) {
    if (!account.disabled || !account.updatedAt || Date.parse(account.updatedAt) > now - HAND_OVER_GRACE_MS) continue;
    const result = await leadConsole.handOver(account.email, null, SYSTEM_ACTOR);
    if (result.ok) released += result.assigned;
  }
  return released;
}

/** Every minute in the server; returns the stop. */
export function startReleasingLeadsOfDisabledAccounts(staff: StaffDirectory, leadConsole: Pick<LeadConsole, 'handOver'>): () => void {
  return startDailyJob(
    'disabled-assignees',
    async () => {
      const released = await releaseLeadsOfDisabledAccounts(staff, leadConsole);
      return released > 0 ? `${released} leads of disabled accounts returned to 미배정` : null;
    },
    { intervalMs: SWEEP_INTERVAL_MS },
  );
}
