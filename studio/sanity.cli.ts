import { fileURLToPath } from 'node:url';
import { defineCliConfig } from 'sanity/cli';

import { dataset, projectId, studioAppId, studioHostname } from './env';

/** The schemas live beside the Studio in the repository, outside this folder. */
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** Extracted schema shared by typegen and the web app (paths are relative to this folder). */
const extractedSchemaPath = '../web/sanity/schema.json';

export default defineCliConfig({
  api: { projectId, dataset },
  deployment: { appId: studioAppId, autoUpdates: false },
  // Only for the first deploy, which creates the Studio (the CLI finds it by hostname until the
  // app id is set; with both, the app id wins).
  ...(studioAppId ? {} : { studioHost: studioHostname }),
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
