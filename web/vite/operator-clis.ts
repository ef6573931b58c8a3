/**
 * Vite plugin for the server build: bundles the operator CLIs (scripts/leads.ts, scripts/staff.ts,
 * scripts/db-migrate.ts) beside the server entry as build/server/leads.js, staff.js and
 * db-migrate.js, so a production install (no devDependencies, no tsx) runs them with plain node. Emitted with fixed file names because React
 * Router names every entry of the server build after its own entry file.
 */
import type { Plugin } from 'vite';

const OPERATOR_CLIS = { 'leads.js': './scripts/leads.ts', 'staff.js': './scripts/staff.ts', 'db-migrate.js': './scripts/db-migrate.ts' };

export function bundleOperatorClis(): Plugin {
  return {
    name: 'cheonghak:operator-clis',
    apply: 'build',
    buildStart() {
      for (const [fileName, id] of Object.entries(OPERATOR_CLIS)) this.emitFile({ type: 'chunk', id, fileName });
    },
  };
}
