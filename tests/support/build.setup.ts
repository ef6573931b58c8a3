import { ensureFreshBuild } from './built-server';

/** Vitest global setup: one build before the test files that start the built server run. */
export default function setup(): void {
  ensureFreshBuild();
}
