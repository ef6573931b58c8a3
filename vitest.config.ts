import { readdirSync, readFileSync } from 'node:fs';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

const TEST_FILES = 'tests/{unit,integration}/**/*.test.{ts,tsx}';
/** Test files that import this helper start the production server (`node server.js` on build/). */
const STARTS_BUILT_SERVER = /from '\.\.\/support\/built-server'/;

const builtServerFiles = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file.replaceAll('\\', '/')}`)
  .filter((file) => /^tests\/(unit|integration)\/.+\.test\.tsx?$/.test(file) && STARTS_BUILT_SERVER.test(readFileSync(file, 'utf8')));

/** The test PostgreSQL server: started by the first test file that asks for a database, stopped after the run. */
const POSTGRES_SETUP = 'tests/support/postgres.setup.ts';

/**
 * Two projects. `fast`: unit tests and in-process integration tests (createApp, the routers, child
 * processes of the CLIs), no build needed. `server`: the files that start the built server; the
 * global setup builds first when build/ is missing or older than its sources.
 * `npx vitest run` runs `fast`; `--project server` the other; `--project '*'` both.
 */
const config = {
  test: {
    environment: 'node',
    // Vitest's default on 2 cores is one worker (cores − 1); the integration tests spend much of
    // their time waiting on servers and child processes, so two keep both cores busy.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'fast', include: [TEST_FILES], exclude: builtServerFiles, globalSetup: [POSTGRES_SETUP] } },
      { extends: true, test: { name: 'server', include: builtServerFiles, globalSetup: ['tests/support/build.setup.ts', POSTGRES_SETUP] } },
    ],
  },
} satisfies ViteUserConfig;

// `project` is the command line's project filter; set here it is the default a `--project` replaces.
export default defineConfig({ ...config, test: { ...config.test, project: ['fast'] } } as ViteUserConfig);
