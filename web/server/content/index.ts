/**
 * Chooses the content backend from the configuration: Sanity when SANITY_PROJECT_ID is set,
 * otherwise the embedded SQLite store seeded from content/production.ndjson.
 */
import path from 'node:path';
import type { SanityConfig, ServerConfig } from '../config';
import { EMBEDDED_IMAGE_CONFIG, type ImageConfig } from '../../sanity/image';
import { openEmbeddedStore } from './embedded';
import { createSanitySource } from './sanity';
import type { ContentSource, SanityDocument } from './types';

export type ContentSources = {
  /** The public content dataset. */
  content: ContentSource;
  /** Leads: a private dataset, or (embedded) a database of their own — never the content one. */
  leads: ContentSource;
  mode: 'sanity' | 'embedded';
  imageConfig: ImageConfig;
};

const SANITY_CDN = 'https://cdn.sanity.io';

export type ContentSourceOptions = {
  /** Documents a new embedded leads database starts with (the leads module's demo visit slots). */
  leadsSeed?: () => SanityDocument[];
};

export async function createContentSources(
  config: Pick<ServerConfig, 'dataDir' | 'sanity'>,
  options: ContentSourceOptions = {},
): Promise<ContentSources> {
  const { sanity } = config;
  if (sanity) {
    const shared = { ...sanityConnection(sanity), cacheTtlMs: sanity.cacheTtlMs };
    return {
      content: createSanitySource({
        ...shared,
        dataset: sanity.dataset,
        useCdn: sanity.useCdn,
        // Published content is public: read with the Viewer token when there is one, else anonymously.
        readToken: sanity.viewerToken ?? null,
        preview: { token: sanity.viewerToken, studioUrl: sanity.studioUrl },
      }),
      // Leads are read back right after they are written: no CDN, no cache.
      leads: createSanitySource({ ...shared, dataset: sanity.leadsDataset, useCdn: false, cacheTtlMs: 0 }),
      mode: 'sanity',
      imageConfig: { projectId: sanity.projectId, dataset: sanity.dataset, baseUrl: SANITY_CDN },
    };
  }
  const content = await openEmbeddedStore({
    file: path.join(config.dataDir, 'content.sqlite'),
    seedFile: path.resolve('content/production.ndjson'),
    rootDir: process.cwd(),
  });
  try {
    const leads = await openEmbeddedStore({
      file: leadsDatabaseFile(config.dataDir),
      // Personal data: a deleted or purged lead must not stay readable in the file.
      secureDelete: true,
      seedDocuments: options.leadsSeed?.(),
    });
    return { content, leads, mode: 'embedded', imageConfig: EMBEDDED_IMAGE_CONFIG };
  } catch (error) {
    await content.close();
    throw error;
  }
}

/** The embedded leads database (read directly, in SQL, by the console's lead reads). */
export function leadsDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'leads.sqlite');
}

/**
 * The Sanity project, API version and token of a client, and its host only when one is
 * configured: a client given `apiHost: undefined` loses its default host and cannot start.
 */
export function sanityConnection(sanity: SanityConfig) {
  return {
    projectId: sanity.projectId,
    apiVersion: sanity.apiVersion,
    token: sanity.token,
    ...(sanity.apiHost ? { apiHost: sanity.apiHost, useProjectHostname: false } : {}),
  };
}
