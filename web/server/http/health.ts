/**
 * Probes for a process manager or load balancer. Neither is cached, and neither says anything
 * about a visitor.
 *
 * - `GET /healthz`: the process is alive and its event loop answers; no I/O at all.
 * - `GET /readyz`: the content source and the leads store answer a query, and DATA_DIR (the
 *   outbox, the embedded stores) is writable; 503 when any is not. The outbox backlog is reported
 *   but does not make the instance unready: leads still reach the outbox, and taking every instance
 *   out while the leads store is down would turn a delay into an outage. Alert on `outbox.oldestAgeSeconds`.
 *   With the page cache: its pages, bytes and the renders made to fill it since start (a number
 *   that climbs with steady traffic means pages are rendered again and again: see docs/operations.md).
 */
import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import type { Request, Response, Router } from 'express';
import express from 'express';
import { readinessProbeQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';

/** A check slower than this counts as failed: a hung store must not hang the probe. */
const CHECK_TIMEOUT_MS = 2_000;

export type HealthOptions = {
  content: Pick<ContentSource, 'fetch'>;
  leads: Pick<ContentSource, 'fetch'>;
  dataDir: string;
  outboxBacklog: () => Promise<{ count: number; oldestAt: number | null }>;
  pageCache?: { pages: number; size: number; renders: number };
  now?: () => number;
};

type CheckResult = 'ok' | 'failed';

export function createHealthRouter(options: HealthOptions): Router {
  const now = options.now ?? Date.now;
  const router = express.Router();

  router.get('/healthz', (_req: Request, res: Response) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });

  router.get('/readyz', async (_req: Request, res: Response) => {
    const [content, leads, dataDir, backlog] = await Promise.all([
      check(() => options.content.fetch(readinessProbeQuery)),
      check(() => options.leads.fetch(readinessProbeQuery)),
      check(() => access(options.dataDir, constants.W_OK)),
      // Unread (the database is down), the backlog is reported unknown: readiness answers the checks.
      options.outboxBacklog().catch(() => ({ count: null, oldestAt: null })),
    ]);
    const ready = content === 'ok' && leads === 'ok' && dataDir === 'ok';
    res
      .status(ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json({
        status: ready ? 'ready' : 'unavailable',
        checks: { content, leads, dataDir },
        outbox: {
          count: backlog.count,
          oldestAgeSeconds: backlog.oldestAt === null ? null : Math.max(0, Math.round((now() - backlog.oldestAt) / 1000)),
        },
        ...(options.pageCache ? { pageCache: { pages: options.pageCache.pages, bytes: options.pageCache.size, renders: options.pageCache.renders } } : {}),
      });
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
