/**
 * A new registration as those who hear of it get it: the team's webhook (leads/notifier.ts) and
 * the customer's confirmation message (./dispatcher.ts). Told beside the visitor's request, never
 * in front of it.
 */
import type { ConsoleFormKind } from '../../shared/lead-form-kinds';

export type LeadNotification = {
  _id: string;
  name: string;
  phone: string;
  createdAt: string;
  formKind: ConsoleFormKind;
  message?: string;
  sourcePage?: string;
  assignee?: { email?: string; name?: string };
  visitAt?: string;
  /** The phone was a customer already: the registration joined it (and its 담당자 was told). */
  returning?: boolean;
};

export interface LeadNotifier {
  notify(lead: LeadNotification): void;
  /** Stops retrying; attempts in flight finish on their own. */
  close(): void;
}
