/**
 * Which messages a stored registration queues, to whom and under which key: kept apart from the
 * transaction that stores it (registration.ts), as staff's bookings keep theirs in visit-messages.ts.
 */
import type { MessageEvent } from '../../shared/outbound-messages';
import type { GroupStatements } from '../database/group-statements';
import type { SalesTables } from '../database/tables';
import { messageKey, queueMessagesInGroup } from '../messages/message-log';
import type { RegistrationOutcome } from './registration-types';

/**
 * The messages a registration causes, queued with it (a failed commit queues nothing; a retry of
 * the same form finds its keys there): the customer's confirmation of the registration or the
 * booking, and to the 담당자 the new customer, or a customer of theirs registering again, and the visit.
 */
export async function queueRegistrationMessages(
  statements: GroupStatements<SalesTables>,
  registrationId: string,
  outcome: Extract<RegistrationOutcome, { status: 'created' }>,
  now: number,
): Promise<void> {
  const booked = outcome.visit?.status === 'booked';
  const jobs: Array<{ event: MessageEvent; recipient: string | null; qualifier?: string }> = [{ event: booked ? 'booking' : 'registration', recipient: null }];
  const staff = outcome.assignee?.email;
  if (staff) {
    if (outcome.assignedNow) jobs.push({ event: 'staffNewLead', recipient: staff, qualifier: STORED });
    else if (outcome.returning) jobs.push({ event: 'staffReturning', recipient: staff });
    if (booked) jobs.push({ event: 'staffBooking', recipient: staff, qualifier: STORED });
  }
  await queueMessagesInGroup(
    statements,
    jobs.map((job) => ({ key: messageKey(job.event, registrationId, job.qualifier), leadId: registrationId, event: job.event, recipient: job.recipient })),
    now,
  );
}

/** The qualifier of a staff message sent as the registration was stored. */
const STORED = 'stored';
