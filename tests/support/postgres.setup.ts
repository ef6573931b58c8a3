import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stopSharedServer } from './postgres-server';

/**
 * Vitest global setup: an empty state directory for the shared test PostgreSQL server, which the
 * first test file that needs it starts (./postgres.ts), and its stop at the end of the run.
 */
export default function setup(project: TestProject): () => void {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'cheonghak-postgres-'));
  project.provide('postgresStateDir', stateDir);
  return () => stopSharedServer(stateDir);
}
