/**
 * The built app for tests and bench scripts: builds it when build/ is missing or older than its
 * sources, and starts it (`node tests/e2e/support/serve.mjs`, which runs `node server.js` with a fresh
 * temporary DATA_DIR) on a free loopback port. Vitest runs every test file that imports this
 * module in its `server` project (vitest.config.ts).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildState } from '../../scripts/build-freshness.js';
import { processTreeCpuMs } from './process-cpu';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Builds the app for production when build/ is missing or older than its sources, so benchmarks
 * and tests measure the code as it is. NODE_ENV is forced: under Vitest it is "test", and a build
 * made with it would bundle React's development build (twice the size, much slower).
 */
export function ensureFreshBuild(): void {
  if (buildState(ROOT).state === 'fresh') return;
  console.log('build/ missing or older than its sources: react-router build');
  const result = spawnSync('npx', ['react-router', 'build'], {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status})`);
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export type RunningServer = {
  url: string;
  /** Resident memory of the server process (node server.js), in bytes. */
  rss(): number;
  /** Processor time the server process has used so far, in milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
  /** `kill -9` of the server process itself (no shutdown of any kind); resolves once it is gone. */
  kill(): Promise<void>;
  /** What the server wrote to stderr so far (only with `captureStderr`; else it is inherited). */
  stderr(): string;
  /** What it wrote to stdout so far, its JSON log (only with `captureStdout`; else dropped). */
  stdout(): string;
  /** The exit code once the process has ended (a signal: null), undefined while it runs. */
  exitCode(): number | null | undefined;
};

/** Starts the built server and resolves once `/` answers 200 (at most `timeoutMs`). */
export async function startServer({
  timeoutMs = 120_000,
  env = {} as Record<string, string>,
  captureStderr = false,
  captureStdout = false,
  /** Another checkout with its own build (the bench's baseline). */
  root = ROOT,
  /** A fixed port (an instance restarted behind a load balancer); default a free one. */
  port: fixedPort = 0,
} = {}): Promise<RunningServer> {
  const port = fixedPort || (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['tests/e2e/support/serve.mjs'], {
    cwd: root,
    stdio: ['ignore', captureStdout ? 'pipe' : 'ignore', captureStderr ? 'pipe' : 'inherit'],
    // A server of its own gets a data directory of its own: the E2E_DATA_DIR a Playwright worker
    // inherits is the shared e2e server's, which serve.mjs would empty at start and delete at stop.
    env: { ...process.env, E2E_DATA_DIR: undefined, E2E_KEEP_DATA: undefined, NODE_ENV: 'production', ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  let stdout = '';
  child.stdout?.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  let exited = false;
  let exitCode: number | null | undefined;
  const exit = new Promise<void>((resolveExit) =>
    child.on('exit', (code) => {
      exited = true;
      exitCode = code;
      resolveExit();
    }),
  );

  const stop = async () => {
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exit;
    clearTimeout(timer);
  };

  const kill = async () => {
    const server = serverProcess(child.pid);
    if (server) process.kill(server, 'SIGKILL');
    await exit;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited before it answered${stderr ? `:\n${stderr.slice(-3000)}` : ''}`);
    try {
      const response = await fetch(`${url}/`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200)
        return {
          url,
          stop,
          kill,
          stderr: () => stderr,
          stdout: () => stdout,
          rss: () => residentMemory(child.pid),
          cpuMs: () => processTreeCpuMs(serverProcess(child.pid) ?? 0),
          exitCode: () => exitCode,
        };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not answer 200 on ${url}/ within ${timeoutMs} ms`);
    }
    // Poll interval while waiting for the server to come up (not a timing measurement).
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The `node server.js` process serve.mjs started (its only child), from /proc. */
function serverProcess(servePid: number | undefined): number | undefined {
  try {
    const pid = Number(readFileSync(`/proc/${servePid}/task/${servePid}/children`, 'utf8').trim().split(/\s+/)[0]);
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS of the server process, from /proc; 0 when unknown. */
function residentMemory(servePid: number | undefined): number {
  try {
    const server = serverProcess(servePid);
    const kilobytes = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server}/status`, 'utf8'))?.[1];
    return Number(kilobytes ?? 0) * 1024;
  } catch {
    return 0;
  }
}
