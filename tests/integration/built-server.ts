/**
 * For integration tests that need the real server (`node server.js`, the same process the site
 * runs in production): builds the app when build/ is missing or older than its sources, then
 * starts it on a free port with a fresh temporary DATA_DIR (tests/bench/server.ts).
 */
import { spawnSync } from 'node:child_process';
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, startServer, type RunningServer } from '../bench/server';

const BUILD_INPUTS = ['web', 'schemas', 'server.js', 'react-router.config.ts', 'vite.config.ts', 'package-lock.json'];

function newestChange(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

export function ensureFreshBuild(): void {
  const built = resolve(ROOT, 'build/server/index.js');
  const builtAt = existsSync(built) && existsSync(resolve(ROOT, 'build/client')) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...BUILD_INPUTS.map((input) => resolve(ROOT, input)).filter(existsSync).map(newestChange));
  if (builtAt > sourcesAt) return;
  const result = spawnSync('npx', ['react-router', 'build'], { cwd: ROOT, stdio: 'ignore' });
  if (result.status !== 0) throw new Error(`react-router build failed (exit ${result.status})`);
}

export { startServer, type RunningServer };

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/**
 * One HTTP request with the path sent exactly as given (fetch would normalise `..` and
 * re-encode), no automatic decompression, and a socket of its own.
 */
export function rawRequest(
  baseUrl: string,
  { method = 'GET', path, headers = {}, body }: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: Buffer | string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolveResponse, reject) => {
    const req = request({ hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(body);
  });
}
