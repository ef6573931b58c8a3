import { readdirSync } from 'node:fs';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The folders of each project (docs/testing.md, "Where a test goes"). */
const FAST_FOLDERS = ['tests/unit', 'tests/integration/from-source'];
const SERVER_FOLDERS = ['tests/integration/built-server'];
const testFilesIn = (folders: string[]) => folders.map((folder) => `${folder}/**/*.test.{ts,tsx}`);

// A test file outside these folders would belong to no project and never run: refuse it.
const outsideProjects = readdirSync('tests', { recursive: true, encoding: 'utf8' })
  .map((file) => `tests/${file.replaceAll('\\', '/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && ![...FAST_FOLDERS, ...SERVER_FOLDERS].some((folder) => file.startsWith(`${folder}/`)));
if (outsideProjects.length > 0) {
  throw new Error(`Test files outside the project folders (docs/testing.md, "Where a test goes"): ${outsideProjects.join(', ')}`);
}

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
    // In CI, each failure again as one `::error` line after the summary, on standard output: the
    // default reporter writes failures to standard error, which a CI page may not show.
    reporters: process.env.CI ? ['default', 'github-actions'] : ['default'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'fast',
          include: testFilesIn(FAST_FOLDERS),
          globalSetup: [POSTGRES_SETUP],
          // The files of a worker share its loaded modules instead of importing the sources anew
          // each: the project takes about a quarter less time and CPU (docs/testing.md). A file
          // therefore leaves no global state behind (environment, mocks, timers, open servers).
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'server', include: testFilesIn(SERVER_FOLDERS), globalSetup: ['tests/support/build.setup.ts', POSTGRES_SETUP] },
      },
    ],
  },
} satisfies ViteUserConfig;

// `project` is the command line's project filter; set here it is the default a `--project` replaces.
export default defineConfig({ ...config, test: { ...config.test, project: ['fast'] } } as ViteUserConfig);
