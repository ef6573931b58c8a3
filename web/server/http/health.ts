/**
 * Probes for a process manager, a load balancer and monitoring. None is cached, and none says
 * anything about a visitor.
 *
 * - `GET /healthz` (liveness): the process is alive and its event loop answers; no I/O at all, so
 *   it stays 200 while PostgreSQL or Sanity is away — restarting the process would not bring them back.
 * - `GET /readyz` (readiness, for routing): 200 while the instance can serve pages (the content
 *   source answers a query), 503 when it cannot. `status` says `degraded` when pages can be served
 *   but leads cannot be taken; the body has each check and what it allows (`serves`).
 * - `GET /readyz/leads` (monitoring): 200 when a lead can be taken now — the customer tables answer
 *   a read, and with DATABASE_URL the database answers `SELECT 1` — else 503. Never route on it: every
 *   instance shares the database, so taking them all out would turn a lead outage into a site outage.
 *
 * Each check is real (a query, a write-access test) and fails after CHECK_TIMEOUT_MS. The outbox
 * backlog and the page cache are reported too (their metrics: docs/operations.md §5).
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Request, Response, Router } from 'express';
import express from 'express';
import { readinessProbeQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import { metrics } from '../observability/metrics';

/** A check slower than this counts as failed: a hung store must not hang the probe. */
export const CHECK_TIMEOUT_MS = 1_000;

export type HealthOptions = {
  content: Pick<ContentSource, 'fetch'>;
  /** A read of the customer tables, where every lead is stored (salesTablesRead). */
  leads: () => Promise<unknown>;
  /** With DATABASE_URL: a query on the database itself (it also tells the database's state). */
  database?: () => Promise<unknown>;
  dataDir: string;
  outboxBacklog: () => Promise<{ count: number; oldestAt: number | null }>;
  pageCache?: { pages: number; size: number; renders: number };
  now?: () => number;
};

type CheckResult = 'ok' | 'failed';

/** The leads check: one row of the registrations read (the embedded file or PostgreSQL answers). */
export function salesTablesRead(sales: Pick<SalesDatabase, 'db'>): () => Promise<unknown> {
  return () => sales.db.selectFrom('registrations').select('id').limit(1).execute();
}

export function createHealthRouter(options: HealthOptions): Router {
  const now = options.now ?? Date.now;
  const router = express.Router();

  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  const runChecks = async () => {
    const [content, leads, database, dataDir] = await Promise.all([
      check(() => options.content.fetch(readinessProbeQuery)),
      check(options.leads),
      options.database ? check(options.database) : undefined,
      check(() => access(options.dataDir, constants.W_OK)),
    ]);
    const serves = { pages: content === 'ok', leads: leads === 'ok' && database !== 'failed' && dataDir === 'ok' };
    metrics.ready.set({ check: 'pages' }, serves.pages ? 1 : 0);
    metrics.ready.set({ check: 'leads' }, serves.leads ? 1 : 0);
    return { serves, checks: { content, leads, ...(database ? { database } : {}), dataDir } };
  };

  router.get('/readyz', async (_req: Request, res: Response) => {
    const [{ serves, checks }, backlog] = await Promise.all([
      runChecks(),
      // Unread (the database is down), the backlog is reported unknown: readiness answers the checks.
      options.outboxBacklog().catch(() => ({ count: null, oldestAt: null })),
    ]);
    const oldestAgeSeconds = backlog.oldestAt === null ? null : Math.max(0, Math.round((now() - backlog.oldestAt) / 1000));
    metrics.leadsWaiting.set(backlog.count ?? -1);
    metrics.leadsOldestWaitingSeconds.set(oldestAgeSeconds ?? 0);
    res
      .status(serves.pages ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: !serves.pages ? 'unavailable' : serves.leads ? 'ready' : 'degraded',
        serves,
        checks,
        outbox: { count: backlog.count, oldestAgeSeconds },
        ...(options.pageCache ? { pageCache: { pages: options.pageCache.pages, bytes: options.pageCache.size, renders: options.pageCache.renders } } : {}),
      });
  });

  router.get('/readyz/leads', async (_req: Request, res: Response) => {
    const { serves, checks } = await runChecks();
    res
      .status(serves.leads ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({ status: serves.leads ? 'ready' : 'unavailable', checks });
  });

  return router;
}

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    clearTimeout(timer);
  }
}
