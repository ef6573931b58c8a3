/** Lead capture wired from the configuration (web/server/config.ts, "Leads" in .env.example). */
import path from 'node:path';
import type { ServerConfig } from '../config';
import type { ContentSources } from '../content/index';
import type { AuditTrail } from '../audit/trail';
import type { RequestLimiters } from '../http/rate-limit';
import { readOrCreateSecret, tightenDataDir } from '../data-dir';
import { allNotifiers, createWebhookNotifier } from './notifier';
import type { LeadNotifier } from '../messages/lead-notification';
import { openLeadOutbox } from './outbox';
import { PostgresLeadOutbox } from './postgres-outbox';
import { LeadService, type LeadServiceOptions } from './service';

export { leadRequests, type LeadRequests } from './http';
export { LeadService } from './service';
export { seedDemoVisitSlots } from './demo-slots';

/**
 * The lead service over the given stores, its outbox (a table beside PostgreSQL leads, else a file
 * in DATA_DIR) and the form secret in DATA_DIR (kept 0700/0600).
 */
export function createLeadService(
  sources: Pick<ContentSources, 'content' | 'sales' | 'database'>,
  config: Pick<ServerConfig, 'dataDir' | 'leads'>,
  {
    audit,
    limiters,
    notifiers = [],
    assignNewLead,
    messageLog,
  }: {
    audit?: AuditTrail;
    limiters?: RequestLimiters;
    /** Told of each new lead beside the webhook (the customer's confirmation message). */
    notifiers?: LeadNotifier[];
    /** Picks the 담당자 of a new lead (automatic assignment), when that is on. */
    assignNewLead?: LeadServiceOptions['assignNewLead'];
    /** The messages' log: the retention purge deletes its rows of the purged leads. */
    messageLog?: LeadServiceOptions['messageLog'];
  } = {},
): LeadService {
  const { dataDir, leads } = config;
  tightenDataDir(dataDir);
  return new LeadService({
    content: sources.content,
    sales: sources.sales,
    outbox: sources.database ? new PostgresLeadOutbox(sources.database) : openLeadOutbox(path.join(dataDir, 'lead-outbox.sqlite')),
    // Kept per data directory, so tokens (and so retries of a stored lead) survive restarts.
    secret: leads.formSecret || readOrCreateSecret(path.join(dataDir, 'lead-form-secret')),
    minFillMs: leads.minFillMs,
    ipLimit: leads.ipLimit,
    phoneLimit: leads.phoneLimit,
    bookingIpLimit: leads.bookingIpLimit,
    slotNetworkLimit: leads.slotNetworkLimit,
    limiters,
    notifier: allNotifiers([...(leads.webhookUrl ? [createWebhookNotifier({ url: leads.webhookUrl })] : []), ...notifiers]),
    audit,
    assignNewLead,
    messageLog,
  });
}
