/**
 * The server's Prometheus metrics (prom-client), served on METRICS_PORT only (./metrics-server.ts),
 * never on the site's own port. Names start with `cheonghak_`; the process's own (CPU, memory,
 * event-loop lag, start time) are prom-client's defaults.
 */
import type pg from 'pg';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'cheonghak_', eventLoopMonitoringPrecision: 20 });

export const metrics = {
  httpRequests: new Counter({
    name: 'cheonghak_http_requests_total',
    help: 'Requests answered, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'cheonghak_http_request_duration_seconds',
    help: 'Time to answer a request, by route template and status class',
    labelNames: ['route', 'method', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  }),
  leadsAccepted: new Counter({
    name: 'cheonghak_leads_accepted_total',
    help: 'Leads acknowledged to the visitor (stored, or a retry of a stored one)',
    registers: [registry],
  }),
  leadsRefused: new Counter({
    name: 'cheonghak_leads_refused_total',
    help: 'Lead submissions refused, by code (unavailable: the database could not take it, the visitor is asked to retry)',
    labelNames: ['code'] as const,
    registers: [registry],
  }),
  leadsWaiting: new Gauge({
    name: 'cheonghak_leads_waiting',
    help: 'Leads in the outbox not yet in the leads store (-1: unknown, the database is unreachable)',
    registers: [registry],
  }),
  leadsOldestWaitingSeconds: new Gauge({
    name: 'cheonghak_leads_oldest_waiting_seconds',
    help: 'Age of the oldest lead waiting in the outbox (0 when none)',
    registers: [registry],
  }),
  messages: new Counter({
    name: 'cheonghak_messages_total',
    help: 'Messages (알림톡/SMS) by outcome: sent, failed, skipped',
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  dependencyUp: new Gauge({
    name: 'cheonghak_dependency_up',
    help: 'Whether a dependency was reachable at its last use (1) or not (0): postgres, the listening connections',
    labelNames: ['dependency'] as const,
    registers: [registry],
  }),
  dependencyErrors: new Counter({
    name: 'cheonghak_dependency_errors_total',
    help: 'Failed attempts to reach a dependency',
    labelNames: ['dependency'] as const,
    registers: [registry],
  }),
  ready: new Gauge({
    name: 'cheonghak_ready',
    help: 'The last readiness answer, per check (1 ok, 0 failed): pages, leads',
    labelNames: ['check'] as const,
    registers: [registry],
  }),
  pageCache: new Counter({
    name: 'cheonghak_page_cache_total',
    help: 'Page requests by how the page cache answered: hit (a stored page), miss (rendered for this request), render (renders made to fill it)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  backgroundFailures: new Counter({
    name: 'cheonghak_background_failures_total',
    help: 'Failed rounds of background jobs (outbox delivery, purges, flushes, reminders), by job; the process keeps running',
    labelNames: ['job'] as const,
    registers: [registry],
  }),
  unhandledRejections: new Counter({
    name: 'cheonghak_unhandled_rejections_total',
    help: 'Promise rejections nothing handled (logged; the process keeps running)',
    registers: [registry],
  }),
};

/** The PostgreSQL pool's connections (total, idle, waiting for one), read at each scrape. */
export function watchPool(pool: pg.Pool): void {
  registry.removeSingleMetric('cheonghak_pg_pool_connections');
  new Gauge({
    name: 'cheonghak_pg_pool_connections',
    help: 'The PostgreSQL pool: connections open (total), idle, and requests waiting for one (waiting)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
}

/** Listening connections' state (1 open, 0 not), read at each scrape. */
export function watchListeners(listeners: Record<string, () => boolean>): void {
  registry.removeSingleMetric('cheonghak_pg_listener_up');
  new Gauge({
    name: 'cheonghak_pg_listener_up',
    help: 'Whether each LISTEN connection is open: content (content-change announcements)',
    labelNames: ['listener'] as const,
    registers: [registry],
    collect() {
      for (const [name, open] of Object.entries(listeners)) this.set({ listener: name }, open() ? 1 : 0);
    },
  });
}
