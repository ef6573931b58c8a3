import { fileURLToPath } from 'node:url';
import { defineCliConfig } from 'sanity/cli';

import { dataset, projectId } from './env';

/** The schemas live beside the Studio in the repository, outside this folder. */
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** Extracted schema shared by typegen and the web app (paths are relative to this folder). */
const extractedSchemaPath = '../web/sanity/schema.json';

export default defineCliConfig({
  api: { projectId, dataset },
  deployment: { autoUpdates: false },
  schemaExtraction: { workspace: 'content', path: extractedSchemaPath },
  typegen: {
    path: '../web/**/*.{ts,tsx}',
    schema: extractedSchemaPath,
    generates: '../web/sanity/sanity.types.ts',
  },
  vite: (config) => ({
    ...config,
    server: { ...config.server, fs: { ...config.server?.fs, allow: [repositoryRoot] } },
  }),
});
