/**
 * `DATABASE_URL=postgres://… npm run bench:shared` — what sharing the instances' state through
 * PostgreSQL costs a request, against the database named (migrated first; use a scratch database):
 *
 * 1. a rate-limit hit (lead POSTs, page renders): in memory against rate-limiter-flexible's
 *    RateLimiterPostgres on the `rate_limits` table;
 * 2. the sign-out lookup every request with a session cookie makes first;
 * 3. a content change announced to a second instance until it has purged (the webhook's wait).
 *
 * Each at concurrency 1 and 20 (the pool: DATABASE_POOL_MAX connections), as operations per
 * second and latency percentiles. Environment (optional): BENCH_SHARED_OPS=5000.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { loadConfigOrExit } from '../../web/server/config';
import { PostgresRevocations } from '../../web/server/auth/revocations';
import { memoryLimiters, postgresLimiters } from '../../web/server/http/rate-limit';
import { ContentChanges } from '../../web/server/postgres/content-changes';
import { migrate } from '../../web/server/postgres/index';
import { percentile, table } from './report';

const OPS = Number(process.env.BENCH_SHARED_OPS ?? 5000);
const { database } = loadConfigOrExit();
if (!database) {
  console.error('DATABASE_URL=postgres://… is required (a scratch database: the bench writes to it)');
  process.exit(1);
}
await migrate(database.url);
const pools = [1, 2].map(() => new pg.Pool({ connectionString: database.url, max: database.poolMax }));

const rows: string[][] = [];
async function measure(name: string, operations: number, concurrency: number, operation: (index: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  const latencies: number[] = [];
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < operations) {
        const index = next++;
        const began = performance.now();
        await operation(index);
        latencies.push(performance.now() - began);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  rows.push([name, String(concurrency), (operations / seconds).toFixed(0), percentile(latencies, 50).toFixed(3), percentile(latencies, 95).toFixed(3)]);
}

// Never limited: the cost of counting, not of refusing.
const limit = { max: 1_000_000, windowMs: 600_000 };
const inMemory = memoryLimiters('bench-memory', limit);
const shared = postgresLimiters(pools[0])('bench-shared', limit);
const revocations = new PostgresRevocations(pools[0]);
const announcing = await ContentChanges.start(database.url, pools[0], () => undefined);
const listening = await ContentChanges.start(database.url, pools[1], () => undefined);

for (const concurrency of [1, 20]) {
  await measure('rate-limit hit, in memory', OPS, concurrency, (index) => inMemory.tryHit(`198.51.100.${index % 250}`));
  await measure('rate-limit hit, PostgreSQL', OPS, concurrency, (index) => shared.tryHit(`198.51.100.${index % 250}`));
  await measure('sign-out lookup (a staff request)', OPS, concurrency, (index) => revocations.learn(`bench-${concurrency}-${index}`, Date.now()));
}
await measure('webhook: announce until the other instance purged', Math.min(OPS, 500), 1, () => announcing.announce());

await Promise.all([announcing.close(), listening.close()]);
await Promise.all(pools.map((pool) => pool.end()));
console.log(`\nPostgreSQL ${new URL(database.url).host}, ${OPS} operations each (Node ${process.versions.node})\n`);
console.log(table(['operation', 'concurrency', 'ops/s', 'p50 ms', 'p95 ms'], rows));
