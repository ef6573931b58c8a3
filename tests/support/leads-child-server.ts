/**
 * The lead API as the server runs it (same content sources, service and answers as
 * web/server/app.ts), started as a child process by leads-crash.test.ts so it can be killed
 * with SIGKILL. Prints `PORT=<n>` once listening. Environment: DATA_DIR, LEAD_FORM_SECRET, SANITY_*.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../web/server/config';
import { createContentSources } from '../../web/server/content/index';
import { createLeadService, leadRequests } from '../../web/server/leads/index';
import { leadApiListener } from './lead-api-server';

const config = loadConfig({
  ...process.env,
  LEAD_MIN_FILL_MS: '0',
  LEAD_RATE_LIMIT_IP: '0/1',
  LEAD_RATE_LIMIT_PHONE: '0/1',
  LEAD_BOOKING_LIMIT_IP: '0/1',
});
const sources = await createContentSources(config);
const service = createLeadService(sources, config);
const server = http.createServer(leadApiListener(leadRequests(service)));
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PORT=${(server.address() as AddressInfo).port}\n`);
});
