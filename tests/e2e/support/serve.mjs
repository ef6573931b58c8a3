#!/usr/bin/env node
/**
 * Starts the built app (`node server.js`) against a fresh temporary DATA_DIR, so every test or
 * bench run begins from the seed dataset and never touches a developer's ./data. The directory is
 * removed when the server stops. Used by playwright.config.ts (webServer) and tests/bench/*.
 *
 *   PORT=4391 node tests/e2e/support/serve.mjs
 *
 * Stops on SIGTERM/SIGINT (forwarded to the server), and exits with the server's exit code.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
if (!existsSync(join(root, 'build/server')) || !existsSync(join(root, 'build/client'))) {
  console.error('[serve] build/ is missing: run `npm run build` first');
  process.exit(1);
}

// E2E_DATA_DIR (set by playwright.config.ts) lets the tests find the data; it starts empty too,
// unless E2E_KEEP_DATA=1: a test that prepared the content store there (other siteSettings).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'cheonghak-data-'));
if (process.env.E2E_DATA_DIR && process.env.E2E_KEEP_DATA !== '1') {
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
}
const port = process.env.PORT ?? '4391';
console.log(`[serve] DATA_DIR=${dataDir} PORT=${port}`);

const child = spawn(process.execPath, ['server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    ...process.env,
    PORT: port,
    DATA_DIR: dataDir,
  },
});

let stopping = false;
function cleanup() {
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch (error) {
    console.error(`[serve] could not remove ${dataDir}:`, error);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    child.kill(signal);
    // A server that ignores the signal is killed after 5 s.
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

child.on('exit', (code, signal) => {
  cleanup();
  if (!stopping && code !== 0) console.error(`[serve] server exited (code ${code}, signal ${signal})`);
  process.exit(stopping ? 0 : (code ?? 1));
});
