/**
 * Lead POST throughput with durability on: autocannon sends valid, distinct leads (each its own
 * form token and phone number) to POST /api/leads on the built server, once with the embedded
 * store (SQLite WAL, synchronous=FULL, group commit) and once with DATABASE_URL on a local
 * PostgreSQL (fsync and synchronous commit on), same machine, one run: every 201 is a lead on
 * disk. Rate limits and the minimum fill time are off for the run; everything else is production code.
 * With a baseline (BENCH_BASELINE_DIR, another built checkout), each store is measured on both
 * builds back to back, so the two are compared within one run, and twice in the order this build,
 * baseline, baseline, this build: a change in the shared machine's speed during the run then falls
 * on both builds alike. Even so, one run of the same code on both sides has differed by 7 %.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createFormTokenSigner } from '../../web/server/leads/form-token';
import { ensureFreshBuild, startServer } from '../support/built-server';
import { processTreeCpuMs } from '../support/process-cpu';
import { startServer as startPostgres, stopServer as stopPostgres, withClient, type ServerState } from '../support/postgres-server';
import { table } from './report';

const SECRET = 'bench-lead-form-secret';

/** `cpuMs`: processor time per stored lead, of the server and (on PostgreSQL) of the database server. */
type LeadPostRun = { store: string; build: string; result: autocannon.Result; cpuMs: { server: number; database: number } };
type Build = { name: string; root?: string };

/** Both stores, one after the other (each on this build and the baseline's); the table gives each row's share of this build on SQLite. */
export async function benchLeadPost(options: { duration: number; connections: number; baselineDir?: string }): Promise<LeadPostRun[]> {
  ensureFreshBuild();
  const thisBuild: Build = { name: 'this build' };
  const builds: Build[] = options.baselineDir ? [thisBuild, { name: 'baseline', root: options.baselineDir }] : [thisBuild];
  // Each build twice, in the order A B B A: neither gains from going first or from a slower spell.
  const order = builds.length > 1 ? [builds[0]!, builds[1]!, builds[1]!, builds[0]!] : builds;
  const runs: LeadPostRun[] = [];
  for (const build of order) runs.push({ store: 'SQLite (embedded)', build: build.name, ...(await leadPostRun(options, {}, build.root)) });
  const stateDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-bench-postgres-'));
  let postgres: ServerState | undefined;
  try {
    postgres = await startPostgres(stateDir, { durable: true });
    const { url } = postgres;
    for (const [index, build] of order.entries()) {
      const database = `bench_leads_${index}`;
      await withClient(`${url}/postgres`, (client) => client.query(`CREATE DATABASE ${database}`));
      const postmaster = Number(readFileSync(path.join(postgres.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      runs.push({
        store: 'PostgreSQL (DATABASE_URL)',
        build: build.name,
        ...(await leadPostRun(options, { DATABASE_URL: `${url}/${database}` }, build.root, postmaster)),
      });
    }
  } finally {
    if (postgres) stopPostgres(postgres);
    rmSync(stateDir, { recursive: true, force: true });
  }
  const [sqlite] = runs;
  console.log(
    `\nLead POST (durable: SQLite synchronous=FULL with group commit; PostgreSQL fsync on), ${options.duration} s, ${options.connections} connections\n`,
  );
  console.log(
    table(
      ['store', 'build', 'req/s', 'of this build on SQLite', 'p50 ms', 'p99 ms', 'leads stored', 'CPU ms/lead: server', 'database'],
      runs.map(({ store, build, result, cpuMs }) => [
        store,
        build,
        result.requests.average.toFixed(0),
        `${((result.requests.average / sqlite!.result.requests.average) * 100).toFixed(0)} %`,
        result.latency.p50,
        result.latency.p99,
        result.requests.total,
        cpuMs.server.toFixed(2),
        cpuMs.database ? cpuMs.database.toFixed(2) : '–',
      ]),
    ),
  );
  if (builds.length > 1) {
    const meanRate = (store: string, build: string) => {
      const rates = runs.filter((run) => run.store === store && run.build === build).map((run) => run.result.requests.average);
      return rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    };
    const ratios = [...new Set(runs.map((run) => run.store))].map(
      (store) => `${store} ${(meanRate(store, 'this build') / meanRate(store, 'baseline')).toFixed(2)}`,
    );
    console.log(`\nthis build / baseline (mean req/s of each build's two runs): ${ratios.join(', ')}`);
  }
  return runs;
}

async function leadPostRun(
  options: { duration: number; connections: number },
  storeEnv: Record<string, string>,
  root?: string,
  databasePid?: number,
): Promise<{ result: autocannon.Result; cpuMs: { server: number; database: number } }> {
  const server = await startServer({
    ...(root ? { root } : {}),
    env: { LEAD_FORM_SECRET: SECRET, LEAD_MIN_FILL_MS: '0', LEAD_RATE_LIMIT_IP: '0/1', LEAD_RATE_LIMIT_PHONE: '0/1', ...storeEnv },
  });
  const signer = createFormTokenSigner(SECRET);
  let sequence = 0;
  const nextBody = () => {
    sequence += 1;
    return JSON.stringify({
      formToken: signer.issue('bench'),
      formKind: 'popup',
      name: '벤치마크',
      phone: `010${String(10_000_000 + sequence).slice(-8)}`,
      privacyConsent: true,
      ageConfirmed: true,
      website: '',
      sourcePage: '/?utm_source=bench',
    });
  };
  try {
    const databaseCpuBefore = databasePid ? processTreeCpuMs(databasePid) : 0;
    const serverCpuBefore = server.cpuMs();
    const result = await new Promise<autocannon.Result>((resolve, reject) => {
      autocannon(
        {
          url: server.url,
          connections: options.connections,
          duration: options.duration,
          requests: [
            {
              method: 'POST',
              path: '/api/leads',
              headers: { 'content-type': 'application/json' },
              setupRequest: (request) => ({ ...request, body: nextBody() }),
            },
          ],
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
    });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`POST /api/leads: ${result.non2xx} non-2xx responses, ${result.errors} errors (${result.timeouts} of them timeouts)`);
    }
    const perLead = (ms: number) => ms / Math.max(1, result.requests.total);
    return {
      result,
      cpuMs: { server: perLead(server.cpuMs() - serverCpuBefore), database: databasePid ? perLead(processTreeCpuMs(databasePid) - databaseCpuBefore) : 0 },
    };
  } finally {
    await server.stop();
  }
}
