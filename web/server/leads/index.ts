/**
 * Lead capture wired from the environment (see .env.example, "Leads"):
 *   LEAD_FORM_SECRET        HMAC secret of the form tokens (unset: created once in DATA_DIR/lead-form-secret)
 *   LEAD_MIN_FILL_MS        minimum time between rendering and submitting a form (default 2000)
 *   LEAD_RATE_LIMIT_IP      per-IP limit, "max/seconds" (default 30/600)
 *   LEAD_RATE_LIMIT_PHONE   per-phone limit, "max/seconds" (default 5/3600)
 *   LEAD_BOOKING_LIMIT_IP   visit bookings per IP, "max/seconds" (default 10/86400)
 *   LEAD_WEBHOOK_URL        optional; each new lead is POSTed there
 *   DATA_DIR                the outbox (DATA_DIR/lead-outbox.sqlite) and the form secret; kept 0700/0600
 */
import path from 'node:path';
import type { ContentSources } from '../content/index';
import { readOrCreateSecret, tightenDataDir } from '../data-dir';
import { createWebhookNotifier } from './notifier';
import { openLeadOutbox } from './outbox';
import { rateLimitFrom } from './rate-limit';
import { DEFAULT_BOOKING_IP_LIMIT, DEFAULT_IP_LIMIT, DEFAULT_MIN_FILL_MS, DEFAULT_PHONE_LIMIT, LeadService } from './service';

export { createLeadRouter } from './routes';
export { checkLeadsWriteAccess } from './write-access';
export { LeadService } from './service';
export { firstStartLeadDocuments } from './demo-slots';

export function createLeadServiceFromEnv(
  sources: Pick<ContentSources, 'content' | 'leads'>,
  env: NodeJS.ProcessEnv = process.env,
): LeadService {
  const minFillMs = env.LEAD_MIN_FILL_MS ? Number(env.LEAD_MIN_FILL_MS) : DEFAULT_MIN_FILL_MS;
  if (!Number.isFinite(minFillMs) || minFillMs < 0) {
    throw new Error(`LEAD_MIN_FILL_MS must be a number of milliseconds, got "${env.LEAD_MIN_FILL_MS}"`);
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  tightenDataDir(dataDir);
  return new LeadService({
    content: sources.content,
    leads: sources.leads,
    outbox: openLeadOutbox(path.join(dataDir, 'lead-outbox.sqlite')),
    // Kept per data directory, so tokens (and so retries of a stored lead) survive restarts.
    secret: env.LEAD_FORM_SECRET || readOrCreateSecret(path.join(dataDir, 'lead-form-secret')),
    minFillMs,
    ipLimit: rateLimitFrom(env.LEAD_RATE_LIMIT_IP, DEFAULT_IP_LIMIT, 'LEAD_RATE_LIMIT_IP'),
    phoneLimit: rateLimitFrom(env.LEAD_RATE_LIMIT_PHONE, DEFAULT_PHONE_LIMIT, 'LEAD_RATE_LIMIT_PHONE'),
    bookingIpLimit: rateLimitFrom(env.LEAD_BOOKING_LIMIT_IP, DEFAULT_BOOKING_IP_LIMIT, 'LEAD_BOOKING_LIMIT_IP'),
    notifier: env.LEAD_WEBHOOK_URL ? createWebhookNotifier({ url: env.LEAD_WEBHOOK_URL }) : undefined,
  });
}
