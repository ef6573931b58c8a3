// Whether build/ is there and newer than every source it is made from. Plain JavaScript: server.js
// checks it before it may import the build, and the test and bench set-up decide from it whether
// to build first.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const BUILD_INPUTS = [
  'web',
  'schemas',
  'server.js',
  'react-router.config.ts',
  'vite.config.ts',
  'package-lock.json',
  'scripts/leads.ts',
  'scripts/staff.ts',
  'scripts/cli-output.ts',
];
const BUILT_SERVER = 'build/server/index.js';

/** The most recently modified file under `path` (itself, for a file). */
function newestChange(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return { path, mtimeMs: stats.mtimeMs };
  let newest = { path, mtimeMs: stats.mtimeMs };
  for (const entry of readdirSync(path)) {
    const candidate = newestChange(join(path, entry));
    if (candidate.mtimeMs > newest.mtimeMs) newest = candidate;
  }
  return newest;
}

/**
 * `{ state: 'fresh' }`, `{ state: 'missing' }`, or `{ state: 'stale', changed }` with the source
 * (relative to `root`) changed after the build.
 */
export function buildState(root) {
  const built = resolve(root, BUILT_SERVER);
  if (!existsSync(built) || !existsSync(resolve(root, 'build/client'))) return { state: 'missing' };
  const builtAt = statSync(built).mtimeMs;
  const newest = BUILD_INPUTS.map((input) => resolve(root, input))
    .filter(existsSync)
    .map(newestChange)
    .reduce((a, b) => (b.mtimeMs > a.mtimeMs ? b : a));
  return newest.mtimeMs < builtAt ? { state: 'fresh' } : { state: 'stale', changed: relative(root, newest.path) };
}

/** Why the build in `root` cannot be served (Korean, then English), or undefined when it is fresh. */
export function buildProblem(root) {
  const build = buildState(root);
  if (build.state === 'missing') {
    return 'build/가 없어 시작하지 않습니다. 먼저 `npm run build`를 실행하세요. / Not starting: build/ is missing; run `npm run build` first.';
  }
  if (build.state === 'stale') {
    return (
      `build/가 소스보다 오래되어 시작하지 않습니다 (${build.changed}이(가) 빌드 뒤에 바뀌었습니다). \`npm run build\`를 다시 실행하세요. / ` +
      `Not starting: build/ is older than its sources (${build.changed} changed after it); run \`npm run build\` again.`
    );
  }
  return undefined;
}
