import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';
import { bundleOperatorClis } from './web/vite/operator-clis';
import { precompressAssets } from './web/vite/precompress';
import { linkWorkerStylesheets } from './web/vite/worker-stylesheets';

// The server bundle's entry is our own Node app (API + React Router handler), in the shape of
// React Router's node-custom-server template; server.js imports it in production.
export default defineConfig(({ isSsrBuild }) => ({
  build: isSsrBuild
    ? { rollupOptions: { input: './web/server/app.ts' } }
    : {
        rollupOptions: {
          // GROQ queries run only in loaders, which the client build drops; marked pure, the query
          // strings they leave behind are dropped too instead of shipping to every visitor.
          treeshake: { manualPureFunctions: ['defineQuery'] },
          output: {
            // V8 compiles a function the first time it runs, on the main thread: hydration spent
            // about a fifth of its time compiling React and our components. This hint has every
            // function of a chunk compiled while the file streams in, off the main thread. Not on
            // the Studio's visual-editing overlay, which a visitor never runs.
            postBanner: (chunk) => (chunk.moduleIds.some((id) => id.includes('@sanity/visual-editing')) ? '' : '//# allFunctionsCalledOnLoad'),
            codeSplitting: {
              groups: [
                // Packages (React, React Router) stay out of the shell group below: they change only
                // with an upgrade, so browsers keep them cached across our releases. The client
                // entry (a few lines) goes with them, so Rolldown makes them one entry chunk.
                { name: 'vendor', test: /node_modules|web\/app\/entry\.client/, priority: 2 },
                // The shell's small modules that route modules share with the root (the popup
                // opener and lead form, form fields, tel: links, menu helpers, the visit's campaign,
                // the tags' conversion, the preview's words) load on every page
                // anyway: one chunk instead of five saves each page the glue of four. The staff's
                // sign-in fields are not the shell's: they would bring the press room's words along.
                {
                  name: 'shell',
                  test: /web\/(app\/components\/(leads\/|form\/(?!SignInFields))|app\/components\/InterestPopupLink|app\/lib\/(phone|visit|third-party-tags)|shared\/(menu|preview|measure))/,
                  priority: 1,
                },
              ],
            },
          },
        },
      },
  ssr: {
    external: ['better-sqlite3', 'sharp'],
  },
  // The ad tags' loader and the preview overlay are bundles of their own (`?worker&url`), loaded
  // by URL as ES modules; the overlay's stylesheet is linked by its own code.
  worker: { format: 'es', plugins: () => [linkWorkerStylesheets()] },
  // The client build also writes .br/.gz copies of its text assets (served by server.js).
  // The server build also bundles the operator CLIs (build/server/leads.js, staff.js).
  plugins: [reactRouter(), ...(isSsrBuild ? [bundleOperatorClis()] : [precompressAssets()])],
}));
