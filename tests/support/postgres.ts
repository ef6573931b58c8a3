/**
 * A real PostgreSQL server for the tests, from Debian's `postgresql` package (`.ci/run` installs it):
 * started on first use by whichever test file asks first, on a temporary data directory and a free
 * port, shared by the run's other files, and stopped by the global setup's teardown
 * (./postgres.setup.ts). Each test file gets a database of its own, copied from a migrated template.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { startServer, TEMPLATE, withClient, type ServerState } from './postgres-server';

declare module 'vitest' {
  interface ProvidedContext {
    /** Where the shared server's state lives (./postgres.setup.ts makes it, empty). */
    postgresStateDir: string;
  }
}

/** The shared server's state: started here if no other test file started it, else once it is up. */
async function serverState(): Promise<{ url: string }> {
  const stateDir = inject('postgresStateDir');
  const stateFile = path.join(stateDir, 'state.json');
  let starter = false;
  try {
    mkdirSync(path.join(stateDir, 'starting'));
    starter = true;
  } catch {
    // Another file is starting it.
  }
  if (starter) {
    let state: ServerState;
    try {
      state = await startServer(stateDir);
    } catch (error) {
      const output = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
      state = { error: `${(error as Error).message}\n${output}` };
    }
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  }
  const state = await new Promise<ServerState>((resolve) => {
    const read = () => JSON.parse(readFileSync(stateFile, 'utf8')) as ServerState;
    if (existsSync(stateFile)) return resolve(read());
    const watcher = watch(stateDir, () => {
      if (!existsSync(stateFile)) return;
      watcher.close();
      resolve(read());
    });
    // Written between the first check and the watch.
    if (existsSync(stateFile)) {
      watcher.close();
      resolve(read());
    }
  });
  if ('error' in state) throw new Error(`The test PostgreSQL server did not start: ${state.error}`);
  return state;
}

/** A new, migrated, empty database on the shared test server; its connection string. */
export async function freshDatabaseUrl(): Promise<string> {
  const { url } = await serverState();
  const name = `test_${randomBytes(6).toString('hex')}`;
  // A file copy and a checkpoint instead of PostgreSQL 15's default of writing the template through
  // the WAL: with fsync off the checkpoint is cheap (25–110 ms a copy against 125–150).
  await withClient(`${url}/postgres`, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE} STRATEGY FILE_COPY`));
  return `${url}/${name}`;
}
