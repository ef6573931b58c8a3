import { fileURLToPath } from 'node:url';
import { defineCliConfig } from 'sanity/cli';

import { dataset, projectId } from './env';

/** The schemas live beside the Studio in the repository, outside this folder. */
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

export default defineCliConfig({
  api: { projectId, dataset },
  deployment: { autoUpdates: false },
  vite: (config) => ({
    ...config,
    server: { ...config.server, fs: { ...config.server?.fs, allow: [repositoryRoot] } },
  }),
});
