/**
 * The send-log rows one registration (or a customer's id alone) caused, oldest first, read from the
 * table. The console shows a customer's whole log (`MessageLog.forCustomer`); these tests look at
 * what each registration caused.
 */
import type { SalesDatabase } from '../../web/server/database/index';
import { messageEntryOf } from '../../web/server/messages/message-log';
import type { LeadMessageEntry } from '../../web/shared/outbound-messages';

export async function registrationMessages(sales: SalesDatabase, leadId: string): Promise<LeadMessageEntry[]> {
  const rows = await sales.db
    .selectFrom('lead_messages')
    .select(['event', 'status', 'reason', 'provider_code', 'attempts', 'updated_at'])
    .where('lead_id', '=', leadId)
    .orderBy('created_at')
    .orderBy('key')
    .execute();
  return rows.map((row) => messageEntryOf(row as Parameters<typeof messageEntryOf>[0]));
}
