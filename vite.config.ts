import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundleOperatorClis } from './web/vite/operator-clis';
import { precompressAssets } from './web/vite/precompress';

// The server bundle's entry is our own Node app (API + React Router handler), in the shape of
// React Router's node-custom-server template; server.js imports it in production.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild ? { rollupOptions: { input: './web/server/app.ts' } } : undefined,
  ssr: {
    external: ['better-sqlite3', 'sharp'],
  },
  // The client build also writes .br/.gz copies of its text assets (served by server.js).
  // The server build also bundles the operator CLIs (build/server/leads.js, admin.js).
  plugins: [reactRouter(), ...(isSsrBuild ? [bundleOperatorClis()] : [precompressAssets()])],
}));
