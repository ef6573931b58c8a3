import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The test PostgreSQL server: started by the first test file that asks for a database, stopped after the run. */
const POSTGRES_SETUP = 'tests/support/postgres.setup.ts';

/**
 * Two projects, chosen by folder (docs/testing.md, "Where a test goes"). `fast`: unit tests and the
 * integration tests that run the sources (createApp, the routers, the CLIs as child processes), no
 * build needed. `server`: the files that start the built server; the global setup builds first
 * when build/ is missing or older than its sources.
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
      {
        extends: true,
        test: { name: 'fast', include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/integration/from-source/**/*.test.{ts,tsx}'], globalSetup: [POSTGRES_SETUP] },
      },
      {
        extends: true,
        test: { name: 'server', include: ['tests/integration/built-server/**/*.test.{ts,tsx}'], globalSetup: ['tests/support/build.setup.ts', POSTGRES_SETUP] },
      },
    ],
  },
} satisfies ViteUserConfig;

// `project` is the command line's project filter; set here it is the default a `--project` replaces.
export default defineConfig({ ...config, test: { ...config.test, project: ['fast'] } } as ViteUserConfig);
