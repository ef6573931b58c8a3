/**
 * The test PostgreSQL server's programs, from Debian's `postgresql` package (`.ci/run` installs
 * it). PostgreSQL refuses to run as root: as root, its programs run as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { migrate } from '../../web/server/postgres/index';

export type RunningPostgres = { url: string; dataDir: string; serverOptions: string; logFile: string };
export type ServerState = RunningPostgres | { error: string };

export const TEMPLATE = 'cheonghak_template';
const SUPERUSER = 'postgres';

/** The directory of the newest installed PostgreSQL's server programs. */
export function postgresBinaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((version) => existsSync(path.join(root, version, 'bin/initdb'))) : [];
  if (versions.length === 0) {
    throw new Error('PostgreSQL server programs not found under /usr/lib/postgresql: apt-get install postgresql (.ci/run does)');
  }
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
function runPostgresProgram(program: string, args: string[]): void {
  const file = path.join(postgresBinaries(), program);
  if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { stdio: 'pipe' });
  else execFileSync(file, args, { stdio: 'pipe' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * initdb, start (pg_ctl -w returns once the server accepts connections), and a migrated template
 * database. `durable`: fsync and synchronous commit on, as production runs (benchmarks); the tests
 * run without them.
 */
export async function startServer(stateDir: string, { durable = false } = {}): Promise<RunningPostgres> {
  const dataDir = path.join(stateDir, 'data');
  if (process.getuid?.() === 0)
    chownSync(stateDir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  runPostgresProgram('initdb', ['-D', dataDir, '-A', 'trust', '-U', SUPERUSER, '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync']);
  const port = await freePort();
  // Durability is not under test: fsync off keeps the suite fast.
  const speed = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const serverOptions = `-p ${port} -k ${stateDir} -c listen_addresses=127.0.0.1 -c max_connections=300${speed}`;
  const logFile = path.join(stateDir, 'server.log');
  const state = { url: `postgres://${SUPERUSER}@127.0.0.1:${port}`, dataDir, serverOptions, logFile };
  resumeServer(state);
  await withClient(`${state.url}/postgres`, (client) => client.query(`CREATE DATABASE ${TEMPLATE}`));
  await migrate(`${state.url}/${TEMPLATE}`);
  return state;
}

/** Stops the server as `systemctl stop postgresql` does (fast: open connections are cut), its files kept. */
export function pauseServer(state: RunningPostgres): void {
  runPostgresProgram('pg_ctl', ['-D', state.dataDir, '-m', 'fast', '-w', 'stop']);
}

/** Starts it (again) on the same port; returns once it accepts connections. */
export function resumeServer(state: RunningPostgres): void {
  runPostgresProgram('pg_ctl', ['-D', state.dataDir, '-o', state.serverOptions, '-l', state.logFile, '-w', '-t', '60', 'start']);
}

export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Stops a server `startServer` started; its files stay for the caller to delete. */
export function stopServer(state: ServerState): void {
  if ('dataDir' in state) runPostgresProgram('pg_ctl', ['-D', state.dataDir, '-m', 'immediate', '-w', 'stop']);
}

/** Stops the server if a test file started it (the global setup's teardown). */
export function stopSharedServer(stateDir: string): void {
  const stateFile = path.join(stateDir, 'state.json');
  if (existsSync(stateFile)) stopServer(JSON.parse(readFileSync(stateFile, 'utf8')) as ServerState);
  rmSync(stateDir, { recursive: true, force: true });
}
