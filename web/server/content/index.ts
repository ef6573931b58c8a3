/**
 * Chooses the content backend from the environment: Sanity when SANITY_PROJECT_ID is set,
 * otherwise the embedded SQLite store seeded from content/production.ndjson.
 */
import path from 'node:path';
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
  env: NodeJS.ProcessEnv = process.env,
  options: ContentSourceOptions = {},
): Promise<ContentSources> {
  const projectId = env.SANITY_PROJECT_ID;
  if (projectId) {
    const dataset = env.SANITY_DATASET || 'production';
    const leadsDataset = leadsDatasetOf(env);
    // A public dataset can be read by anyone: leads in it would be published.
    if (leadsDataset === dataset) {
      throw new Error(`SANITY_LEADS_DATASET must name a private dataset other than the content dataset "${dataset}"`);
    }
    const shared = { ...sanityConnection(env), cacheTtlMs: cacheTtlFrom(env.CONTENT_CACHE_TTL_MS) };
    return {
      content: createSanitySource({ ...shared, dataset, useCdn: env.SANITY_USE_CDN !== 'false' }),
      // Leads are read back right after they are written: no CDN, no cache.
      leads: createSanitySource({ ...shared, dataset: leadsDataset, useCdn: false, cacheTtlMs: 0 }),
      mode: 'sanity',
      imageConfig: { projectId, dataset, baseUrl: SANITY_CDN },
    };
  }
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const content = await openEmbeddedStore({
    file: path.join(dataDir, 'content.sqlite'),
    seedFile: path.resolve('content/production.ndjson'),
    rootDir: process.cwd(),
  });
  try {
    const leads = await openEmbeddedStore({
      file: path.join(dataDir, 'leads.sqlite'),
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

/** The Sanity project, API version, token and host from the environment (SANITY_PROJECT_ID set). */
export function sanityConnection(env: NodeJS.ProcessEnv) {
  return {
    projectId: env.SANITY_PROJECT_ID ?? '',
    apiVersion: env.SANITY_API_VERSION || '2025-02-19',
    token: env.SANITY_API_TOKEN || undefined,
    apiHost: env.SANITY_API_HOST || undefined,
  };
}

/** The private dataset of leads and visit slots. */
export function leadsDatasetOf(env: NodeJS.ProcessEnv): string {
  return env.SANITY_LEADS_DATASET || 'leads';
}

function cacheTtlFrom(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const milliseconds = Number(value);
  if (!Number.isFinite(milliseconds) || milliseconds < 0) {
    throw new Error(`CONTENT_CACHE_TTL_MS must be a number of milliseconds, got "${value}"`);
  }
  return milliseconds;
}
