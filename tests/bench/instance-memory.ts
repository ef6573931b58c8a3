/**
 * An embedded instance's resident memory and start-up with BENCH_CUSTOMER_REGISTRATIONS
 * registrations (1,000,000 by default, the customer reads bench's seed) against the same instance
 * with none: the built server (`node server.js`) started on each DATA_DIR, the time from spawn until
 * /readyz answers 200, its resident memory then, and after a signed-in console list (/admin/leads).
 * Part of `npm run bench`; alone: `npx tsx tests/bench/instance-memory.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { hashPassword } from '../../web/server/auth/password';
import { sessionCookieName } from '../../web/server/auth/session';
import { openEmbeddedSalesDatabase } from '../../web/server/database/index';
import { ROOT, ensureFreshBuild, freePort } from '../support/built-server';
import { postFormWithCookie, rawRequest } from '../support/http';
import { table } from './report';
import { Seed, loadSqlite, tallied } from './customers';

const EMAIL = 'bench-admin@example.kr';
const PASSWORD = 'bench password for the memory run';
const MB = 1024 * 1024;
const START_TIMEOUT_MS = 120_000;

type Measured = { startMs: number; rssStarted: number; rssAfterList: number; peak: number; listMs: number };

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  return { rss: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
}

/** Starts `node server.js` on `dataDir`, measures, stops it. */
async function measureInstance(dataDir: string, passwordHash: string): Promise<Measured> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, ['server.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: passwordHash,
      SESSION_SECRET: 'bench-session-secret-0123456789-abcdef',
    },
  });
  const exited = new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));
  try {
    let startMs = 0;
    while (!startMs) {
      if (child.exitCode !== null) throw new Error('the server exited before /readyz answered');
      if (performance.now() - started > START_TIMEOUT_MS) throw new Error(`/readyz did not answer 200 within ${START_TIMEOUT_MS} ms`);
      const answered = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.status === 200,
        () => false,
      );
      if (answered) startMs = performance.now() - started;
      // How often start-up is probed: its resolution.
      else await new Promise((resolveWait) => setTimeout(resolveWait, 10));
    }
    const rssStarted = memoryOf(child.pid!).rss;
    const login = await postFormWithCookie(url, '/cheonghak/press', { intent: 'login', email: EMAIL, password: PASSWORD }, '');
    const cookieName = sessionCookieName(true);
    const cookie = [login.headers['set-cookie'] ?? []]
      .flat()
      .find((line) => line.startsWith(`${cookieName}=`))
      ?.split(';')[0];
    if (!cookie) throw new Error(`no session cookie (sign-in answered ${login.status})`);
    const listStarted = performance.now();
    const list = await rawRequest(url, { path: '/admin/leads', headers: { cookie } });
    const listMs = performance.now() - listStarted;
    if (list.status !== 200) throw new Error(`/admin/leads answered ${list.status}`);
    const after = memoryOf(child.pid!);
    return { startMs, rssStarted, rssAfterList: after.rss, peak: after.peak, listMs };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Returns the summary lines: [measure, value, detail]. */
export async function benchInstanceMemory(options: { registrations: number }): Promise<Array<[string, string, string]>> {
  ensureFreshBuild();
  const passwordHash = await hashPassword(PASSWORD);
  const seed = new Seed(options.registrations);
  const size = `${seed.registrations.toLocaleString('en')} registrations`;
  const rows: Array<Array<string | number>> = [];
  const results: Record<string, Measured> = {};
  for (const [label, registrations] of [
    ['none', 0],
    [size, seed.registrations],
  ] as const) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-instance-memory-'));
    try {
      if (registrations > 0) {
        const sales = await openEmbeddedSalesDatabase(dataDir);
        try {
          await loadSqlite(dataDir, seed);
          await tallied('instance memory seed', sales);
        } finally {
          await sales.close();
        }
      }
      // Once to warm the file cache and the build's modules, then measured.
      await measureInstance(dataDir, passwordHash);
      const measured = await measureInstance(dataDir, passwordHash);
      results[label] = measured;
      rows.push([
        label,
        measured.startMs.toFixed(0),
        (measured.rssStarted / MB).toFixed(0),
        (measured.rssAfterList / MB).toFixed(0),
        (measured.peak / MB).toFixed(0),
        measured.listMs.toFixed(0),
      ]);
      console.log(
        `instance with ${label}: /readyz after ${measured.startMs.toFixed(0)} ms, ${(measured.rssStarted / MB).toFixed(0)} MB resident, ${(measured.rssAfterList / MB).toFixed(0)} MB after a console list`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log(`\nAn embedded instance, empty and with ${size} (start: spawn to /readyz 200)\n`);
  console.log(table(['data', 'start ms', 'RSS started MB', 'RSS after list MB', 'peak MB', 'list ms'], rows));
  const empty = results.none!;
  const full = results[size]!;
  return [
    [
      `instance RSS, ${size} vs none`,
      `${((full.rssAfterList - empty.rssAfterList) / MB).toFixed(0)} MB`,
      `after a console list: ${(full.rssAfterList / MB).toFixed(0)} vs ${(empty.rssAfterList / MB).toFixed(0)} MB (target within 50 MB)`,
    ],
    [`instance start-up, ${size} vs none`, `${full.startMs.toFixed(0)} ms`, `empty ${empty.startMs.toFixed(0)} ms (spawn to /readyz 200)`],
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const summary = await benchInstanceMemory({ registrations: Number(process.env.BENCH_CUSTOMER_REGISTRATIONS ?? 1_000_000) });
  console.log(`\n${table(['measure', 'value', 'detail'], summary)}`);
}
